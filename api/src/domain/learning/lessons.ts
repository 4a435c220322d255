import { z } from "zod";
import { LESSON_LIMITS, LESSON_MESSAGES } from "../../../../common/learning.ts";
import { parseVideoLink } from "../../../../common/video.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import { NOT_ASSIGNED_MESSAGE } from "../catalogue/courses.ts";
import type { DomainServices as Services } from "../deps.ts";
import { ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { type Actor, recordAudit } from "../staff/audit.ts";
import { mayEditTrackContent } from "../staff/staff.ts";
import { type FormInput, parseInput } from "../validation.ts";
import { LESSON_NOT_FOUND } from "./access.ts";
import { removeMediaObjects } from "./media.ts";

/**
 * Authoring lessons (owners, managers, and instructors in their assigned tracks, as for courses). Positions are
 * 0, 1, ... in a course, unique; every write that changes them holds the course's row lock, so concurrent adds and
 * reorders run one after the other. docs/ARCHITECTURE.md, "Learning".
 */

/** The kinds authored: a QUIZ lesson's questions are saved by saveQuiz, a FILE lesson's attachments are uploaded (learning/media.ts). */
const AUTHORED_KINDS = ["TEXT", "VIDEO", "FILE", "QUIZ"] as const;

const lessonInput = z
  .object({
    title: z.string({ error: LESSON_MESSAGES.title }).trim().min(1, LESSON_MESSAGES.title).max(160),
    kind: z.enum(AUTHORED_KINDS, { error: LESSON_MESSAGES.kind }),
    minutes: z
      .number({ error: LESSON_MESSAGES.minutes })
      .int(LESSON_MESSAGES.minutes)
      .min(LESSON_LIMITS.minutes.min, LESSON_MESSAGES.minutes)
      .max(LESSON_LIMITS.minutes.max, LESSON_MESSAGES.minutes),
    freePreview: z
      .boolean()
      .nullish()
      .transform((v) => v ?? false),
    body: z
      .string()
      .max(100_000, LESSON_MESSAGES.body)
      .nullish()
      .transform((v) => v ?? ""),
    videoUrl: z.string().max(500, LESSON_MESSAGES.video).nullish(),
  })
  .transform((input, ctx) => {
    if (input.kind !== "VIDEO") return { ...input, videoUrl: null };
    // No link: the lesson's video is uploaded (learning/media.ts).
    if (!input.videoUrl?.trim()) return { ...input, videoUrl: null };
    const link = parseVideoLink(input.videoUrl);
    if (!link) {
      ctx.addIssue({ code: "custom", path: ["videoUrl"], message: LESSON_MESSAGES.video });
      return z.NEVER;
    }
    return { ...input, videoUrl: link.url };
  });

/** The form's values; `kind` is checked here (FILE and QUIZ cannot be authored yet). */
export type LessonInput = FormInput<Omit<z.input<typeof lessonInput>, "kind"> & { kind: string }>;

export async function editableCourse(tx: Prisma.TransactionClient, actor: Actor, courseId: string) {
  // The course's row lock orders lesson writes of one course (positions stay unique and dense under concurrency).
  const locked = await tx.$queryRaw<{ trackId: string }[]>`SELECT "trackId" FROM "Course" WHERE "id" = ${courseId}::uuid FOR UPDATE`;
  const course = locked[0];
  if (!course) throw new NotFoundError(LESSON_MESSAGES.course);
  if (!(await mayEditTrackContent(tx, actor, course.trackId))) throw new ForbiddenError(NOT_ASSIGNED_MESSAGE);
  return course;
}

async function existingLesson(deps: Services, id: string) {
  const lesson = await deps.db.prisma.lesson.findUnique({ where: { id }, select: { courseId: true } });
  if (!lesson) throw new NotFoundError(LESSON_NOT_FOUND);
  return lesson;
}

/** Adds a lesson at the end of a course. */
export async function createLesson(deps: Services, actor: Actor, courseId: string, raw: LessonInput) {
  const input = parseInput(lessonInput, raw);
  const lesson = await deps.db.prisma.$transaction(async (tx) => {
    await editableCourse(tx, actor, courseId);
    const last = await tx.lesson.aggregate({ where: { courseId }, _max: { position: true } });
    const created = await tx.lesson.create({ data: { ...input, courseId, position: (last._max.position ?? -1) + 1 } });
    await recordAudit(tx, actor, { action: "lesson.create", entityType: "Lesson", entityId: created.id, before: null, after: created });
    return created;
  });
  deps.publicCache.clear();
  return lesson;
}

export async function updateLesson(deps: Services, actor: Actor, id: string, raw: LessonInput) {
  const input = parseInput(lessonInput, raw);
  const { courseId } = await existingLesson(deps, id);
  const lesson = await deps.db.prisma.$transaction(async (tx) => {
    await editableCourse(tx, actor, courseId);
    const before = await tx.lesson.findUnique({ where: { id } });
    if (!before) throw new NotFoundError(LESSON_NOT_FOUND);
    const after = await tx.lesson.update({ where: { id }, data: input });
    await recordAudit(tx, actor, { action: "lesson.update", entityType: "Lesson", entityId: id, before, after });
    return after;
  });
  deps.publicCache.clear();
  return lesson;
}

/** Deletes a lesson; one that learners have progress in is archived instead (`archived: true`), like courses. */
export async function deleteLesson(deps: Services, actor: Actor, id: string): Promise<{ id: string; archived: boolean }> {
  const { courseId } = await existingLesson(deps, id);
  let mediaKeys: string[] = [];
  const archived = await deps.db.prisma.$transaction(async (tx) => {
    await editableCourse(tx, actor, courseId);
    const before = await tx.lesson.findUnique({ where: { id } });
    if (!before) throw new NotFoundError(LESSON_NOT_FOUND);
    if ((await tx.lessonProgress.count({ where: { lessonId: id } })) > 0) {
      if (before.archivedAt) return true;
      const after = await tx.lesson.update({ where: { id }, data: { archivedAt: new Date() } });
      await recordAudit(tx, actor, { action: "lesson.archive", entityType: "Lesson", entityId: id, before, after });
      return true;
    }
    mediaKeys = (await tx.lessonMedia.findMany({ where: { lessonId: id }, select: { key: true } })).map((m) => m.key);
    await tx.lesson.delete({ where: { id } });
    await recordAudit(tx, actor, { action: "lesson.delete", entityType: "Lesson", entityId: id, before, after: null });
    return false;
  });
  // The uploaded media went with the lesson's rows; their stored bytes go now.
  await removeMediaObjects(deps, mediaKeys);
  deps.publicCache.clear();
  return { id, archived };
}

/**
 * Puts a course's lessons in a new order: `ids` lists every lesson of the course that is not archived, once, in the
 * new order (archived ones follow, in their old order). Positions become 0, 1, ... in one transaction under the
 * course's row lock; the old positions first move out of the way (negative), so no row ever collides with another.
 */
export async function reorderLessons(deps: Services, actor: Actor, courseId: string, ids: string[]) {
  const lessons = await deps.db.prisma.$transaction(async (tx) => {
    await editableCourse(tx, actor, courseId);
    const current = await tx.lesson.findMany({
      where: { courseId },
      orderBy: { position: "asc" },
      select: { id: true, archivedAt: true, position: true },
    });
    const active = current.filter((l) => !l.archivedAt).map((l) => l.id);
    const wanted = new Set(ids);
    if (ids.length !== active.length || wanted.size !== ids.length || !active.every((id) => wanted.has(id))) {
      throw ValidationError.forField("ids", LESSON_MESSAGES.reorder);
    }
    const order = [...ids, ...current.filter((l) => l.archivedAt).map((l) => l.id)];
    await tx.$executeRaw`UPDATE "Lesson" SET "position" = -1 - "position" WHERE "courseId" = ${courseId}::uuid`;
    await tx.$executeRaw`
      UPDATE "Lesson" AS l SET "position" = v.ord - 1, "updatedAt" = now()
      FROM unnest(${order}::uuid[]) WITH ORDINALITY AS v(id, ord)
      WHERE l."id" = v.id AND l."courseId" = ${courseId}::uuid`;
    await recordAudit(tx, actor, {
      action: "lesson.reorder",
      entityType: "Course",
      entityId: courseId,
      before: { lessons: current.map((l) => l.id) },
      after: { lessons: order },
    });
    return tx.lesson.findMany({ where: { courseId }, orderBy: { position: "asc" } });
  });
  deps.publicCache.clear();
  return lessons;
}

const outcomesInput = z.object({
  outcomes: z
    .array(z.string({ error: LESSON_MESSAGES.outcomes }).trim().max(200, LESSON_MESSAGES.outcomes), { error: LESSON_MESSAGES.outcomes })
    .max(12, LESSON_MESSAGES.outcomes)
    .transform((list) => list.filter((line) => line.length > 0)),
});

/** Sets a track's "What you'll learn" bullets (empty lines dropped). */
export async function updateTrackOutcomes(deps: Services, actor: Actor, trackId: string, outcomes: string[]) {
  const input = parseInput(outcomesInput, { outcomes });
  const track = await deps.db.prisma.$transaction(async (tx) => {
    const before = await tx.track.findUnique({ where: { id: trackId }, select: { id: true, outcomes: true } });
    if (!before) throw new NotFoundError("Track not found.");
    if (!(await mayEditTrackContent(tx, actor, trackId))) throw new ForbiddenError(NOT_ASSIGNED_MESSAGE);
    const after = await tx.track.update({ where: { id: trackId }, data: { outcomes: input.outcomes } });
    await recordAudit(tx, actor, {
      action: "track.outcomes",
      entityType: "Track",
      entityId: trackId,
      before,
      after: { id: trackId, outcomes: after.outcomes },
    });
    return after;
  });
  deps.publicCache.clear();
  return track;
}
