import underPressure from "@fastify/under-pressure";
import type { FastifyInstance, FastifyRequest } from "fastify";

const BUSY = "The server is busy. Please try again in a few seconds.";
const RETRY_AFTER_SECONDS = 5;

/** API work: GraphQL and REST, but not live subscriptions (event streams stay open by design). */
const isApiWork = (req: FastifyRequest) =>
  (req.url.startsWith("/graphql") || req.url.startsWith("/api/")) && !String(req.headers.accept ?? "").includes("text/event-stream");

/**
 * Load shedding: past saturation, answer 503 with Retry-After at once rather than let every request wait until it
 * times out. Two signals: the event loop's delay (CPU-bound work), and the number of API requests in progress, which
 * grows when requests queue for the database pool while the event loop stays free.
 */
export async function registerOverloadProtection(app: FastifyInstance, limits: { eventLoopDelayMs: number; maxInFlight: number }) {
  if (limits.eventLoopDelayMs > 0) {
    await app.register(underPressure, { maxEventLoopDelay: limits.eventLoopDelayMs, retryAfter: RETRY_AFTER_SECONDS, message: BUSY });
  }
  if (limits.maxInFlight > 0) {
    let inFlight = 0;
    app.addHook("onRequest", async (req, reply) => {
      if (!isApiWork(req)) return;
      if (inFlight >= limits.maxInFlight) {
        return reply.code(503).header("retry-after", String(RETRY_AFTER_SECONDS)).send({ message: BUSY });
      }
      inFlight++;
      // 'close' fires once the answer is sent or the client has gone, whichever comes first.
      reply.raw.once("close", () => inFlight--);
    });
  }
}
