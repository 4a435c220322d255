import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

/**
 * A Redis for tests: REDIS_TEST_URL when CI hands one over, else a private redis-server started on a free port
 * (installed by .ci/run; `apt-get install redis-server` locally). Returns null when neither is available.
 */
export async function testRedis(): Promise<{ url: string; stop(): Promise<void>; process?: ChildProcess } | null> {
  if (process.env.REDIS_TEST_URL) return { url: process.env.REDIS_TEST_URL, stop: async () => {} };
  const port = await freePort();
  const child = spawn("redis-server", ["--port", String(port), "--save", "", "--appendonly", "no", "--bind", "127.0.0.1"], {
    stdio: "ignore",
  });
  const failed = await new Promise<boolean>((resolve) => {
    child.once("error", () => resolve(true));
    setTimeout(() => resolve(false), 300);
  });
  if (failed) return null;
  return {
    url: `redis://127.0.0.1:${port}`,
    process: child,
    stop: async () => {
      child.kill("SIGKILL");
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}
