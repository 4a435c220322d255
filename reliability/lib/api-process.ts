import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { freePort } from "../../api/src/test/redis.ts";
import { serverCommand } from "../../scripts/server-command.mjs";
import { sleep } from "./report.ts";
import { REPO } from "./web-operations.ts";

/**
 * The API as its own process (the api/dist bundle, as `npm start` runs it after the build), for checks that need a real
 * process: its memory from /proc, its survival, load shedding without a test runner sharing its event loop.
 */
export interface ApiProcess {
  url: string;
  child: ChildProcess;
  /** Resident set size in bytes, from /proc/<pid>/status. */
  rss(): number;
  alive(): boolean;
  /** Everything it wrote to stdout and stderr so far (the last megabyte). */
  output(): string;
  stop(): Promise<void>;
}

export async function startApiProcess(env: Record<string, string | undefined>): Promise<ApiProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const command = serverCommand("api");
  const child = spawn(process.execPath, command.args, {
    cwd: REPO,
    env: {
      ...command.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: url,
      SEED_DEMO: "false",
      // Production refuses to start on the test stand-ins unless they are chosen: here they are.
      PAYSTACK_SANDBOX: "true",
      MAIL_OUTBOX: "true",
      LOG_LEVEL: "warn",
      DOTENV_CONFIG_PATH: "/nonexistent",
      // Every client of the suite comes from 127.0.0.1 (the load checks open 1,000 connections); checks of the cap set it.
      MAX_CONNECTIONS_PER_ADDRESS: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // What it printed (its start-up lines and its JSON log), the last megabyte at most.
  let output = "";
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on("data", (chunk: Buffer) => {
      output = (output + chunk.toString("utf8")).slice(-1_000_000);
      if (process.env.RELIABILITY_VERBOSE) process.stderr.write(chunk);
    });
  }
  const alive = () => child.exitCode === null && child.signalCode === null;
  for (let i = 0; i < 600; i++) {
    if (!alive()) throw new Error(`the API process exited during start-up (${child.exitCode ?? child.signalCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  return {
    url,
    child,
    alive,
    output: () => output,
    rss() {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      const kib = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
      return kib * 1024;
    },
    async stop() {
      if (!alive()) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
