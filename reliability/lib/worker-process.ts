import { type ChildProcess, spawn } from "node:child_process";
import { serverCommand } from "../../scripts/server-command.mjs";
import { REPO } from "./web-operations.ts";

/** A real worker process (the worker/dist bundle the global setup builds), as `npm run worker` starts it. */
export function startWorkerProcess(env: Record<string, string | undefined>): ChildProcess {
  const command = serverCommand("worker");
  return spawn(process.execPath, command.args, {
    cwd: REPO,
    env: {
      ...command.env,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      // Never pick up a developer's .env.
      DOTENV_CONFIG_PATH: "/nonexistent",
      ...env,
    },
    // Their logs (connection errors while Redis is killed on purpose) only with RELIABILITY_VERBOSE=1.
    stdio: ["ignore", process.env.RELIABILITY_VERBOSE ? "inherit" : "ignore", process.env.RELIABILITY_VERBOSE ? "inherit" : "ignore"],
  });
}

export function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
}

export async function killAll(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.splice(0).map(async (child) => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited(child);
    }),
  );
}
