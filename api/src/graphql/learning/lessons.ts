import { encodeGlobalID } from "@pothos/plugin-relay";
import DataLoader from "dataloader";
import { parseVideoLink } from "../../../../common/video.ts";
import { isEnrolled, lessonAccessSelect, mayReadLessonContent, pausedEnrollment, visibleLessons } from "../../domain/learning/access.ts";
import { createLesson, deleteLesson, reorderLessons, updateLesson, updateTrackOutcomes } from "../../domain/learning/lessons.ts";
import { completeLesson, type EnrollmentOutline, enrollmentOutlines, saveLessonPosition } from "../../domain/learning/progress.ts";
import type { Viewer } from "../../domain/staff/permissions.ts";
import { builder } from "../builder.ts";
import { Course } from "../catalogue/course.ts";
import { LESSON_ORDER } from "../catalogue/outline.ts";
import { Track, TrackPayload } from "../catalogue/track.ts";
import { actor, type Context } from "../context.ts";
import { commonErrors } from "../schema/errors.ts";
import { DeletePayload } from "../schema/payloads.ts";
import { Enrollment } from "./enrollment.ts";

/** Lessons, progress and a track's learning outline (docs/ARCHITECTURE.md, "Learning"). */

export const LessonKind = builder.enumType("LessonKind", {
  description: "What a lesson holds.",
  values: {
    TEXT: { description: "Markdown text (GitHub-flavoured), shown sanitized." },
    VIDEO: {
      description: "An uploaded video (mp4, webm), or a YouTube or Vimeo video shown through the provider's privacy-friendly embed.",
    },
    FILE: { description: "Downloadable attachments (PDF, zip, slides), uploaded." },
    QUIZ: { description: "A quiz: its questions and pass mark are `Lesson.quiz`, saved with saveQuiz." },
  } as const,
});

/** The viewer's own progress row of a lesson (learners only; an id no row has for anyone else). */
function ownProgress(viewer: Viewer | null | undefined) {
  const learnerId = viewer?.role === "LEARNER" ? viewer.accountId : "00000000-0000-0000-0000-000000000000";
  return { progress: { where: { learnerId }, select: { completedAt: true, positionSeconds: true }, take: 1 } };
}

export const Lesson = builder.prismaNode("Lesson", {
  id: { field: "id" },
  findUnique: (id, ctx) => ({ id, ...visibleLessons(ctx.viewer) }) as { id: string },
  // A well-formed id of a lesson that does not exist (or that the viewer may not see) resolves to null.
  nullable: true,
  description:
    "A lesson of a course. Its outline (title, kind, minutes, free preview) is public wherever its track is; its content (`body`, `videoUrl`) only for learners enrolled in the track, staff, and anyone for a free-preview lesson.",
  fields: (t) => ({
    title: t.exposeString("title", { description: "Title." }),
    kind: t.expose("kind", { type: LessonKind, description: "What the lesson holds." }),
    minutes: t.exposeInt("minutes", { description: "Estimated minutes." }),
    freePreview: t.exposeBoolean("freePreview", { description: "Open to anyone on the track's public page." }),
    position: t.exposeInt("position", { description: "Place in the course, from 0." }),
    course: t.relation("course", { description: "The course the lesson belongs to." }),
    archivedAt: t.expose("archivedAt", {
      type: "DateTime",
      nullable: true,
      description: "When the lesson was archived (deleted while learners had progress in it); null while active.",
    }),
    locked: t.boolean({
      description: "True when the viewer may not read the content (`body` and `videoUrl` are then null).",
      select: (_args, ctx) => lessonAccessSelect(ctx.viewer),
      resolve: (lesson, _args, ctx) => !mayReadLessonContent(ctx.viewer, lesson),
    }),
    pausedReason: t.string({
      nullable: true,
      description: "When the viewer's enrollment in the track is paused (an unpaid instalment): why, and what to do; else null.",
      select: (_args, ctx) => lessonAccessSelect(ctx.viewer),
      resolve: (lesson, _args, ctx) => pausedEnrollment(ctx.viewer, lesson),
    }),
    body: t.string({
      nullable: true,
      description: "TEXT lessons: the Markdown text; null for a viewer who may not read it.",
      select: (_args, ctx) => ({ body: true, ...lessonAccessSelect(ctx.viewer) }),
      resolve: (lesson, _args, ctx) => (mayReadLessonContent(ctx.viewer, lesson) ? lesson.body : null),
    }),
    videoUrl: t.string({
      nullable: true,
      description: "VIDEO lessons: the YouTube or Vimeo link; null for a viewer who may not read it.",
      select: (_args, ctx) => ({ videoUrl: true, ...lessonAccessSelect(ctx.viewer) }),
      resolve: (lesson, _args, ctx) => (mayReadLessonContent(ctx.viewer, lesson) ? lesson.videoUrl : null),
    }),
    videoEmbedUrl: t.string({
      nullable: true,
      description:
        "VIDEO lessons: the privacy-friendly embed address (youtube-nocookie.com, player.vimeo.com with dnt=1); null as `videoUrl`.",
      select: (_args, ctx) => ({ videoUrl: true, ...lessonAccessSelect(ctx.viewer) }),
      resolve: (lesson, _args, ctx) =>
        mayReadLessonContent(ctx.viewer, lesson) ? (parseVideoLink(lesson.videoUrl)?.embedUrl ?? null) : null,
    }),
    completed: t.boolean({
      description: "Whether the signed-in learner marked the lesson done (false for anyone else).",
      select: (_args, ctx) => ownProgress(ctx.viewer),
      resolve: (lesson) => lesson.progress.some((p) => p.completedAt !== null),
    }),
    positionSeconds: t.int({
      description: "Where the signed-in learner stopped in the lesson's video, in seconds (0 for anyone else).",
      select: (_args, ctx) => ownProgress(ctx.viewer),
      resolve: (lesson) => lesson.progress[0]?.positionSeconds ?? 0,
    }),
    enrolled: t.boolean({
      description: "Whether the signed-in learner is enrolled in the lesson's track (may mark it complete).",
      select: (_args, ctx) => lessonAccessSelect(ctx.viewer),
      resolve: (lesson, _args, ctx) => isEnrolled(ctx.viewer, lesson),
    }),
  }),
});

