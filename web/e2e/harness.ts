import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll } from "vitest";
import { freePort } from "#testing/ports.ts";
import { startApiProcess } from "#testing/server.ts";
import { ROOT as repoRoot } from "../../api/src/paths.ts";
import { SANDBOX_SECRET_FILE } from "../../api/src/paystack/sandbox/secret.ts";

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
  /**
   * A call to the built-in Paystack sandbox's test controls (`/__controls`, `/__simulate/{reference}/complete`, ...;
   * docs/payments.md, The sandbox) with this installation's sandbox key: POST with `body`, GET without.
   */
  sandboxControl(path: string, body?: unknown): Promise<{ status: number; body: any }>;
}

function assertBuilt() {
  for (const site of ["admin", "learner"]) {
    if (!existsSync(join(repoRoot, "web", "dist", site, "index.html"))) {
      throw new Error(`web/dist/${site}/index.html is missing: the browser tests run the built app. Run \`npm run build\` first.`);
    }
  }
}

interface RunningServer {
  port: number;
  /** The installation's data directory (where the sandbox keeps its key). */
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts `api/src/main.ts` on a free port with a fresh data directory and the demo data. Settings a developer's
 * environment or .env may hold (database, Redis, SMTP, Paystack) are blanked (testing/server.ts), so every run gets
 * the embedded defaults and the same seeded data.
 */
async function startServer(): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "learnhub-e2e-"));
  try {
    const api = await startApiProcess(
      {
        // Not "test" (inherited from vitest) nor production: development keeps the dev mailbox, where tests read OTP codes.
        NODE_ENV: "development",
        DATA_DIR: dataDir,
        PUBLIC_URL: `http://localhost:${port}`,
        SEED_DEMO: "true",
        // The per-address connection cap as a user gets it.
        MAX_CONNECTIONS_PER_ADDRESS: undefined,
      },
      { from: "bundle", port },
    );
    return {
      port,
      dataDir,
      async stop() {
        await api.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
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
    async sandboxControl(path, body) {
      if (!server) throw new Error("The harness is not started.");
      const key = readFileSync(join(server.dataDir, SANDBOX_SECRET_FILE), "utf8").trim();
      const response = await fetch(`${origin("localhost")}/paystack-sandbox${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
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
