import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type ByteRange, type FileStorage, RangeNotSatisfiableError, type StoredObject } from "../storage/storage.ts";

/** Public files: their names are random and never rewritten, so any cache may keep them for good. */
export const PUBLIC_FILE_CACHE_CONTROL = "public, max-age=31536000, immutable";
/** Private objects: read after an access check, so kept by no shared cache nor by the browser. */
export const PRIVATE_OBJECT_CACHE_CONTROL = "private, no-store";

/**
 * The one byte range of a Range header (`bytes=0-99`, `bytes=100-`, `bytes=-100`). Anything else (another unit,
 * several ranges, a malformed or reversed range) is ignored, as RFC 9110 allows: the whole object is sent.
 */
export function parseRange(header: string | undefined): ByteRange | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return undefined;
  if (first === "") return { suffix: Number(last) };
  const start = Number(first);
  if (last === "") return { start };
  const end = Number(last);
  return end < start ? undefined : { start, end };
}

function notFound(reply: FastifyReply): FastifyReply {
  reply.callNotFound();
  return reply;
}

/**
 * Answers a request with a stored object, streamed (never read into memory): 200 with the whole object, 206 with the
 * one range asked for (unless If-Range names another version), 416 for a range past its end, 304 when If-None-Match
 * names its ETag, and Fastify's 404 when `open` finds nothing. HEAD gets the headers only.
 */
export async function sendStoredObject(
  req: FastifyRequest,
  reply: FastifyReply,
  open: (range: ByteRange | undefined) => Promise<StoredObject | null>,
  cacheControl: string,
): Promise<FastifyReply> {
  let range = parseRange(req.headers.range);
  const ifRange = req.headers["if-range"];
  // If-Range with a date or an ETag: the range only if the object is still that version (checked below).
  let object: StoredObject | null;
  try {
    object = await open(range);
  } catch (error) {
    if (!(error instanceof RangeNotSatisfiableError)) throw error;
    if (ifRange === undefined) {
      return reply.code(416).header("content-range", `bytes */${error.size}`).header("cache-control", cacheControl).send();
    }
    // A range that does not fit a different version: the whole object, as If-Range asks.
    range = undefined;
    object = await open(undefined);
  }
  if (!object) return notFound(reply);
  if (object.partial && ifRange !== undefined && ifRange !== object.etag) {
    object.body.destroy();
    object = await open(undefined);
    if (!object) return notFound(reply);
  }
  reply
    .header("content-type", object.contentType)
    .header("etag", object.etag)
    .header("accept-ranges", "bytes")
    .header("cache-control", cacheControl)
    .header("x-content-type-options", "nosniff");
  if (object.lastModified) reply.header("last-modified", object.lastModified.toUTCString());
  const noneMatch = req.headers["if-none-match"];
  if (noneMatch?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === object.etag || tag.trim() === "*")) {
    object.body.destroy();
    return reply.code(304).send();
  }
  const length = object.size === 0 ? 0 : object.end - object.start + 1;
  reply.header("content-length", String(length));
  if (object.partial) reply.code(206).header("content-range", `bytes ${object.start}-${object.end}/${object.size}`);
  if (req.method === "HEAD") {
    object.body.destroy();
    return reply.send();
  }
  return reply.send(object.body);
}

/**
 * Answers with a private object, to be called by a route after its access check: a redirect to a short-lived signed
 * URL when `redirectSeconds` is given and the storage has them (S3), else the object streamed with range support.
 * Nothing is cached. An unknown key: Fastify's 404. Register the route for GET and HEAD together
 * (`method: ["GET", "HEAD"]`): Fastify's generated HEAD route would read the whole object only to drop it.
 */
export async function sendPrivateObject(
  req: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  key: string,
  options: { redirectSeconds?: number; contentDisposition?: string } = {},
): Promise<FastifyReply> {
  if (options.redirectSeconds) {
    const url = await storage.signedUrl(key, options.redirectSeconds, { contentDisposition: options.contentDisposition });
    if (url) return reply.code(302).header("location", url).header("cache-control", PRIVATE_OBJECT_CACHE_CONTROL).send();
  }
  return sendStoredObject(req, reply, (range) => storage.open(key, range), PRIVATE_OBJECT_CACHE_CONTROL);
}

/**
 * GET (and HEAD) /uploads/<name>: the public files, from whichever storage is configured. Only names the storage makes
 * (32 hex digits and an extension) are looked up; anything else (path tricks included) is a 404.
 */
export function registerUploads(app: FastifyInstance, storage: FileStorage) {
  // HEAD handled here, not by Fastify's generated HEAD route (which would read the whole object to throw it away).
  app.route({
    method: ["GET", "HEAD"],
    url: "/uploads/*",
    handler: async (req, reply) => {
      const name = (req.params as { "*": string })["*"];
      return sendStoredObject(req, reply, (range) => storage.openPublic(name, range), PUBLIC_FILE_CACHE_CONTROL);
    },
  });
}
