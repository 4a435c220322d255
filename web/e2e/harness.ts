import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll } from "vitest";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const screenshotDir = join(repoRoot, "test-results", "screenshots");

/** What a browser test gets: the two sites of a freshly started server, and pages in a headless Chromium. */
export interface Harness {
  /** `http://localhost:<port><path>`: the learner site. */
  learnerUrl(path?: string): string;
  /** `http://admin.localhost:<port><path>`: the admin console (Chromium resolves *.localhost to loopback). */
  adminUrl(path?: string): string;
  /** A page in its own browser context (fresh local storage), `width` x `height` CSS pixels (1440 x 900 by default). */
  newPage(viewport?: { width?: number; height?: number }): Promise<Page>;
  /** Console errors and uncaught exceptions from the pages of the running test; a test expects none. */
  consoleErrors(): string[];
}

function assertBuilt() {
  for (const site of ["admin", "learner"]) {
    if (!existsSync(join(repoRoot, "web", "dist", site, "index.html"))) {
      throw new Error(`web/dist/${site}/index.html is missing: the browser tests run the built app. Run \`npm run build\` first.`);
    }
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

interface RunningServer {
  port: number;
  stop(): Promise<void>;
}

/**
 * Starts `api/src/main.ts` on a free port with a fresh data directory and the demo data. Settings a developer's
 * environment or .env may hold (database, Redis, SMTP, Paystack) are blanked, which the server reads as "unset",
 * so every run gets the embedded defaults and the same seeded data.
 */
async function startServer(): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "learnhub-e2e-"));
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "api/src/main.ts"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      // Not "test" (inherited from vitest): development keeps the dev mailbox, where tests can read OTP codes.
      NODE_ENV: "development",
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      REDIS_URL: "",
      SMTP_URL: "",
      PAYSTACK_SECRET_KEY: "",
      PAYSTACK_BASE_URL: "",
      PAYSTACK_SANDBOX: "",
      MAIL_OUTBOX: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));

  const deadline = Date.now() + 120_000;
  for (;;) {
    const exit = await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 250, "waiting"))]);
    if (exit !== "waiting") throw new Error(`The server exited (code ${exit}) before it was ready:\n${output}`);
    const healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The server did not answer /healthz within 120 s:\n${output}`);
    }
  }

  return {
    port,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/**
 * Call once at the top of a test file: starts the server and Chromium before its tests and stops them after. After
 * each test, every page it opened is saved as `test-results/screenshots/<test name>[-n].png` and closed.
 */
export function setupHarness(): Harness {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  let pages: Page[] = [];
  let errors: string[] = [];

  beforeAll(async () => {
    assertBuilt();
    server = await startServer();
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--headless",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-quic",
        "--no-first-run",
        "--disable-sync",
      ],
    });
  });

  afterEach(async (context) => {
    mkdirSync(screenshotDir, { recursive: true });
    const name = slug(context.task.name);
    for (const [i, page] of pages.entries()) {
      if (!page.isClosed())
        await page.screenshot({ path: join(screenshotDir, `${name}${i === 0 ? "" : `-${i + 1}`}.png`), fullPage: true });
    }
    await Promise.all(contexts.map((c) => c.close()));
    contexts = [];
    pages = [];
    errors = [];
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const origin = (host: string) => {
    if (!server) throw new Error("The harness is not started: call the URL helpers inside tests.");
    return `http://${host}:${server.port}`;
  };

  return {
    learnerUrl: (path = "/") => `${origin("localhost")}${path}`,
    adminUrl: (path = "/") => `${origin("admin.localhost")}${path}`,
    async newPage({ width = 1440, height = 900 } = {}) {
      if (!browser) throw new Error("The harness is not started.");
      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        // An address outside the site's pages answers 404 with the app's Not found page (docs/ARCHITECTURE.md): Chromium
        // logs that status of the page itself as an error. A 404 of anything the page loads still counts.
        const pageItself = message.location().url === page.url() && /status of 404/.test(message.text());
        if (!pageItself) errors.push(`${page.url()}: ${message.text()}`);
      });
      page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
      contexts.push(context);
      pages.push(page);
      return page;
    },
    consoleErrors: () => [...errors],
  };
}
