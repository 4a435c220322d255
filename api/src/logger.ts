import { type DestinationStream, type Logger, pino } from "pino";

export type { Logger };

/** One JSON line per event on stdout (or `destination`: tests read the lines); every process logs through this. */
export function createLogger(level: string, name = "api", destination?: DestinationStream): Logger {
  return pino(
    {
      name,
      level,
      redact: { paths: ["req.headers.authorization", "*.password", "*.token", "*.code"], censor: "[redacted]" },
    },
    destination,
  );
}
