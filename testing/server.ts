/**
 * The API and worker as processes, and any other child process a test or the bench runs (the in-process test app is
 * testing/app.ts). Nothing here loads the API's code, so the browser tests' runner can use it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { ROOT } from "../api/src/paths.ts";
import { serverCommand } from "../scripts/server-command.mjs";
import type { TestApp } from "./app.ts";
import { freePort } from "./ports.ts";

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

/**
 * The environment of a worker process serving a running test app: the app's database and public URL, the given Redis
 * and queue prefix, the app's Paystack sandbox as Paystack, and a 2-second job lock so a stalled job is found fast.
 */
export function workerEnvFor(app: TestApp, redisUrl: string, queuePrefix: string): Record<string, string | undefined> {
  return {
    DATABASE_URL: app.services.config.databaseUrl,
    REDIS_URL: redisUrl,
    QUEUE_PREFIX: queuePrefix,
    PUBLIC_URL: app.url,
    PAYSTACK_BASE_URL: `${app.url}/paystack-sandbox`,
    // The test app's sandbox has its own random secret; the worker is its Paystack client.
    PAYSTACK_SECRET_KEY: app.services.config.paystack.secretKey,
    WORKER_LOCK_MS: "2000",
  };
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
