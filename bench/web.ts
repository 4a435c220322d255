/**
 * Web: the production build, the initial JavaScript each site loads (entry + modulepreloads, gzip), and Lighthouse
 * (desktop preset, system Chromium) on five pages served by the real server on the embedded database.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { chromium } from "playwright-core";
import { freePort } from "#testing/ports.ts";
import { EMBEDDED_ENV, waitHealthy } from "#testing/server.ts";
import { ROOT } from "../api/src/paths.ts";
import { DEMO_ADMIN } from "../api/src/seed/demo.ts";
import { prepareData } from "./load.ts";
import { log, median, onCleanup, startChild, tempDir } from "./proc.ts";

export interface BundleSize {
  site: "learner" | "admin";
  files: { file: string; bytes: number; gzipBytes: number }[];
  gzipBytes: number;
  bytes: number;
}

export interface PageScore {
  name: string;
  url: string;
  performance: number | null;
  accessibility: number | null;
  cls: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  error: string | null;
  /** Lighthouse runs the medians are taken over. */
  runs?: number;
}

export interface WebResult {
  buildSeconds: number;
  buildError: string | null;
  bundles: BundleSize[];
  /** The JS a lazy route loads when it opens (the course player, the lesson editor), gzip: not in the initial JS. */
  routes?: RouteJs[];
  lighthouse: PageScore[];
  lighthouseError: string | null;
  /** What the server sends for the framework chunk when a browser asks for gzip. */
  assetEncoding: string | null;
  notes: string[];
}

/**
 * `npm run build:web`, into a folder of the bench's own (see bench/serve.ts). Not `npm run build`: that also bundles
 * the server after the web app, and the `--outDir` arguments would go to the server's build, not to Vite.
 */
function build(outDir: string): { seconds: number; error: string | null } {
  const started = performance.now();
  const result = spawnSync("npm", ["run", "build:web", "--silent", "--", "--outDir", outDir, "--emptyOutDir"], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 300_000,
  });
  const seconds = (performance.now() - started) / 1000;
  return { seconds, error: result.status === 0 ? null : `exit ${result.status}: ${(result.stderr || result.stdout).slice(-1500)}` };
}

