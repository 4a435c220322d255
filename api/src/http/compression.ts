import { pipeline, Readable } from "node:stream";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, createBrotliCompress, createGzip, gzip, gzipSync } from "node:zlib";
import { Negotiator } from "@fastify/accept-negotiator";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** Smaller answers are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_FROM_BYTES = 1024;
/**
 * Answers built in memory up to this size are compressed at once, in the hook (a fraction of a millisecond at that size): an
 * async handler that calls `reply.send()` without returning the reply must find the answer on its way when it
 * resolves, or Fastify sends it a second time, empty. Larger ones go through a compressing stream.
 */
const COMPRESS_AT_ONCE_UP_TO_BYTES = 256 * 1024;
// Brotli's quality 5 compresses about as tightly as gzip -9 in a fraction of the time.
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } };
/**
 * An answer compressed for one request: Brotli told its size (so a small answer gets a small window instead of the
 * default 4 MiB one). Under SMALL_ANSWER_BYTES it fits in TCP's first congestion window (10 segments) plain or packed,
 * so a tighter packing saves no round trip: quality 1 (gzip level 1), which costs far less CPU than quality 5 for
 * somewhat more bytes (`npm run bench:profile` shows the share; README.md, "Performance").
 */
const SMALL_ANSWER_BYTES = 14 * 1024;
const sized = (bytes: number, quality?: number) => ({
  params: {
    ...BROTLI.params,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
    ...(quality ? { [constants.BROTLI_PARAM_QUALITY]: quality } : {}),
  },
});
const perRequest = (bytes: number) => sized(bytes, bytes < SMALL_ANSWER_BYTES ? 1 : undefined);
/** Brotli for an answer kept and sent many times (the public cache): always the tighter quality. */
export const brotli = (body: Buffer) => promisify(brotliCompress)(body, sized(body.length));
export const gzipped = promisify(gzip);
const encodings = new Negotiator({ supportedValues: ["br", "gzip", "identity"] });

/** The encoding the client accepts best (its Accept-Encoding), or null to send the bytes as they are. */
export function acceptedEncoding(req: FastifyRequest): "br" | "gzip" | null {
  const accepted = encodings.negotiate(String(req.headers["accept-encoding"] ?? ""));
  return accepted === "br" || accepted === "gzip" ? accepted : null;
}

/** The answer depends on the Accept-Encoding header: caches must keep one copy per encoding. */
export function varyOnEncoding(reply: FastifyReply) {
  const vary = reply.getHeader("vary");
  if (!vary) reply.header("vary", "Accept-Encoding");
  else if (!/accept-encoding/i.test(String(vary))) reply.header("vary", `${vary}, Accept-Encoding`);
}

/**
 * Text worth compressing: JSON (REST and GraphQL answers, the OpenAPI document), HTML, CSV, scripts and styles. Never
 * `text/event-stream` (GraphQL subscriptions: a compressor would hold each event back until its buffer fills) nor
 * multipart answers (incremental delivery), nor images and other binary files, which are compressed already.
 */
const COMPRESSIBLE = /^(application\/([\w.-]+\+)?(json|javascript|xml)|text\/(?!event-stream)|image\/svg\+xml)/i;

function readableOf(payload: unknown): Readable | null {
  if (payload instanceof Readable) return payload;
  if (payload && typeof payload === "object" && Symbol.asyncIterator in payload) return Readable.from(payload as AsyncIterable<Uint8Array>);
  return null;
}

/**
 * Compresses every answer of a compressible type from COMPRESS_FROM_BYTES on, with Brotli or gzip as the client
 * accepts (answers built in memory as a whole, streamed ones such as GraphQL's through a compressing stream). Answers
 * that already carry a Content-Encoding (the public cache's kept copies, pre-compressed assets) and those
 * `compressedElsewhere` says are compressed later (the public cache compresses what it keeps, once) pass as they are.
 */
export function registerCompression(
  app: FastifyInstance,
  options: { compressedElsewhere: (req: FastifyRequest, reply: FastifyReply) => boolean },
) {
  app.addHook("onSend", async (req, reply, payload) => {
    if (payload === null || payload === undefined || reply.hasHeader("content-encoding")) return payload;
    // No body to compress, or a byte range of the plain bytes (compressing it would break its Content-Range).
    if (reply.statusCode === 204 || reply.statusCode === 304 || reply.statusCode === 206) return payload;
    if (reply.hasHeader("content-range")) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader("content-type") ?? ""))) return payload;
    if (options.compressedElsewhere(req, reply)) return payload;
    if (typeof payload === "string" || Buffer.isBuffer(payload)) {
      varyOnEncoding(reply);
      const body = typeof payload === "string" ? Buffer.from(payload) : payload;
      const encoding = body.length >= COMPRESS_FROM_BYTES ? acceptedEncoding(req) : null;
      if (!encoding) return payload;
      reply.header("content-encoding", encoding).removeHeader("content-length");
      if (body.length <= COMPRESS_AT_ONCE_UP_TO_BYTES)
        return encoding === "br"
          ? brotliCompressSync(body, perRequest(body.length))
          : gzipSync(body, { level: body.length < SMALL_ANSWER_BYTES ? 1 : 6 });
      return compressing(Readable.from([body]), encoding);
    }
    const length = Number(reply.getHeader("content-length"));
    const source = readableOf(payload);
    if (!source) return payload;
    varyOnEncoding(reply);
    const encoding = Number.isFinite(length) && length < COMPRESS_FROM_BYTES ? null : acceptedEncoding(req);
    if (!encoding) return payload;
    reply.header("content-encoding", encoding).removeHeader("content-length");
    return compressing(source, encoding);
  });
}

function compressing(source: Readable, encoding: "br" | "gzip") {
  const compressor = encoding === "br" ? createBrotliCompress(BROTLI) : createGzip();
  // A failing source destroys the compressor, which ends the answer (Fastify logs it).
  pipeline(source, compressor, () => {});
  return compressor;
}
