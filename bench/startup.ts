/**
 * Start-up: `npm start` (scripts/start.mjs, which builds the web app only when it is missing or stale, then runs the
 * API) on the embedded default with demo data, timed from spawning npm until /healthz answers; a fresh data
 * directory first (migrations + demo seed), then a second start on the same directory.
 */
import { freePort } from "#testing/ports.ts";
import { EMBEDDED_ENV, waitHealthy } from "#testing/server.ts";
import { log, sleep, startChild, tempDir } from "./proc.ts";

export interface StartupRun {
  name: string;
  seconds: number | null;
  /** npm start rebuilt the web app first (web/dist missing or older than its sources). */
  rebuiltWeb: boolean;
  /** The API's own figure from its "ready" log line (process start to listening, without the build). */
  apiStartupMs: number | null;
  error: string | null;
}

function facts(output: string) {
  const ready = /"startupMs":(\d+)/.exec(output);
  return { rebuiltWeb: output.includes("Building the web app"), apiStartupMs: ready ? Number(ready[1]) : null };
}

async function once(name: string, dataDir: string): Promise<StartupRun> {
  const port = await freePort();
  const child = startChild("npm", ["start", "--silent"], {
    ...EMBEDDED_ENV,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    SEED_DEMO: "true",
    // A user's first start: development mode, default logging.
    NODE_ENV: "",
    LOG_LEVEL: "",
  });
  try {
    const ms = await waitHealthy(`http://127.0.0.1:${port}/healthz`, child, 180_000, 25);
    // The "ready" line comes right after listen; give it a moment to arrive.
    for (let i = 0; i < 40 && !/"startupMs":\d+/.test(child.output()); i++) await sleep(50);
    return { name, seconds: ms / 1000, ...facts(child.output()), error: null };
  } catch (error) {
    return { name, seconds: null, ...facts(child.output()), error: (error as Error).message.slice(0, 500) };
  } finally {
    await child.stop();
  }
}

export async function runStartup(): Promise<StartupRun[]> {
  const dataDir = tempDir("startup");
  log("startup: npm start on a fresh data directory");
  const first = await once("fresh data dir (migrate + demo seed)", dataDir);
  log("startup: npm start again on the same data directory");
  const second = await once("second start (same data dir)", dataDir);
  return [first, second];
}
