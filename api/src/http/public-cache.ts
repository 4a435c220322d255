import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { operationKey, type PublicCache } from "../cache/public-cache.ts";
import { wellFormedParams } from "../graphql/shortcut.ts";
import { acceptedEncoding, brotli, COMPRESS_FROM_BYTES, gzipped, varyOnEncoding } from "./compression.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** GET answers of this route are the same for every anonymous visitor: keep them in the public cache. */
    publicCache?: boolean;
  }
}

/**
 * A kept answer's bytes, as is and compressed. Compressing once when the answer is kept costs a few milliseconds; every
 * hit after that sends an eighth of the bytes or less (the bench's REST track list: 511 kB of JSON, 66 kB with Brotli)
 * to each client that accepts it, which is every browser.
 */
interface Encoded {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

async function encode(body: Buffer): Promise<Encoded> {
  if (body.length < COMPRESS_FROM_BYTES) return { identity: body };
  const [br, gz] = await Promise.all([brotli(body), gzipped(body)]);
  return { identity: body, br, gzip: gz };
}

/** Sends the encoding the client accepts best (its Accept-Encoding); the answer varies by that header. */
function sendEncoded(req: FastifyRequest, reply: FastifyReply, encoded: Encoded): Buffer {
  varyOnEncoding(reply);
  reply.removeHeader("content-length");
  const accepted = encoded.br ? acceptedEncoding(req) : null;
  if (accepted) {
    reply.header("content-encoding", accepted);
    return encoded[accepted] as Buffer;
  }
  return encoded.identity;
}

/**
 * A validator of the answer's content (not of its encoding, hence weak): the same bytes give the same ETag, across
 * cache clears and server restarts.
 */
const etagOf = (body: Buffer) => `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;

/** Whether the request's If-None-Match names `etag` (compared weakly, as RFC 9110 wants for If-None-Match). */
function matches(req: FastifyRequest, etag: string): boolean {
  const header = req.headers["if-none-match"];
  if (!header) return false;
  const bare = etag.replace(/^W\//, "");
  return header
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tag === bare);
}

/**
 * The kept answer with its ETag, or `304 Not Modified` without a body when the client has that version already (its
 * If-None-Match names the ETag).
 */
function sendKept(req: FastifyRequest, reply: FastifyReply, stored: Stored["data"]): Buffer | null {
  reply.type(stored.contentType).header("etag", stored.etag);
  if (!matches(req, stored.etag)) return sendEncoded(req, reply, stored.body);
  varyOnEncoding(reply);
  reply.code(304).removeHeader("content-length");
  // No payload at all: Fastify then sends no Content-Length (a 304's would have to be the 200's length).
  return null;
}

interface Stored {
  data: { body: Encoded; contentType: string; etag: string };
}

const cacheable = (req: FastifyRequest) =>
  req.method === "GET" && req.routeOptions.config.publicCache === true && !req.headers.authorization;
// The routes that opt in read no query string: keyed on the path alone, so `?anything` cannot add copies.
const keyOf = (req: FastifyRequest) => `rest:${req.url.split("?")[0]}`;
const served = Symbol("servedFromPublicCache");

/** An answer the public cache keeps (and compresses, once) as it is sent: nothing else needs to compress it. */
export const keptByPublicCache = (req: FastifyRequest, reply: FastifyReply) => cacheable(req) && reply.statusCode === 200;

/**
 * REST routes that opt in (`config: { publicCache: true }`) have their anonymous 200 answers stored, serialized, in
 * the public cache (api/src/cache/public-cache.ts) that the GraphQL endpoint uses too, and cleared with it. They carry
 * an ETag of their content, and a request whose If-None-Match names it gets `304 Not Modified`.
 */
export function registerPublicCache(app: FastifyInstance, cache: PublicCache) {
  app.addHook("onRequest", async (req, reply) => {
    if (!cacheable(req)) return;
    const hit = (await cache.store.get(keyOf(req))) as Stored | null;
    if (!hit) return;
    (req as unknown as Record<symbol, boolean>)[served] = true;
    return reply.send(sendKept(req, reply, hit.data) ?? undefined);
  });
  app.addHook("onSend", async (req, reply, payload) => {
    if (reply.statusCode !== 200 || typeof payload !== "string" || !cacheable(req)) return payload;
    if ((req as unknown as Record<symbol, boolean>)[served]) return payload;
    const identity = Buffer.from(payload);
    const body = await encode(identity);
    const contentType = String(reply.getHeader("content-type") ?? "application/json");
    const stored: Stored = { data: { body, contentType, etag: etagOf(identity) } };
    await cache.store.set(keyOf(req), stored, [], cache.ttlMs);
    return sendKept(req, reply, stored.data);
  });
}

interface StoredGraphql {
  data: { body: Encoded; headers: Record<string, string> };
}

/**
 * Anonymous GraphQL queries whose answer Yoga's response cache kept (it marks those with an ETag) are also kept here
 * as the bytes sent, keyed by what the answer depends on: the Accept header and the operation (without spacing or
 * comments), its name and variables; never the raw body, whose `extensions` or spacing a client can vary at will.
 * Requests with credentials or a conditional header (Yoga answers those 304) always go to Yoga.
 */
export function graphqlCacheKey(req: FastifyRequest): string | null {
  if (req.method !== "POST" || req.headers.authorization || req.headers["if-none-match"]) return null;
  if (!String(req.headers["content-type"] ?? "").startsWith("application/json")) return null;
  // A malformed request (an operation name or extensions of the wrong type...) is Yoga's to refuse, kept query or not.
  const body = req.body;
  if (!wellFormedParams(body)) return null;
  const key = operationKey(body.query, body.operationName, body.variables, String(req.headers.accept ?? ""));
  return key && `graphql:${key}`;
}

/** Answers from the kept bytes, or returns false when there are none. */
export async function sendCachedGraphql(cache: PublicCache, key: string, req: FastifyRequest, reply: FastifyReply) {
  const hit = ((await cache.store.get(key)) as StoredGraphql | null)?.data;
  if (!hit) return false;
  reply.headers(hit.headers);
  reply.send(sendEncoded(req, reply, hit.body));
  return true;
}

/**
 * Keeps an answer Yoga's response cache kept (200 with an ETag) and returns the bytes to send (in the encoding the
 * client accepts best), or null when it is not one. Yoga's headers are on `reply` already.
 */
export async function keepGraphql(
  cache: PublicCache,
  key: string,
  response: Response,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<Buffer | null> {
  if (response.status !== 200 || !response.headers.has("etag")) return null;
  const body = await encode(Buffer.from(await response.arrayBuffer()));
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== "content-length") headers[name] = value;
  });
  const stored: StoredGraphql = { data: { body, headers } };
  await cache.store.set(key, stored as never, [], cache.ttlMs);
  return sendEncoded(req, reply, body);
}
