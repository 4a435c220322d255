import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Readable } from "node:stream";
import type { Prisma, PrismaClient } from "../../generated/prisma/client.ts";
import { NOT_ASSIGNED_MESSAGE } from "../catalogue/courses.ts";
import type { DomainServices as Services } from "../deps.ts";
import { AppError, ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { type Actor, recordAudit } from "../staff/audit.ts";
import type { Viewer } from "../staff/permissions.ts";
import { mayEditTrackContent } from "../staff/staff.ts";
import { LESSON_LOCKED, LESSON_NOT_FOUND, readableLesson } from "./access.ts";
import { markLessonDoneWithin } from "./progress.ts";

/**
 * A lesson's uploaded media (docs/ARCHITECTURE.md, "Learning"): a VIDEO lesson's uploaded video (mp4 or webm) and a
 * FILE lesson's attachments (PDF or zip, which covers pptx/docx/odp slides). Types are told by the first bytes, never
 * by the name or the announced type; the bytes go to the private storage under random keys; browsers reach them
 * through short-lived signed URLs whose every use re-reads the lesson's access rule.
 */

export type MediaTarget = "video" | "file";

export const MEDIA_MESSAGES = {
  video: "Upload an MP4 or WebM video.",
  file: "Upload a PDF or a ZIP file (slides: pptx, docx, odp and key files are ZIP files).",
  target: "Choose whether the upload is the lesson's video or one of its files.",
  videoLesson: "Only a video lesson can have an uploaded video.",
  fileLesson: "Only a file lesson can have attachments.",
  tooLarge: (limit: number) => `The file is too large (at most ${formatBytes(limit)}).`,
  tooManyUploads: (limit: number) =>
    `You already have ${limit} unfinished uploads. Finish or cancel one before starting another (unfinished uploads are removed after a day).`,
  tooManyBytes: (limit: number) =>
    `Your unfinished uploads would come to more than ${formatBytes(limit)} together. Finish or cancel one before starting another.`,
  serverBusy: "The server is taking too many uploads at the moment. Please try again later.",
  diskFull: "The server does not have enough free disk space for this upload. Please try again later.",
  empty: "The file is empty.",
  fileNotFound: "File not found.",
  percent: "The watched share must be a number from 0 to 100.",
  notVideo: "Only a video lesson is completed by watching it.",
} as const;

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${Math.round((bytes / 1024 ** 3) * 10) / 10} GB`;
  if (bytes >= 1024 ** 2) return `${Math.round((bytes / 1024 ** 2) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} kB`;
  return `${bytes} bytes`;
}

/** How many first bytes sniffMedia needs. */
export const SNIFF_BYTES = 12;

/** What the first bytes say a file is, for the target it is uploaded as; null: not a type this target takes. */
export function sniffMedia(target: MediaTarget, head: Uint8Array): { contentType: string; extension: string } | null {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (target === "video") {
    // ISO base media (mp4): a box whose type, at byte 4, is `ftyp`. WebM (Matroska): the EBML header 1A 45 DF A3.
    if (bytes.length >= 8 && bytes.toString("latin1", 4, 8) === "ftyp") return { contentType: "video/mp4", extension: "mp4" };
    if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) return { contentType: "video/webm", extension: "webm" };
    return null;
  }
  if (bytes.length >= 5 && bytes.toString("latin1", 0, 5) === "%PDF-") return { contentType: "application/pdf", extension: "pdf" };
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x504b0304) return { contentType: "application/zip", extension: "zip" };
  return null;
}

/**
 * A file name fit to show and to save as: the last path part, control characters and characters Windows refuses
 * dropped, spaces squeezed, at most 120 characters (the extension kept); `fallback` when nothing is left.
 */
export function sanitizeFileName(name: string | undefined, fallback: string): string {
  const base = (name ?? "").split(/[/\\]/).pop() ?? "";
  // Control characters and the characters Windows refuses in names are dropped.
  let clean = [...base]
    .filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f && !'<>:"|?*'.includes(c))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
  clean = clean.replace(/^\.+/, "");
  if (clean.length > 120) {
    const dot = clean.lastIndexOf(".");
    const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : "";
    clean = clean.slice(0, 120 - ext.length) + ext;
  }
  return clean || fallback;
}

/**
 * The extensions a saved file may have, for each type sniffMedia tells (the first is the one added): a ZIP file keeps
 * the name of the ZIP-based formats slides and documents come in, and nothing else.
 */
export const MEDIA_EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  "video/mp4": ["mp4", "m4v"],
  "video/webm": ["webm"],
  "application/pdf": ["pdf"],
  "application/zip": ["zip", "pptx", "docx", "xlsx", "odp", "odt", "ods", "key"],
};

/**
 * The name a media file is shown and saved under: sanitised (sanitizeFileName), and ending in an extension of the type
 * its first bytes showed, whatever the uploader named it. Another extension is replaced ("a.html" -> "a.pdf"); a name
 * without one, or ending in something that is not one (a dot, a space), gets it appended. So a PDF carrying a page
 * after its header is never saved as .html. Used when an upload is stored and again whenever a name is served, which
 * corrects the names older versions stored as given. `fallback` (no extension) stands for an empty name.
 */
export function mediaFileName(name: string | undefined, contentType: string, fallback = "file"): string {
  const allowed = MEDIA_EXTENSIONS[contentType];
  const clean = sanitizeFileName(name, fallback);
  if (!allowed) return clean;
  const [wanted] = allowed as [string];
  const found = /\.([a-z0-9]{1,10})$/i.exec(clean);
  if (found && allowed.includes((found[1] as string).toLowerCase())) return clean;
  let base = found && found.index > 0 ? clean.slice(0, found.index) : clean;
  base = base.slice(0, 120 - wanted.length - 1);
  return `${base}.${wanted}`;
}

/** The size limit of an upload target, from the configuration. */
export function mediaLimit(deps: Pick<Services, "config">, target: MediaTarget): number {
  return target === "video" ? deps.config.lessonVideoMaxBytes : deps.config.lessonFileMaxBytes;
}

/**
 * Whether the actor may upload `target` media to the lesson, checked when an upload starts and again when it is
 * attached: the lesson exists, the actor may edit its track, the lesson's kind takes that target, the size is within
 * the limit. Throws the typed error (404, 403, 400, 413) otherwise.
 */
export async function checkMediaUpload(
  deps: Services,
  actor: Actor,
  lessonId: string,
  target: string | undefined,
  size: number | undefined,
  db: PrismaClient | Prisma.TransactionClient = deps.db.prisma,
): Promise<{ trackId: string; target: MediaTarget }> {
  if (target !== "video" && target !== "file") throw new ValidationError(MEDIA_MESSAGES.target);
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(lessonId)) throw new NotFoundError(LESSON_NOT_FOUND);
  const lesson = await db.lesson.findUnique({ where: { id: lessonId }, select: { kind: true, course: { select: { trackId: true } } } });
  if (!lesson) throw new NotFoundError(LESSON_NOT_FOUND);
  if (!(await mayEditTrackContent(db, actor, lesson.course.trackId))) throw new ForbiddenError(NOT_ASSIGNED_MESSAGE);
  if (target === "video" && lesson.kind !== "VIDEO") throw new ValidationError(MEDIA_MESSAGES.videoLesson);
  if (target === "file" && lesson.kind !== "FILE") throw new ValidationError(MEDIA_MESSAGES.fileLesson);
  const limit = mediaLimit(deps, target);
  if (size !== undefined && size > limit) throw new PayloadTooLargeError(MEDIA_MESSAGES.tooLarge(limit));
  if (size === 0) throw new ValidationError(MEDIA_MESSAGES.empty);
  return { trackId: lesson.course.trackId, target };
}

/** An upload over its limit (HTTP 413). */
export class PayloadTooLargeError extends AppError {
  override name = "PayloadTooLargeError";
  readonly status = 413;
}

/** A new private key for a lesson's media: random, so no URL can be guessed from another. */
export function newMediaKey(lessonId: string, extension: string): string {
  return `lessons/${lessonId}/${randomBytes(16).toString("hex")}.${extension}`;
}

export interface UploadedMedia {
  lessonId: string;
  target: string | undefined;
  /** The name the client gave; sanitised here. */
  name: string | undefined;
  size: number;
  /** The first bytes (at least SNIFF_BYTES, or the whole file when smaller). */
  head: Uint8Array;
  /** The whole file, from its first byte. */
  open: () => Readable;
}

/**
 * Stores a finished upload and attaches it to its lesson: the type is sniffed from the first bytes (refused, nothing
 * kept, when it is not one the target takes), the bytes are streamed into the private storage, then, under the lesson's
 * row lock and after the access check again, a video replaces the lesson's old one (whose object is removed after the
 * commit) and a file is added after the others. Anything that fails after the object was stored removes it.
 */
export async function attachLessonMedia(deps: Services, actor: Actor, upload: UploadedMedia) {
  const { target } = await checkMediaUpload(deps, actor, upload.lessonId, upload.target, upload.size);
  const type = sniffMedia(target, upload.head);
  if (!type) throw new ValidationError(target === "video" ? MEDIA_MESSAGES.video : MEDIA_MESSAGES.file);
  const name = mediaFileName(upload.name, type.contentType, target);
  const key = newMediaKey(upload.lessonId, type.extension);
  await deps.storage.putPrivate(key, { stream: upload.open(), length: upload.size }, type.contentType);
  let replaced: string[] = [];
  try {
    const media = await deps.db.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1 FROM "Lesson" WHERE "id" = ${upload.lessonId}::uuid FOR UPDATE`;
      await checkMediaUpload(deps, actor, upload.lessonId, target, upload.size, tx);
      const kind = target === "video" ? "VIDEO" : "FILE";
      const existing = await tx.lessonMedia.findMany({
        where: { lessonId: upload.lessonId, kind },
        select: { id: true, key: true, position: true },
      });
      if (kind === "VIDEO") {
        replaced = existing.map((m) => m.key);
        await tx.lessonMedia.deleteMany({ where: { id: { in: existing.map((m) => m.id) } } });
      }
      const position = kind === "FILE" ? Math.max(-1, ...existing.map((m) => m.position)) + 1 : 0;
      const created = await tx.lessonMedia.create({
        data: { lessonId: upload.lessonId, kind, position, name, contentType: type.contentType, size: BigInt(upload.size), key },
      });
      await recordAudit(tx, actor, {
        action: kind === "VIDEO" ? "lesson.video.upload" : "lesson.file.upload",
        entityType: "Lesson",
        entityId: upload.lessonId,
        before: null,
        after: { id: created.id, name, contentType: type.contentType, size: upload.size },
      });
      return created;
    });
    for (const old of replaced) await deps.storage.removePrivate(old).catch(() => undefined);
    return media;
  } catch (error) {
    await deps.storage.removePrivate(key).catch(() => undefined);
    throw error;
  }
}