/**
 * The outlines (progress, the lesson Continue resumes) of the enrollments one request reads, loaded together in one
 * statement (enrollmentOutlines) however many enrollments the page lists.
 */
const outlineLoaders = new WeakMap<Context, DataLoader<string, EnrollmentOutline>>();
function enrollmentOutline(ctx: Context, enrollmentId: string): Promise<EnrollmentOutline> {
  let loader = outlineLoaders.get(ctx);
  if (!loader) {
    loader = new DataLoader(async (ids: readonly string[]) => {
      const outlines = await enrollmentOutlines(ctx.services.db.prisma, ids);
      return ids.map((id) => outlines.get(id) ?? { progress: 0, continueLessonId: null });
    });
    outlineLoaders.set(ctx, loader);
  }
  return loader.load(enrollmentId);
}

builder.prismaObjectFields(Enrollment, (t) => ({
  progress: t.int({
    description: "The share of the track's lessons the learner marked done, 0 to 100.",
    select: { id: true },
    resolve: async (enrollment, _args, ctx) => (await enrollmentOutline(ctx, enrollment.id)).progress,
  }),
  continueLessonId: t.id({
    nullable: true,
    description: "The global ID of `continueLesson` (the lesson Continue resumes); null without lessons.",
    select: { id: true },
    resolve: async (enrollment, _args, ctx) => {
      const { continueLessonId } = await enrollmentOutline(ctx, enrollment.id);
      return continueLessonId ? encodeGlobalID("Lesson", continueLessonId) : null;
    },
  }),
  continueLesson: t.field({
    type: Lesson,
    nullable: true,
    description: "The lesson Continue resumes: the one the learner last opened, else the track's first; null without lessons.",
    select: (_args, _ctx, nestedSelection) => ({
      lastLesson: nestedSelection({ where: { archivedAt: null } } as never),
      track: {
        select: {
          courses: {
            where: { archivedAt: null },
            orderBy: [{ createdAt: "asc" as const }, { id: "asc" as const }],
            select: { lessons: nestedSelection({ where: { archivedAt: null }, orderBy: LESSON_ORDER, take: 1 } as never) },
          },
        },
      },
    }),
    resolve: (enrollment) => {
      const last = (enrollment as unknown as { lastLesson: unknown }).lastLesson as
        | (typeof Lesson.$inferType & { archivedAt: Date | null })
        | null;
      if (last && !last.archivedAt) return last;
      const courses = (enrollment.track as unknown as { courses: { lessons: (typeof Lesson.$inferType)[] }[] }).courses;
      return courses.flatMap((c) => c.lessons)[0] ?? null;
    },
  }),
}));

const LessonInput = builder.inputType("LessonInput", {
  description: "The lesson form.",
  fields: (t) => ({
    title: t.string({ description: "Title." }),
    kind: t.field({ type: LessonKind, description: "TEXT, VIDEO, FILE or QUIZ." }),
    minutes: t.int({ description: "Estimated minutes, 0 to 600." }),
    freePreview: t.boolean({ description: "Open to anyone on the track's public page." }),
    body: t.string({ description: "TEXT: the Markdown text." }),
    videoUrl: t.string({ description: "VIDEO: a YouTube or Vimeo link." }),
  }),
});

const LessonPayload = builder.objectRef<{ lesson: typeof Lesson.$inferType }>("LessonPayload").implement({
  description: "A saved lesson.",
  fields: (t) => ({ lesson: t.field({ type: Lesson, description: "The lesson as saved.", resolve: (p) => p.lesson }) }),
});

