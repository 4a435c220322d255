import type { FastifyInstance, FastifyRequest } from "fastify";
import type { PublicCache } from "../cache/public-cache.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** GET answers of this route are the same for every anonymous visitor: keep them in the public cache. */
    publicCache?: boolean;
  }
}

interface Stored {
  /** The body as bytes: a hit is written out as is, not encoded again. */
  data: { body: Buffer; contentType: string };
}

const cacheable = (req: FastifyRequest) =>
  req.method === "GET" && req.routeOptions.config.publicCache === true && !req.headers.authorization;
const keyOf = (req: FastifyRequest) => `rest:${req.url}`;
const served = Symbol("servedFromPublicCache");

/**
 * REST routes that opt in (`config: { publicCache: true }`) have their anonymous 200 answers stored, serialized, in
 * the public cache (api/src/cache/public-cache.ts) that the GraphQL endpoint uses too, and cleared with it.
 */
export function registerPublicCache(app: FastifyInstance, cache: PublicCache) {
  app.addHook("onRequest", async (req, reply) => {
    if (!cacheable(req)) return;
    const hit = (await cache.store.get(keyOf(req))) as Stored | null;
    if (!hit) return;
    (req as unknown as Record<symbol, boolean>)[served] = true;
    return reply.type(hit.data.contentType).send(hit.data.body);
  });
  app.addHook("onSend", async (req, reply, payload) => {
    if (reply.statusCode !== 200 || typeof payload !== "string" || !cacheable(req)) return payload;
    if ((req as unknown as Record<symbol, boolean>)[served]) return payload;
    const stored: Stored = {
      data: { body: Buffer.from(payload), contentType: String(reply.getHeader("content-type") ?? "application/json") },
    };
    await cache.store.set(keyOf(req), stored, [], cache.ttlMs);
    return payload;
  });
}
