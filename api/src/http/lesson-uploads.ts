import { access, type FileHandle, open } from "node:fs/promises";
import { join } from "node:path";
import { PassThrough, Readable } from "node:stream";
import { FileStore } from "@tus/file-store";
import { Server as TusServer } from "@tus/server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../domain/errors.ts";
import { attachLessonMedia, checkMediaUpload, MEDIA_MESSAGES, mediaLimit, SNIFF_BYTES } from "../domain/learning/media.ts";
import { staffActor } from "../domain/staff/audit.ts";
import { can, type Viewer } from "../domain/staff/permissions.ts";
import type { Services } from "../services.ts";
import { STORAGE_RETRY_AFTER_SECONDS, storageFailure } from "../storage/failure.ts";
import {
  UNFINISHED_UPLOAD_MAX_AGE_MS,
  UnfinishedUploads,
  type UploadRefusalReason,
  UploadRefused,
  uploadTempDir,
} from "../storage/upload-temp.ts";
import { viewerFromAuthorization } from "./request.ts";

/** Where lesson media is uploaded (the tus 1.0 resumable upload protocol, https://tus.io). */
export const LESSON_UPLOADS_PATH = "/api/uploads/lessons";

/** What a client is told of an upload that failed for a reason of the server's own (the detail is in the log). */
export const UPLOAD_FAULT_MESSAGE = "The upload could not be stored. Please try again.";

/** A refusal in the form tus answers with. */
const refusal = (status_code: number, message: string) => ({ status_code, body: JSON.stringify({ message }) });

/**
 * The answer to an upload refused by the caps on unfinished uploads (UnfinishedUploads): 429 for the account's number
 * of open uploads, 413 for its announced bytes, 507 Insufficient Storage when the instance as a whole has no room (its
 * count, its bytes, or the disk's free space).
 */
function capRefusal(reason: UploadRefusalReason, limit: number) {
  switch (reason) {
    case "accountUploads":
      return refusal(429, MEDIA_MESSAGES.tooManyUploads(limit));
    case "accountBytes":
      return refusal(413, MEDIA_MESSAGES.tooManyBytes(limit));
    case "instanceUploads":
    case "instanceBytes":
      return refusal(507, MEDIA_MESSAGES.serverBusy);
    case "disk":
      return refusal(507, MEDIA_MESSAGES.diskFull);
  }
}

/**
 * tus's file store, but a write to an upload whose file has gone is "not found" (404), not a failed write (500): a
 * request that waited for the upload's lock while another one finished it (stored and removed its bytes) arrives
 * after the upload is gone, as a client's retried final PATCH does.
 */
class LessonFileStore extends FileStore {
  /** Told of every upload whose bytes are removed (finished, refused, cancelled). */
  onRemove: (id: string) => void = () => undefined;

  override async remove(id: string): Promise<void> {
    try {
      await super.remove(id);
    } finally {
      this.onRemove(id);
    }
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    try {
      return await super.write(readable, id, offset);
    } catch (error) {
      const gone = await access(join(this.directory, id)).then(
        () => false,
        () => true,
      );
      if (gone) throw refusal(404, "Upload not found.");
      throw error;
    }
  }
}

/** The Upload-Metadata header (`key base64value,key base64value`) of a creation request. */
function uploadMetadata(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (header ?? "").split(",")) {
    const [key, value] = pair.trim().split(" ");
    if (key) out[key] = value ? Buffer.from(value, "base64").toString("utf8") : "";
  }
  return out;
}

/**
 * Resumable uploads of lesson media (docs/ARCHITECTURE.md, "Learning"): POST creates an upload (Upload-Length and
 * Upload-Metadata `lessonId`, `target` video|file, `filename`), PATCH sends bytes from an offset, HEAD tells how far
 * an upload got (so a dropped connection resumes where it stopped), DELETE abandons it. Every request needs a staff
 * bearer token that may edit courses; the creation also checks the lesson (the staff member may edit its track, its
 * kind takes the target) and refuses an announced length over the limit with 413; each later request must come from
 * the staff member who created the upload. A creation is also refused when the uploader or the instance already has
 * as many unfinished uploads, or announced bytes, as allowed, or when the disk would be left short (UnfinishedUploads,
 * capRefusal: 429, 413 or 507). When the last byte arrives the file is sniffed, streamed into the private
 * storage and attached to its lesson (learning/media.ts), and its temporary bytes removed. The bytes collect in a
 * private folder of this instance (uploadTempDir); housekeeping removes uploads left unfinished for a day.
 */
