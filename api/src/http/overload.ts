import underPressure from "@fastify/under-pressure";
import type { FastifyInstance, FastifyRequest } from "fastify";

const BUSY = "The server is busy. Please try again in a few seconds.";
const RETRY_AFTER_SECONDS = 5;

/** API work: GraphQL and REST, but not live subscriptions (event streams stay open by design). */
const isApiWork = (req: FastifyRequest) =>
  (req.url.startsWith("/graphql") || req.url.startsWith("/api/")) && !String(req.headers.accept ?? "").includes("text/event-stream");

/** Per request counted in progress: gives its slot back (once). */
const slots = new WeakMap<FastifyRequest, () => void>();

/**
 * Stops counting a request against the in-flight limit, for a request about to wait on something other than this
 * server's work (a payment verification waiting for its settlement): waiting costs no CPU or database connection, and
 * such waits must not refuse everyone else's requests. Bounded per account where the waiting happens.
 */
export function leaveInFlight(req: FastifyRequest): void {
  slots.get(req)?.();
}

/**
 * Load shedding: past saturation, answer 503 with Retry-After at once rather than let every request wait until it
 * times out. Two signals: the event loop's delay (CPU-bound work), and the number of API requests in progress, which
 * grows when requests queue for the database pool while the event loop stays free.
 *
 * A request counts as in progress once its body has arrived (preHandler), not when its headers have: a client that
 * sends its body a byte at a time costs nothing but a connection (capped per address, and cut by the request timeout)
 * and must not take the slots everyone else's requests need.
 */
export async function registerOverloadProtection(
  app: FastifyInstance,
  limits: { eventLoopDelayMs: number; maxInFlight: number; sampleIntervalMs?: number },
) {
  if (limits.eventLoopDelayMs > 0) {
    const sampleInterval = limits.sampleIntervalMs ?? 1000;
    // The first samples measure the start itself (loading modules, migrating, seeding block the loop around the moment
    // the server starts listening), not load: a freshly started instance must not refuse its first requests for it.
    // The delay counts once two sample intervals have passed, one after the other, since the server listens.
    let warm = false;
    app.addHook("onListen", async () => {
      let intervals = 0;
      const tick = () => {
        if (++intervals >= 2) warm = true;
        else setTimeout(tick, sampleInterval).unref();
      };
      setTimeout(tick, sampleInterval).unref();
    });
    await app.register(underPressure, {
      maxEventLoopDelay: limits.eventLoopDelayMs,
      sampleInterval,
      pressureHandler: (_req, reply, type) => {
        if (type === "eventLoopDelay" && !warm) return;
        // Refused as the plugin refuses: a 503 error the error handlers answer with its message.
        reply.header("retry-after", String(RETRY_AFTER_SECONDS));
        return Promise.reject(Object.assign(new Error(BUSY), { statusCode: 503 }));
      },
    });
  }
  if (limits.maxInFlight > 0) {
    let inFlight = 0;
    app.addHook("preHandler", async (req, reply) => {
      if (!isApiWork(req)) return;
      if (inFlight >= limits.maxInFlight) {
        return reply.code(503).header("retry-after", String(RETRY_AFTER_SECONDS)).send({ message: BUSY });
      }
      inFlight++;
      let counted = true;
      const release = () => {
        if (!counted) return;
        counted = false;
        inFlight--;
      };
      slots.set(req, release);
      // 'close' fires once the answer is sent or the client has gone, whichever comes first.
      reply.raw.once("close", release);
    });
  }
}