const ReorderLessonsPayload = builder.objectRef<{ courseId: string }>("ReorderLessonsPayload").implement({
  description: "A course whose lessons were reordered.",
  fields: (t) => ({
    course: t.prismaField({
      type: "Course",
      description: "The course, its lessons in the new order.",
      resolve: (query, p, _args, ctx) => ctx.services.db.prisma.course.findUniqueOrThrow({ ...query, where: { id: p.courseId } }),
    }),
  }),
});

export const LessonProgressPayload = builder
  .objectRef<{ lessonId: string; trackId?: string; progress?: number }>("LessonProgressPayload")
  .implement({
    description: "A learner's progress after a change.",
    fields: (t) => ({
      lesson: t.prismaField({
        type: "Lesson",
        description: "The lesson, with the learner's progress in it.",
        resolve: (query, p, _args, ctx) => ctx.services.db.prisma.lesson.findUniqueOrThrow({ ...query, where: { id: p.lessonId } }),
      }),
      progress: t.int({
        nullable: true,
        description: "The track's progress after completeLesson, 0 to 100 (null after saveLessonPosition).",
        resolve: (p) => p.progress ?? null,
      }),
    }),
  });

const errors = { types: commonErrors };

builder.mutationFields((t) => ({
  createLesson: t.field({
    type: LessonPayload,
    errors,
    authScopes: { can: "editCourses" },
    description: "Adds a lesson at the end of a course.",
    args: {
      courseId: t.arg.globalID({ required: true, for: [Course], description: "The course." }),
      input: t.arg({ type: LessonInput, required: true, description: "The lesson." }),
    },
    resolve: async (_root, { courseId, input }, ctx) => ({ lesson: await createLesson(ctx.services, actor(ctx), courseId.id, input) }),
  }),
  updateLesson: t.field({
    type: LessonPayload,
    errors,
    authScopes: { can: "editCourses" },
    description: "Saves changes to a lesson.",
    args: {
      id: t.arg.globalID({ required: true, for: [Lesson], description: "The lesson's ID." }),
      input: t.arg({ type: LessonInput, required: true, description: "The lesson's new values." }),
    },
    resolve: async (_root, { id, input }, ctx) => ({ lesson: await updateLesson(ctx.services, actor(ctx), id.id, input) }),
  }),
  deleteLesson: t.field({
    type: DeletePayload,
    errors,
    authScopes: { can: "editCourses" },
    description: "Deletes a lesson; one learners have progress in is archived instead (`archived: true`).",
    args: { id: t.arg.globalID({ required: true, for: [Lesson], description: "The lesson's ID." }) },
    resolve: async (_root, { id }, ctx) => ({ ...(await deleteLesson(ctx.services, actor(ctx), id.id)), type: "Lesson" }),
  }),
  reorderLessons: t.field({
    type: ReorderLessonsPayload,
    errors,
    authScopes: { can: "editCourses" },
    description: "Puts a course's lessons in a new order: `ids` lists every active lesson of the course once.",
    args: {
      courseId: t.arg.globalID({ required: true, for: [Course], description: "The course." }),
      ids: t.arg.globalIDList({ required: true, for: [Lesson], description: "The lessons in their new order." }),
    },
    resolve: async (_root, { courseId, ids }, ctx) => {
      await reorderLessons(
        ctx.services,
        actor(ctx),
        courseId.id,
        ids.map((id) => id.id),
      );
      return { courseId: courseId.id };
    },
  }),
  updateTrackOutcomes: t.field({
    type: TrackPayload,
    errors,
    authScopes: { can: "editCourses" },
    description: "Sets a track's \"What you'll learn\" bullets (up to 12; empty lines are dropped).",
    args: {
      trackId: t.arg.globalID({ required: true, for: [Track], description: "The track." }),
      outcomes: t.arg.stringList({ required: true, description: "The bullets, in order." }),
    },
    resolve: async (_root, { trackId, outcomes }, ctx) => ({
      track: await updateTrackOutcomes(ctx.services, actor(ctx), trackId.id, outcomes),
    }),
  }),
  completeLesson: t.field({
    type: LessonProgressPayload,
    errors,
    authScopes: { learner: true },
    description: "Marks a lesson of a track you are enrolled in as done.",
    args: { id: t.arg.globalID({ required: true, for: [Lesson], description: "The lesson's ID." }) },
    resolve: (_root, { id }, ctx) => completeLesson(ctx.services, ctx.viewer as Viewer, id.id),
  }),
  saveLessonPosition: t.field({
    type: LessonProgressPayload,
    errors,
    authScopes: { learner: true },
    description: "Remembers where you are in a lesson (a video's second) and makes it the lesson Continue resumes.",
    args: {
      id: t.arg.globalID({ required: true, for: [Lesson], description: "The lesson's ID." }),
      seconds: t.arg.int({
        required: false,
        description: "Seconds from the start, 0 to 86400; left out (opening the lesson): the saved position is kept.",
      }),
    },
    resolve: (_root, { id, seconds }, ctx) => saveLessonPosition(ctx.services, ctx.viewer as Viewer, id.id, seconds),
  }),
}));
