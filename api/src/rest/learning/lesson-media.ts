import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { viewerFromSessionId } from "../../domain/accounts/sessions.ts";
import { type MediaWhat, mediaFileName, openableMedia, verifyMediaSignature } from "../../domain/learning/media.ts";
import type { Viewer } from "../../domain/staff/permissions.ts";
import { sendPrivateObject } from "../../http/objects.ts";
import type { Services } from "../../services.ts";
import { restContext, restRoutes } from "../pipeline.ts";
import { errorAnswer, object, text, uuid } from "../schemas.ts";

/** How long the S3 redirect of a media request is good for. */
const REDIRECT_SECONDS = 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const signedQuery = object({
  s: text("The session the URL was signed for (`-`: a visitor)."),
  e: text("When the URL stops working (Unix seconds)."),
  sig: text("The signature (HMAC-SHA256, base64url)."),
});

const binary = { schema: { type: "string", format: "binary" } };
/** The answers of a media route: the object's own type (what the upload's first bytes showed), whole or a range. */
const mediaAnswers = (what: string, types: string[]) => {
  const content = Object.fromEntries(types.map((type) => [type, binary]));
  return {
    200: { description: `The ${what}'s bytes.`, content },
    206: { description: "The one byte range asked for (Range: bytes=...), with Content-Range.", content },
    302: { description: "On S3 storage: a redirect to a signed address of the object, good for 60 seconds." },
    304: { description: "If-None-Match names the object's ETag." },
    404: errorAnswer(404, "No such media, a bad or expired signature, or a viewer who may not read the lesson (nothing said which)."),
    416: { description: "The range lies past the object's end (Content-Range: bytes */<size>)." },
  };
};
const NOT_FOUND = { message: "Not found.", errors: [{ message: "Not found." }] };

/** An RFC 8187 `filename*` with an ASCII `filename` fallback. */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/**
 * GET (and HEAD) /api/lessons/{id}/video and /api/lessons/{id}/files/{fileId}: a lesson's uploaded video and
 * attachments (docs/ARCHITECTURE.md, "Learning"). `<video src>` and download links cannot send a bearer header, so
 * GraphQL hands out short-lived signed URLs (`Lesson.videoSrc`, `LessonFile.url`) naming the viewer's session; a bearer
 * header works as well. Either way the lesson's access rule is read again on every request (a refund ends access at
 * once, even with a fresh URL). Anything refused is a 404 that says nothing of why.
 */
export async function lessonMediaRoutes(app: FastifyInstance, services: Services) {
  const route = restRoutes(app, services);
  const serve = async (req: FastifyRequest, reply: FastifyReply, what: MediaWhat) => {
    const viewer = await mediaViewer(services, req, what);
    const media = viewer === undefined ? null : await openableMedia(services, viewer, what);
    if (!media) return reply.code(404).header("cache-control", "private, no-store").send(NOT_FOUND);
    // Saved under the extension of its sniffed type, even a name an older version stored as the uploader gave it.
    const contentDisposition = what.mediaId ? attachmentDisposition(mediaFileName(media.name, media.contentType)) : undefined;
    if (contentDisposition) reply.header("content-disposition", contentDisposition);
    return sendPrivateObject(req, reply, services.storage, media.key, { redirectSeconds: REDIRECT_SECONDS, contentDisposition });
  };
  route.domain({
    method: ["GET", "HEAD"],
    url: "/api/lessons/:id/video",
    schema: {
      operationId: "lessonVideo",
      summary:
        "A lesson's uploaded video, streamed with range requests, for whoever may read the lesson: through the signed URL of `Lesson.videoSrc` (GraphQL) or a bearer token.",
      tags: ["lessons"],
      params: object({ id: uuid("The lesson's database id (UUID).") }),
      querystring: signedQuery,
      response: mediaAnswers("video", ["video/mp4", "video/webm"]),
    },
    handle: (call) => {
      const { id } = call.req.params as { id: string };
      return serve(call.req, call.reply, { lessonId: id });
    },
  });
  route.domain({
    method: ["GET", "HEAD"],
    url: "/api/lessons/:id/files/:fileId",
    schema: {
      operationId: "lessonFile",
      summary:
        "A lesson's attachment as a download (Content-Disposition: attachment, its name), for whoever may read the lesson: through the signed URL of `LessonFile.url` (GraphQL) or a bearer token.",
      tags: ["lessons"],
      params: object({ id: uuid("The lesson's database id (UUID)."), fileId: uuid("The file's database id (UUID).") }),
      querystring: signedQuery,
      response: mediaAnswers("file", ["application/pdf", "application/zip"]),
    },
    handle: (call) => {
      const { id, fileId } = call.req.params as { id: string; fileId: string };
      return serve(call.req, call.reply, { lessonId: id, mediaId: fileId });
    },
  });
}

/**
 * Who asks: with a signature, the session it names (checked: signature, expiry, and the session still live); without
 * one, the bearer token's session or a visitor. undefined: refused (a bad, expired or tampered signature, a session
 * that ended, a malformed id).
 */
async function mediaViewer(services: Services, req: FastifyRequest, what: MediaWhat): Promise<Viewer | null | undefined> {
  if (!UUID.test(what.lessonId) || (what.mediaId !== undefined && !UUID.test(what.mediaId))) return undefined;
  const query = req.query as { s?: unknown; e?: unknown; sig?: unknown };
  if (query.sig === undefined) return (await restContext(services, req)).viewer;
  const signed = await verifyMediaSignature(services.db.prisma, what, query);
  if (!signed) return undefined;
  if (signed.sessionId === null) return null;
  return (await viewerFromSessionId(services, signed.sessionId)) ?? undefined;
}
