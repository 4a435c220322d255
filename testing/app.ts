import { type Env, loadConfig } from "../api/src/config.ts";
import type { InProcessQueue } from "../api/src/jobs/in-process.ts";
import { createLogger, type Logger } from "../api/src/logger.ts";
import { buildServer } from "../api/src/server.ts";
import { createServices, type Services } from "../api/src/services.ts";
import { testDatabaseUrl } from "./database.ts";
import { rawRequest } from "./http.ts";

/**
 * The in-process test app: a real server on a random loopback port, backed by a fresh database: in-memory PGlite by default, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL (CI runs the suite both ways).
 */
export interface TestApp {
  services: Services;
  url: string;
  /** Records every SQL statement Prisma sends, for statement-count assertions. */
  queries: string[];
  /** `host` sets the Host header; `localAddress` (127.0.0.x) makes the request come from another client address. */
  fetch(path: string, init?: RequestInit & { host?: string; localAddress?: string }): Promise<Response>;
  graphql<T = any>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string,
  ): Promise<{ data?: T; errors?: { message: string }[] }>;
  /** The server's log entries, when started with `{ logs: true }` (at LOG_LEVEL, "info" unless given). */
  logs: Record<string, unknown>[];
  /** Waits until every in-process job has finished (in-process queue only). */
  settleJobs(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestApp(
  env: Partial<Env> = {},
  options: {
    webDist?: string /** Keep what the server logs in `logs`. */;
    logs?: boolean /** Default: pino on stdout at TEST_LOG_LEVEL. */;
    logger?: Logger;
  } = {},
): Promise<TestApp> {
  const database = await testDatabaseUrl();
  const queries: string[] = [];
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: ":memory:",
    SEED_DEMO: "false",
    LOG_LEVEL: options.logs ? "info" : (process.env.TEST_LOG_LEVEL ?? "silent"),
    PORT: "0",
    // Tests share one process with several servers starting at once; load shedding would refuse their requests.
    OVERLOAD_EVENT_LOOP_DELAY_MS: "0",
    OVERLOAD_MAX_IN_FLIGHT: "0",
    // Every test client comes from 127.0.0.1, many of them at once.
    MAX_CONNECTIONS_PER_ADDRESS: "0",
    HOST: "127.0.0.1",
    DATABASE_URL: database?.url,
    // A test app in production mode still takes test payments and keeps its mail (both chosen on purpose here).
    PAYSTACK_SANDBOX: "true",
    MAIL_OUTBOX: "true",
    ...env,
  } as Record<string, string>);
  const logs: Record<string, unknown>[] = [];
  const logger =
    options.logger ??
    createLogger(config.logLevel, "api", options.logs ? { write: (line: string) => void logs.push(JSON.parse(line)) } : undefined);
  const services = await createServices(config, logger, {
    role: "api",
    retry: { attempts: 3, backoffMs: 20 },
    // Tests dispatch explicitly (settleJobs) so that nothing races them.
    sweeper: false,
    onQuery: (sql) => queries.push(sql),
  });
  const { app } = await buildServer(services, { webDist: options.webDist });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  // Links in mails and the payment callback point at this server's real address.
  services.config.publicUrl = url;
  if (services.config.paystack.sandbox) services.config.paystack.baseUrl = `${url}/paystack-sandbox`;

  const doFetch: TestApp["fetch"] = (path, init = {}) => {
    // fetch() may not set Host or the local address, so such requests go through node:http.
    return init.host || init.localAddress ? rawRequest(`${url}${path}`, init) : fetch(`${url}${path}`, init);
  };

  return {
    services,
    url,
    queries,
    logs,
    fetch: doFetch,
    async graphql(query, variables, token) {
      const res = await doFetch("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      return res.json() as never;
    },
    async settleJobs() {
      await services.jobs.dispatchPending();
      if (services.queue.kind === "in-process") await (services.queue as InProcessQueue).idle();
    },
    async close() {
      // A teardown once hung past vitest's 60 s hook timeout in CI (all tests of the file had passed): a step that is
      // still closing after 10 s says which one it is, and the HTTP server then drops its connections rather than
      // waiting on a client that keeps one busy.
      await closeStep(
        "HTTP server",
        () => app.close(),
        () => app.server.closeAllConnections(),
      );
      await closeStep("services", () => services.close());
      await closeStep("test database", async () => database?.drop());
    },
  };
}

/** Runs one teardown step; still running after 10 s, it is named on stderr and `whenSlow` runs (once). */
async function closeStep(name: string, step: () => Promise<unknown>, whenSlow?: () => void) {
  const timer = setTimeout(() => {
    process.stderr.write(`test app: "${name}" is still closing after 10 s\n`);
    whenSlow?.();
  }, 10_000);
  try {
    await step();
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The log entries an app (started with `{ logs: true }`) wrote while `run` ran, the lines written as its answers ended
 * included: every entry, not only those carrying a request id (a logger without the request's bindings writes none).
 * Calls must not overlap with other requests to the same app.
 */
export async function logsWhile<T>(app: TestApp, run: () => Promise<T>): Promise<{ result: T; entries: Record<string, unknown>[] }> {
  const from = app.logs.length;
  const result = await run();
  // The completion line is written as the answer ends; give it a tick.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return { result, entries: app.logs.slice(from) };
}

export interface RestAnswer<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/**
 * Calls the REST facade; a plain object body is sent as JSON, anything else (FormData, string) as is. `from` is the
 * client address (another loopback address, e.g. 127.0.0.2; string bodies only with it).
 */
export async function rest<T = any>(
  app: TestApp,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; from?: string } = {},
): Promise<RestAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || typeof options.body === "string" || options.body instanceof Uint8Array) {
    body = options.body as BodyInit;
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const res = await app.fetch(path, { method, headers, body, localAddress: options.from });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON; keep the text.
  }
  return { status: res.status, headers: res.headers, body: parsed as T };
}
