import { type DestinationStream, type Logger, pino } from "pino";

export type { Logger };

/**
 * One JSON line per event on stdout; every process (api, worker, scripts) logs through this. Tests that read what
 * was logged pass their own destination.
 */
export function createLogger(level: string, name = "api", destination?: DestinationStream): Logger {
  const options = {
    name,
    level,
    redact: { paths: ["req.headers.authorization", "*.password", "*.token", "*.code"], censor: "[redacted]" },
    // Fastify logs each request's URL; a reset link's token (or a code, or a draft's preview token) in the query string
    // stays out of the log.
    serializers: {
      req: (req: { method?: string; url?: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
        method: req.method,
        url: req.url?.replace(/([?&](?:token|code|invitation|preview)=)[^&#]*/gi, "$1[redacted]"),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