/** Removes one media row (an attachment, or the uploaded video) and its object. */
export async function deleteLessonMedia(deps: Services, actor: Actor, mediaId: string) {
  const media = await deps.db.prisma.lessonMedia.findUnique({ where: { id: mediaId }, select: { lessonId: true, kind: true } });
  if (!media) throw new NotFoundError(MEDIA_MESSAGES.fileNotFound);
  const removed = await deps.db.prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "Lesson" WHERE "id" = ${media.lessonId}::uuid FOR UPDATE`;
    const row = await tx.lessonMedia.findUnique({
      where: { id: mediaId },
      include: { lesson: { select: { course: { select: { trackId: true } } } } },
    });
    if (!row) throw new NotFoundError(MEDIA_MESSAGES.fileNotFound);
    if (!(await mayEditTrackContent(tx, actor, row.lesson.course.trackId))) throw new ForbiddenError(NOT_ASSIGNED_MESSAGE);
    await tx.lessonMedia.delete({ where: { id: mediaId } });
    await recordAudit(tx, actor, {
      action: row.kind === "VIDEO" ? "lesson.video.delete" : "lesson.file.delete",
      entityType: "Lesson",
      entityId: row.lessonId,
      before: { id: row.id, name: row.name, size: Number(row.size) },
      after: null,
    });
    return row;
  });
  await deps.storage.removePrivate(removed.key).catch(() => undefined);
  return { id: mediaId, lessonId: removed.lessonId };
}

/** Removes the stored objects of media rows (after their lesson was deleted: the rows went with it). */
export async function removeMediaObjects(deps: Services, keys: string[]) {
  for (const key of keys) await deps.storage.removePrivate(key).catch(() => undefined);
}

// ---- Signed media URLs ----

/** How long a signed media URL works. Long enough to watch a long video with seeks (each seek is a new request). */
export const MEDIA_URL_TTL_SECONDS = 4 * 60 * 60;
const SIGNING_SECRET = "media-url-signing";

/**
 * The media URL signing key: a random secret made once and kept in the database (ServerSecret), so every API instance
 * signs and checks alike. Read once per process and database.
 */
const signingKeys = new WeakMap<object, Promise<Buffer>>();
export function mediaSigningKey(prisma: PrismaClient): Promise<Buffer> {
  let key = signingKeys.get(prisma);
  if (!key) {
    key = (async () => {
      await prisma.serverSecret.createMany({
        data: [{ name: SIGNING_SECRET, value: randomBytes(32).toString("base64url") }],
        skipDuplicates: true,
      });
      const row = await prisma.serverSecret.findUniqueOrThrow({ where: { name: SIGNING_SECRET } });
      return Buffer.from(row.value, "base64url");
    })();
    key.catch(() => signingKeys.delete(prisma));
    signingKeys.set(prisma, key);
  }
  return key;
}

/** What a URL opens: `video` or `file:<mediaId>`, of a lesson. */
export type MediaWhat = { lessonId: string; mediaId?: string };

function signature(key: Buffer, what: MediaWhat, sessionId: string, expires: number): string {
  return createHmac("sha256", key)
    .update(`${what.lessonId}\n${what.mediaId ?? "video"}\n${sessionId}\n${expires}`)
    .digest("base64url");
}

/**
 * The media URL of a lesson's video or file for a viewer: `?s=<session id or ->&e=<expiry, unix seconds>&sig=<HMAC>`.
 * The URL names the viewer's session (never its token), so the route re-reads who it is, and whether they still may.
 */
export async function signedMediaUrl(prisma: PrismaClient, viewer: Viewer | null | undefined, what: MediaWhat, now = Date.now()) {
  const key = await mediaSigningKey(prisma);
  // Rounded so that URLs made in the same few minutes are equal (the browser's cache and the player keep them).
  const expires = Math.ceil((now / 1000 + MEDIA_URL_TTL_SECONDS) / 300) * 300;
  const session = viewer?.sessionId ?? "-";
  const path = what.mediaId ? `/api/lessons/${what.lessonId}/files/${what.mediaId}` : `/api/lessons/${what.lessonId}/video`;
  return `${path}?s=${session}&e=${expires}&sig=${signature(key, what, session, expires)}`;
}

/** Checks a media URL's signature and expiry; the session it names ("-": anonymous), or null when it does not hold. */
export async function verifyMediaSignature(
  prisma: PrismaClient,
  what: MediaWhat,
  query: { s?: unknown; e?: unknown; sig?: unknown },
  now = Date.now(),
): Promise<{ sessionId: string | null } | null> {
  const { s, e, sig } = query;
  if (typeof s !== "string" || typeof e !== "string" || typeof sig !== "string" || !/^\d{1,12}$/.test(e)) return null;
  const expires = Number(e);
  if (expires * 1000 <= now) return null;
  const expected = Buffer.from(signature(await mediaSigningKey(prisma), what, s, expires));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { sessionId: s === "-" ? null : s };
}

/**
 * The stored object a viewer may open: the lesson's access rule (readableLesson) is read afresh, then the media row.
 * Anything the viewer may not have is "not found" (nothing said about whether it exists).
 */
export async function openableMedia(deps: Services, viewer: Viewer | null, what: MediaWhat) {
  let readable = false;
  try {
    readable = (await readableLesson(deps.db.prisma, viewer, what.lessonId)).readable;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
  if (!readable) return null;
  return deps.db.prisma.lessonMedia.findFirst({
    where: what.mediaId ? { id: what.mediaId, lessonId: what.lessonId, kind: "FILE" } : { lessonId: what.lessonId, kind: "VIDEO" },
    select: { key: true, name: true, contentType: true, size: true },
  });
}

// ---- Watching ----

/**
 * Records that an enrolled learner watched `percent` of a lesson's uploaded video (the player counts the played time
 * ranges); at 90 % or more the lesson is done, through markLessonDoneWithin (idempotent: the first time is kept).
 */
export async function recordVideoWatched(deps: Services, viewer: Viewer, lessonId: string, percent: number) {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) throw new ValidationError(MEDIA_MESSAGES.percent);
  const { row, enrolled, paused } = await readableLesson(deps.db.prisma, viewer, lessonId);
  if (!enrolled) throw new ForbiddenError(LESSON_LOCKED);
  if (paused) throw new ForbiddenError(paused);
  // Watching completes a video only: a quiz is completed by passing it, never by this call.
  if (row.kind !== "VIDEO") throw new ValidationError(MEDIA_MESSAGES.notVideo);
  if (percent < 90) return { lessonId, trackId: row.course.trackId };
  return deps.db.prisma.$transaction((tx) => markLessonDoneWithin(tx, viewer.accountId, lessonId, row.course.trackId));
}
