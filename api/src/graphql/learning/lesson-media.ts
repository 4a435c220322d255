import { NotFoundError } from "../../domain/errors.ts";
import { lessonAccessSelect, mayReadLessonContent, readableLessons } from "../../domain/learning/access.ts";
import { deleteLessonMedia, MEDIA_MESSAGES, mediaFileName, recordVideoWatched, signedMediaUrl } from "../../domain/learning/media.ts";
import type { Viewer } from "../../domain/staff/permissions.ts";
import { builder } from "../builder.ts";
import { actor } from "../context.ts";
import { commonErrors } from "../schema/errors.ts";
import { DeletePayload } from "../schema/payloads.ts";
import { Lesson, LessonProgressPayload } from "./lessons.ts";

/**
 * A lesson's uploaded media (docs/ARCHITECTURE.md, "Learning"): the uploaded video of a VIDEO lesson and the
 * attachments of a FILE lesson, each with a short-lived signed URL for whoever may read the lesson. The bytes arrive
 * through the resumable upload (http/lesson-uploads.ts) and leave through the media routes (rest/learning/lesson-media.ts).
 */

export const LessonFile = builder.prismaNode("LessonMedia", {
  name: "LessonFile",
  id: { field: "id" },
  // By id, only for a viewer who may read the lesson's content (the rule Lesson.files and Lesson.uploadedVideo follow).
  findUnique: (id, ctx) => ({ id, lesson: readableLessons(ctx.viewer) }) as { id: string },
  nullable: true,
  description: "An uploaded file of a lesson: a FILE lesson's attachment or a VIDEO lesson's uploaded video.",
  fields: (t) => ({
    name: t.string({
      description: "The uploaded file's name (sanitised): what a download is saved as.",
      // Ending in its sniffed type's extension, as the download's Content-Disposition says (names stored before that too).
      resolve: (m) => mediaFileName(m.name, m.contentType),
    }),
    contentType: t.exposeString("contentType", {
      description: "The type its first bytes say (video/mp4, video/webm, application/pdf, application/zip).",
    }),
    size: t.float({ description: "Size in bytes.", resolve: (m) => Number(m.size) }),
    url: t.string({
      description: "A signed address of the file for the viewer (a download), good for a few hours; checked again on every use.",
      resolve: (m, _args, ctx) =>
        signedMediaUrl(
          ctx.services.db.prisma,
          ctx.viewer,
          m.kind === "VIDEO" ? { lessonId: m.lessonId } : { lessonId: m.lessonId, mediaId: m.id },
        ),
    }),
  }),
});

builder.prismaObjectFields(Lesson, (t) => ({
  videoSrc: t.string({
    nullable: true,
    description:
      "VIDEO lessons with an uploaded video: its signed address for `<video src>` (range requests), good for a few hours and checked again on every use; null without one or for a viewer who may not read the lesson.",
    select: (_args, ctx) => ({
      id: true,
      media: { where: { kind: "VIDEO" as const }, select: { id: true }, take: 1 },
      ...lessonAccessSelect(ctx.viewer),
    }),
    resolve: (lesson, _args, ctx) =>
      lesson.media.length && mayReadLessonContent(ctx.viewer, lesson)
        ? signedMediaUrl(ctx.services.db.prisma, ctx.viewer, { lessonId: lesson.id })
        : null,
  }),
  uploadedVideo: t.field({
    type: LessonFile,
    nullable: true,
    description: "VIDEO lessons: the uploaded video (name, size, type); null without one or for a viewer who may not read the lesson.",
    select: (_args, ctx) => ({ media: { where: { kind: "VIDEO" as const }, take: 1 }, ...lessonAccessSelect(ctx.viewer) }),
    resolve: (lesson, _args, ctx) => (mayReadLessonContent(ctx.viewer, lesson) ? (lesson.media[0] ?? null) : null),
  }),
  files: t.field({
    type: [LessonFile],
    description: "FILE lessons: the attachments, in order; empty for a viewer who may not read the lesson.",
    select: (_args, ctx) => ({
      media: { where: { kind: "FILE" as const }, orderBy: [{ position: "asc" as const }, { id: "asc" as const }] },
      ...lessonAccessSelect(ctx.viewer),
    }),
    resolve: (lesson, _args, ctx) => (mayReadLessonContent(ctx.viewer, lesson) ? lesson.media : []),
  }),
}));

const errors = { types: commonErrors };

builder.mutationFields((t) => ({
  deleteLessonFile: t.field({
    type: DeletePayload,
    errors,
    authScopes: { can: "editCourses" },
    description: "Deletes a lesson's attachment or uploaded video, and its stored bytes.",
    args: { id: t.arg.globalID({ required: true, for: [LessonFile], description: "The file's ID (LessonFile)." }) },
    resolve: async (_root, { id }, ctx) => {
      if (id.typename !== "LessonFile") throw new NotFoundError(MEDIA_MESSAGES.fileNotFound);
      const deleted = await deleteLessonMedia(ctx.services, actor(ctx), id.id);
      return { id: deleted.id, type: "LessonFile" };
    },
  }),
  recordVideoWatched: t.field({
    type: LessonProgressPayload,
    errors,
    authScopes: { learner: true },
    description:
      "Tells how much of a lesson's uploaded video you have watched (the played time ranges, 0 to 100); at 90 or more the lesson is done (once).",
    args: {
      id: t.arg.globalID({ required: true, for: [Lesson], description: "The lesson's ID." }),
      percent: t.arg.float({ required: true, description: "The share of the video watched, 0 to 100." }),
    },
    resolve: (_root, { id, percent }, ctx) => recordVideoWatched(ctx.services, ctx.viewer as Viewer, id.id, percent),
  }),
}));
