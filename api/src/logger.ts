import { type Logger, pino } from "pino";

export type { Logger };

/** One JSON line per event on stdout; every process (api, worker, scripts) logs through this. */
export function createLogger(level: string, name = "api"): Logger {
  return pino({
    name,
    level,
    redact: { paths: ["req.headers.authorization", "*.password", "*.token", "*.code"], censor: "[redacted]" },
  });
}
