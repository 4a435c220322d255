import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { type Env, loadConfig } from "../api/src/config.ts";
import { buildServer } from "../api/src/http/server.ts";
import type { InProcessQueue } from "../api/src/jobs/in-process.ts";
import { createLogger, type Logger } from "../api/src/logger.ts";
import { ROOT } from "../api/src/paths.ts";
import { createServices, type Services } from "../api/src/services.ts";
import { serverCommand } from "../scripts/server-command.mjs";
import { testDatabaseUrl } from "./database.ts";
import { rawRequest } from "./http.ts";
import { freePort } from "./ports.ts";

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
      await app.close();
      await services.close();
      await database?.drop();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The API and worker as processes, and any other child process a test or the bench runs.

/** Blanks what a developer's shell or .env may set, so a server gets the embedded defaults (on purpose also in production mode). */
export const EMBEDDED_ENV = {
  DATABASE_URL: "",
  REDIS_URL: "",
  SMTP_URL: "",
  PAYSTACK_SECRET_KEY: "",
  PAYSTACK_BASE_URL: "",
  PAYSTACK_SANDBOX: "true",
  MAIL_OUTBOX: "true",
  QUEUE_PREFIX: "",
};

export interface Child {
  process: ChildProcess;
  pid: number;
  alive(): boolean;
  /** What it printed to stdout and stderr, the last megabyte at most. */
  output(): string;
  /** What it printed since `outputMark()` returned `mark` (as far as the bounded buffer still holds it). */
  outputSince(mark: number): string;
  outputMark(): number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resident set size in bytes (/proc/<pid>/status), NaN when it is gone. */
  rss(): number;
  /** SIGTERM (to the whole group when started with `group`), SIGKILL after `graceMs`. */
  stop(): Promise<void>;
}

/**
 * Starts a child process with the environment of this one plus `env`, in the repository root, its output kept (and
 * echoed to stderr with RELIABILITY_VERBOSE). `group` starts it in its own process group, so that what it starts (npm
 * start -> scripts/start.mjs -> the API) stops with it.
 */
export function startChild(
  command: string,
  args: string[],
  env: Record<string, string | undefined> = {},
  options: { cwd?: string; group?: boolean; graceMs?: number } = {},
): Child {
  const child = spawn(command, args, {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: options.group ?? false,
  });
  let output = "";
  let total = 0;
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on("data", (chunk: Buffer) => {
      const text = chunk.toString("utf8");
      total += text.length;
      output += text;
      if (output.length > 2_000_000) output = output.slice(-1_000_000);
      if (process.env.RELIABILITY_VERBOSE) process.stderr.write(chunk);
    });
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const pid = child.pid as number;
  const alive = () => child.exitCode === null && child.signalCode === null;
  const signal = (sig: NodeJS.Signals) => {
    try {
      if (options.group) process.kill(-pid, sig);
      else child.kill(sig);
    } catch {
      // already gone
    }
  };
  return {
    process: child,
    pid,
    alive,
    output: () => output,
    outputMark: () => total,
    outputSince: (mark) => output.slice(Math.max(0, output.length - (total - mark))),
    exited,
    rss() {
      try {
        return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? Number.NaN) * 1024;
      } catch {
        return Number.NaN;
      }
    },
    async stop() {
      if (alive()) {
        signal("SIGTERM");
        const timer = setTimeout(() => signal("SIGKILL"), options.graceMs ?? 15_000);
        await exited;
        clearTimeout(timer);
      }
      // Anything the group left behind.
      if (options.group) signal("SIGKILL");
    },
  };
}

/** Polls `url` until it answers 2xx; fails when the process exits first or after `timeoutMs`. Returns the ms it took. */
export async function waitHealthy(url: string, child: Child, timeoutMs = 120_000, intervalMs = 50): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (!child.alive())
      throw new Error(`the process exited (${child.process.exitCode ?? child.process.signalCode}):\n${child.output().slice(-3000)}`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return performance.now() - started;
    if (performance.now() - started > timeoutMs)
      throw new Error(`${url} did not answer within ${timeoutMs / 1000} s:\n${child.output().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * How a server process is run: "bundle" is the api/dist or worker/dist bundle as `npm start` and `npm run worker` run
 * it (scripts/server-command.mjs; build it first), "source" the TypeScript through tsx.
 */
export type ServerFrom = "bundle" | "source";

function serverArgs(role: "api" | "worker", from: ServerFrom, env: Record<string, string | undefined>) {
  if (from === "source") return { args: ["--import", "tsx", `${role}/src/main.ts`], env };
  const command = serverCommand(role, { ...process.env, ...env });
  return { args: command.args, env: command.env };
}

export interface ApiProcess extends Child {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Kept from the reliability suite's name: the node child process itself. */
  child: ChildProcess;
}

/**
 * The API as its own process, on a free port (or `options.port`) of 127.0.0.1, started once /healthz answers. By default
 * production mode on the test stand-ins (Paystack sandbox, mail outbox), no demo data, nothing from a developer's .env,
 * warnings only, and no per-address connection cap (every test client comes from 127.0.0.1; checks of the cap set it);
 * `env` overrides any of it.
 */
export async function startApiProcess(
  env: Record<string, string | undefined> = {},
  options: { from?: ServerFrom; port?: number; group?: boolean; timeoutMs?: number } = {},
): Promise<ApiProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const command = serverArgs("api", options.from ?? "bundle", {
    ...EMBEDDED_ENV,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: url,
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
    DOTENV_CONFIG_PATH: "/nonexistent",
    MAX_CONNECTIONS_PER_ADDRESS: "0",
    ...env,
  });
  const child = startChild(process.execPath, command.args, command.env, { group: options.group, graceMs: 30_000 });
  try {
    await waitHealthy(`${url}/healthz`, child, options.timeoutMs ?? 120_000, 100);
  } catch (error) {
    await child.stop();
    throw new Error(`the API process did not start: ${(error as Error).message}`);
  }
  return { ...child, child: child.process, url, port };
}

/**
 * A worker process (test mode, warnings only, nothing from a developer's .env; `env` overrides), as `npm run worker`
 * starts it. Its output only with RELIABILITY_VERBOSE=1 (connection errors while Redis is killed on purpose).
 */
export function startWorkerProcess(env: Record<string, string | undefined>, options: { from?: ServerFrom } = {}): ChildProcess {
  const command = serverArgs("worker", options.from ?? "bundle", {
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    DOTENV_CONFIG_PATH: "/nonexistent",
    ...env,
  });
  return startChild(process.execPath, command.args, command.env).process;
}

export function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
}

/** SIGKILLs every child still running and empties the list. */
export async function killAll(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.splice(0).map(async (child) => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited(child);
    }),
  );
}