/** The entry script and its modulepreload links, as the index page names them, gzipped one by one. */
export function initialJs(distDir: string, site: "learner" | "admin"): BundleSize {
  const html = readFileSync(join(distDir, site, "index.html"), "utf8");
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)) urls.add(m[1] as string);
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)) urls.add(m[1] as string);
  const files = [...urls].map((url) => {
    const bytes = readFileSync(join(distDir, url.replace(/^\//, "")));
    return { file: url, bytes: bytes.length, gzipBytes: gzipSync(bytes).length };
  });
  return {
    site,
    files,
    gzipBytes: files.reduce((s, f) => s + f.gzipBytes, 0),
    bytes: files.reduce((s, f) => s + f.bytes, 0),
  };
}

export interface RouteJs {
  route: string;
  /** The route's own chunks (the page module's, named after it by the build), gzipped one by one. */
  files: { file: string; bytes: number; gzipBytes: number }[];
  gzipBytes: number;
  /** Whether the initial JS (entry + modulepreloads) of its site names none of them: the route loads with itself. */
  lazy: boolean;
}

/** A lazy route's own JS: the chunks whose names start with the page module's name (e.g. LessonPlayerPage-xxxx.js). */
export function routeJs(distDir: string, site: "learner" | "admin", page: string): RouteJs {
  const assets = join(distDir, "assets");
  const files = readdirSync(assets)
    .filter((name) => name.startsWith(`${page}-`) && name.endsWith(".js"))
    .map((name) => {
      const bytes = readFileSync(join(assets, name));
      return { file: `/assets/${name}`, bytes: bytes.length, gzipBytes: gzipSync(bytes).length };
    });
  const initial = new Set(initialJs(distDir, site).files.map((f) => f.file));
  return {
    route: `${site} ${page}`,
    files,
    gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
    lazy: files.length > 0 && files.every((f) => !initial.has(f.file)),
  };
}

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-quic",
  "--no-first-run",
  "--disable-sync",
];

/** One Lighthouse run; the first of a page also audits accessibility and notes what failed and what shifted. */
async function audit(port: number, p: { name: string; url: string }, notes: string[], first: boolean): Promise<PageScore> {
  try {
    const result = await lighthouse(
      p.url,
      {
        port,
        output: "json",
        logLevel: "error",
        onlyCategories: first ? ["performance", "accessibility"] : ["performance"],
        disableStorageReset: true,
      },
      desktopConfig,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error("Lighthouse returned no result");
    const score = (id: string) => {
      const s = lhr.categories[id]?.score;
      return typeof s === "number" ? Math.round(s * 100) : null;
    };
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? null;
    const error = lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null;
    if (!error && first) {
      const finalUrl = lhr.finalDisplayedUrl;
      if (finalUrl && new URL(finalUrl).pathname !== new URL(p.url).pathname) notes.push(`lighthouse ${p.name}: ended on ${finalUrl}`);
      // Failed accessibility audits and the elements that shift, so a figure below budget says what to fix.
      const failed = (lhr.categories.accessibility?.auditRefs ?? [])
        .map((ref) => lhr.audits[ref.id])
        .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
        .map((a) => a?.id);
      if (failed.length) notes.push(`lighthouse ${p.name}: failed accessibility audits: ${failed.join(", ")}`);
      const cls = numeric("cumulative-layout-shift");
      if (cls !== null && cls > 0.05) {
        const details = lhr.audits["layout-shifts"]?.details as
          | { items?: { score?: number; node?: { selector?: string; snippet?: string } }[] }
          | undefined;
        const items = (details?.items ?? [])
          .slice(0, 3)
          .map((i) => `${(i.score ?? 0).toFixed(3)} ${i.node?.selector ?? "?"} ${i.node?.snippet?.slice(0, 80) ?? ""}`);
        notes.push(`lighthouse ${p.name}: CLS ${cls.toFixed(3)}; shifts: ${items.join("; ") || "(no element details)"}`);
      }
    }
    return {
      ...p,
      performance: score("performance"),
      accessibility: score("accessibility"),
      cls: numeric("cumulative-layout-shift"),
      lcpMs: numeric("largest-contentful-paint"),
      tbtMs: numeric("total-blocking-time"),
      error,
    };
  } catch (error) {
    return { ...p, performance: null, accessibility: null, cls: null, lcpMs: null, tbtMs: null, error: (error as Error).message };
  }
}

/** Medians of a page's runs (accessibility is the first run's: it does not vary). */
function combine(runs: PageScore[]): PageScore {
  const first = runs[0] as PageScore;
  const mid = (pick: (s: PageScore) => number | null) => {
    const values = runs.map(pick).filter((v): v is number => v !== null);
    return values.length ? median(values) : null;
  };
  return {
    ...first,
    runs: runs.length,
    performance: mid((s) => s.performance),
    cls: mid((s) => s.cls),
    lcpMs: mid((s) => s.lcpMs),
    tbtMs: mid((s) => s.tbtMs),
  };
}

async function runLighthouse(
  distDir: string,
  notes: string[],
  runs: number,
): Promise<{ pages: PageScore[]; assetEncoding: string | null }> {
  // The real server on the embedded database with demo data grown to 1,000 rows a table, serving this build.
  const data = await prepareData("pglite", 1000);
  const port = await freePort();
  const server = startChild(process.execPath, ["--import", "tsx", "bench/serve.ts"], {
    ...EMBEDDED_ENV,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: data.dataDir,
    SEED_DEMO: "true",
    BENCH_WEB_DIST: distDir,
  });
  await waitHealthy(`http://127.0.0.1:${port}/readyz`, server);
  const learner = `http://localhost:${port}`;
  const admin = `http://admin.localhost:${port}`;

  // Assets as a browser gets them: is the 160 kB-gzip framework chunk sent compressed?
  const html = readFileSync(join(distDir, "learner", "index.html"), "utf8");
  const framework = /href="(\/assets\/framework-[^"]+\.js)"/.exec(html)?.[1];
  let assetEncoding: string | null = null;
  if (framework) {
    const res = await fetch(`http://127.0.0.1:${port}${framework}`, { headers: { "accept-encoding": "gzip, br" } });
    assetEncoding = `${framework}: content-encoding ${res.headers.get("content-encoding") ?? "none"}, cache-control ${res.headers.get("cache-control") ?? "none"}`;
    await res.arrayBuffer();
  }

  // Admin pages need a session in localStorage: log in over REST, then write `token`/`user` into the admin origin
  // with playwright-core connected to the same Chromium that Lighthouse drives (storage reset is off for the runs).
  const login = await fetch(`${learner}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(DEMO_ADMIN),
  });
  const session = (await login.json()) as { token?: string; user?: unknown };
  if (!session.token) throw new Error(`admin login failed: ${JSON.stringify(session)}`);

  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: CHROME_FLAGS,
    userDataDir: tempDir("chrome"),
    logLevel: "silent",
  });
  const stopChrome = onCleanup(async () => {
    chrome.kill();
  });
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = browser.contexts()[0];
    if (!context) throw new Error("no default browser context");
    const page = await context.newPage();
    await page.goto(`${admin}/`);
    await page.evaluate(
      ({ token, user }) => {
        localStorage.setItem("token", token);
        localStorage.setItem("user", JSON.stringify(user));
      },
      { token: session.token, user: session.user },
    );
    await page.close();

    const pages: { name: string; url: string }[] = [
      { name: "learner home", url: `${learner}/` },
      { name: "catalogue", url: `${learner}/learner-tracks` },
      { name: "track details", url: `${learner}/learner-track-details/${data.ctx.trackId}` },
      { name: "admin dashboard", url: `${admin}/dashboard` },
      { name: "admin invoices", url: `${admin}/invoice` },
    ];
    // What each page asks the API and whether it got errors: a page measured while its query fails is not measured.
    for (const p of pages) {
      const check = await context.newPage();
      const problems: string[] = [];
      check.on("response", async (response) => {
        if (!response.url().endsWith("/graphql")) return;
        const text = await response.text().catch(() => "");
        if (response.status() >= 400 || text.includes('"errors"')) problems.push(`${response.status()} ${text.slice(0, 160)}`);
      });
      check.on("pageerror", (error) => problems.push(`page error: ${error.message.slice(0, 160)}`));
      await check.goto(p.url, { waitUntil: "networkidle" }).catch((error: Error) => problems.push(error.message));
      if (new URL(check.url()).pathname !== new URL(p.url).pathname) problems.push(`redirected to ${check.url()}`);
      if (problems.length) notes.push(`${p.name}: ${problems.join(" | ")}`);
      await check.close();
    }

    // Lighthouse alone on the browser from here on.
    await browser.close().catch(() => undefined);

    const scores: PageScore[] = [];
    for (const p of pages) {
      log(`web: lighthouse ${p.name} (${runs} runs)`);
      const done: PageScore[] = [];
      let failure: PageScore | null = null;
      for (let run = 0; run < runs; run++) {
        // Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP) on a busy machine: try again.
        let score: PageScore | null = null;
        for (let attempt = 0; attempt < 3 && (!score || score.error); attempt++)
          score = await audit(chrome.port, p, notes, done.length === 0);
        if (score && !score.error) done.push(score);
        else failure = score;
      }
      scores.push(done.length ? combine(done) : (failure as PageScore));
    }
    return { pages: scores, assetEncoding };
  } finally {
    await stopChrome();
    await server.stop();
  }
}

export async function runWeb(options: { lighthouse: boolean; lighthouseRuns: number }): Promise<WebResult> {
  const notes: string[] = [];
  const distDir = tempDir("web-dist");
  log("web: npm run build:web");
  const built = build(distDir);
  const result: WebResult = {
    buildSeconds: built.seconds,
    buildError: built.error,
    bundles: [],
    lighthouse: [],
    lighthouseError: null,
    assetEncoding: null,
    notes,
  };
  if (built.error) return result;
  result.bundles = [initialJs(distDir, "learner"), initialJs(distDir, "admin")];
  result.routes = [routeJs(distDir, "learner", "LessonPlayerPage"), routeJs(distDir, "admin", "CourseLessonsPage")];
  if (!options.lighthouse) {
    result.lighthouseError = "skipped (BENCH_SKIP)";
    return result;
  }
  try {
    const lh = await runLighthouse(distDir, notes, options.lighthouseRuns);
    result.lighthouse = lh.pages;
    result.assetEncoding = lh.assetEncoding;
  } catch (error) {
    result.lighthouseError = (error as Error).message;
  }
  return result;
}
