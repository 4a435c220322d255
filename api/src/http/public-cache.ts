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

interface StoredGraphql {
  data: { body: Buffer; headers: Record<string, string> };
}

/**
 * Anonymous GraphQL queries whose answer Yoga's response cache kept (it marks those with an ETag) are also kept here
 * as the bytes sent, keyed by the request as sent (Accept and JSON body), so a repeat skips Yoga altogether. Requests
 * with credentials or a conditional header (Yoga answers those 304) always go to Yoga.
 */
export function graphqlCacheKey(req: FastifyRequest): string | null {
  if (req.method !== "POST" || req.headers.authorization || req.headers["if-none-match"]) return null;
  if (!String(req.headers["content-type"] ?? "").startsWith("application/json")) return null;
  if (!req.body || typeof req.body !== "object") return null;
  return `graphql:${req.headers.accept ?? ""}:${JSON.stringify(req.body)}`;
}

export async function cachedGraphql(cache: PublicCache, key: string) {
  return ((await cache.store.get(key)) as StoredGraphql | null)?.data ?? null;
}

/** Keeps an answer Yoga's response cache kept (200 with an ETag); returns its bytes, or null when it is not one. */
export async function keepGraphql(cache: PublicCache, key: string, response: Response): Promise<Buffer | null> {
  if (response.status !== 200 || !response.headers.has("etag")) return null;
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const stored: StoredGraphql = { data: { body, headers } };
  await cache.store.set(key, stored as never, [], cache.ttlMs);
  return body;
}