export async function registerLessonUploads(app: FastifyInstance, services: Services) {
  const directory = uploadTempDir(services.config.dataDir);
  const datastore = new LessonFileStore({ directory, expirationPeriodInMilliseconds: UNFINISHED_UPLOAD_MAX_AGE_MS });
  const unfinished = new UnfinishedUploads(directory, services.config.unfinishedUploads);
  datastore.onRemove = (id) => unfinished.release(id);
  const viewers = new WeakMap<Request, Viewer>();
  // The upload a creation request reserved room for (settled once the request ends).
  const reserved = new WeakMap<Request, string>();
  const viewerOf = (req: Request) => viewers.get(req) as Viewer;
  // Uploads whose last byte arrived and that are being stored: a second request finishing the same upload (a repeated
  // final PATCH, a DELETE) would attach it twice or pull its bytes away mid-copy.
  const finishing = new Set<string>();
  const tus = new TusServer({
    path: LESSON_UPLOADS_PATH,
    datastore,
    relativeLocation: true,
    respectForwardedHeaders: false,
    // A full DATA_DIR (the bytes collect there) or an unreachable bucket: 507 or 503 with its message and Retry-After
    // (set below), which tus clients retry, rather than a 500 carrying the system's error text. The bytes written so
    // far stay: the client resumes from the offset HEAD reports once there is room.
    // Any other fault is a plain 500: tus's own answer would carry the error's text (system paths) to the client.
    onResponseError: (_req, error) => {
      // A refusal (ours, or tus's for the protocol) carries its status and says what it means: answered as it is.
      if ("status_code" in (error as object)) return;
      const storage = storageFailure(error);
      services.logger.error({ err: error }, "a lesson upload could not be written");
      if (storage) return refusal(storage.status, storage.message);
      return refusal(500, UPLOAD_FAULT_MESSAGE);
    },
    maxSize: (req) => {
      const target = uploadMetadata(req.headers.get("upload-metadata")).target;
      return mediaLimit(services, target === "file" ? "file" : "video");
    },
    onUploadCreate: async (req, upload) => {
      const viewer = viewerOf(req);
      const meta = upload.metadata ?? {};
      try {
        await checkMediaUpload(services, staffActor(viewer, ""), meta.lessonId ?? "", meta.target ?? undefined, upload.size);
      } catch (error) {
        if (error instanceof AppError) throw refusal(error.status, error.message);
        throw error;
      }
      // Within the caps on open uploads and the disk's free space; counted from here until it finishes or goes.
      try {
        await unfinished.reserve(upload.id, viewer.accountId, upload.size ?? 0);
      } catch (error) {
        if (error instanceof UploadRefused) throw capRefusal(error.reason, error.limit);
        throw error;
      }
      reserved.set(req, upload.id);
      // Whose upload it is: only they may continue it.
      return { metadata: { ...meta, owner: viewer.accountId } };
    },
    onIncomingRequest: async (req, uploadId) => {
      // The length is announced at creation, where it is checked against the limit: a deferred length would skip that.
      if (req.method === "POST" && req.headers.get("upload-defer-length") !== null) {
        throw refusal(400, "Announce the upload's length (Upload-Length).");
      }
      if (req.method === "POST" || req.method === "OPTIONS") return;
      if (finishing.has(uploadId)) throw refusal(409, "The upload is being stored.");
      let owner: string | null | undefined;
      try {
        owner = (await datastore.getUpload(uploadId)).metadata?.owner;
      } catch {
        throw refusal(404, "Upload not found.");
      }
      if (owner !== viewerOf(req).accountId) throw refusal(404, "Upload not found.");
    },
    onUploadFinish: async (req, upload) => {
      if (finishing.has(upload.id)) throw refusal(409, "The upload is being stored.");
      finishing.add(upload.id);
      const meta = upload.metadata ?? {};
      const path = join(directory, upload.id);
      let file: FileHandle | undefined;
      try {
        const size = upload.size ?? upload.offset;
        // One handle for the sniff and the copy: once open, the bytes stay readable whatever happens to the path.
        file = await open(path, "r").catch(() => undefined);
        if (!file) throw refusal(404, "Upload not found.");
        const head = Buffer.alloc(Math.min(SNIFF_BYTES, size));
        await file.read(head, 0, head.length, 0);
        const opened = file;
        const media = await attachLessonMedia(services, staffActor(viewerOf(req), ""), {
          lessonId: meta.lessonId ?? "",
          target: meta.target ?? undefined,
          name: meta.filename ?? undefined,
          size,
          head,
          open: () => opened.createReadStream({ start: 0, autoClose: false }),
        });
        return {
          status_code: 200,
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ id: media.id, name: media.name, contentType: media.contentType, size: Number(media.size) }),
        };
      } catch (error) {
        if (error instanceof AppError) throw refusal(error.status, error.message);
        if (typeof error === "object" && error !== null && "status_code" in error) throw error;
        const storage = storageFailure(error);
        if (storage) {
          services.logger.error({ err: error }, "a finished lesson upload could not be stored");
          throw refusal(storage.status, storage.message);
        }
        services.logger.error({ err: error }, "a finished lesson upload could not be stored");
        throw refusal(500, "The upload could not be stored. Please try again.");
      } finally {
        await file?.close().catch(() => undefined);
        // Stored or refused, the temporary bytes go (a refused file is kept nowhere).
        await datastore.remove(upload.id).catch(() => undefined);
        finishing.delete(upload.id);
      }
    },
  });

  const handle = async (req: FastifyRequest, reply: FastifyReply) => {
    const viewer = await viewerFromAuthorization(services, req.headers.authorization);
    if (!viewer) return reply.code(401).send({ message: "Authentication token not found. Please log in." });
    if (!can(viewer, "editCourses")) return reply.code(403).send({ message: "You are not allowed to do this." });
    const url = new URL(req.url, "http://upload.invalid");
    const hasBody = req.method === "PATCH" || req.method === "POST";
    // The bytes reach tus through a stream of our own, so that one it stops reading (a full disk, a refusal) can be
    // let go of below; tus reading the request itself would keep it paused, unread, until the early-answer drain
    // (api/src/server.ts) gave up and destroyed the socket under a client that had been told it could reuse it.
    const body = hasBody ? req.raw.pipe(new PassThrough()) : undefined;
    const request = new Request(url, {
      method: req.method,
      headers: Object.entries(req.headers).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)] as [string, string]])),
      body: body ? (Readable.toWeb(body) as ReadableStream) : undefined,
      // @ts-expect-error Node's fetch needs it for a streamed body; the DOM types do not know it.
      duplex: "half",
    });
    viewers.set(request, viewer);
    let response: Response;
    try {
      response = await tus.handleWeb(request);
    } finally {
      // A creation that failed after its reservation (no file made) frees it at the next count.
      const id = reserved.get(request);
      if (id) unfinished.settle(id);
    }
    if (body && !req.raw.complete) {
      // Answered before the body's end: the rest is read and dropped, and the connection stays usable.
      req.raw.unpipe(body);
      body.destroy();
      req.raw.resume();
    }
    reply.code(response.status);
    response.headers.forEach((value, key) => {
      // tus answers every origin (Access-Control-Allow-Origin: *); the console uploads from its own origin, and the
      // API grants no other (reliability 2.7), so its CORS headers are dropped.
      if (!key.startsWith("access-control-")) reply.header(key, value);
    });
    reply.header("cache-control", "no-store");
    const retryAfter = STORAGE_RETRY_AFTER_SECONDS[response.status as 503 | 507];
    if (retryAfter) reply.header("retry-after", String(retryAfter));
    return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
  };

  await app.register(async (scope) => {
    // The bytes of a PATCH (and of a creation with data) reach tus unread.
    scope.addContentTypeParser("application/offset+octet-stream", (_req, _payload, done) => done(null));
    for (const url of [LESSON_UPLOADS_PATH, `${LESSON_UPLOADS_PATH}/:id`]) {
      scope.route({ method: ["POST", "HEAD", "PATCH", "OPTIONS", "DELETE"], url, handler: handle });
    }
  });
}
