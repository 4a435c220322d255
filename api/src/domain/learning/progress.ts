import { z } from "zod";
import { QUIZ_MESSAGES } from "../../../../common/learning.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import type { DomainServices as Services } from "../deps.ts";
import { ForbiddenError, ValidationError } from "../errors.ts";
import type { Viewer } from "../staff/permissions.ts";
import { parseInput } from "../validation.ts";
import { LESSON_LOCKED, readableLesson } from "./access.ts";
import { issueCertificateWithin } from "./certificates.ts";

/**
 * A learner's progress in a track: the share of its lessons (not archived, in courses not archived) they marked done,
 * 0 to 100, rounded down so that 100 means every lesson. A track without lessons is at 0.
 */
export function progressPercent(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.floor((Math.min(done, total) * 100) / total);
}

/** The lessons that count towards a track's progress (a Prisma `where` on Lesson). */
export const COUNTED_LESSONS = { archivedAt: null, course: { archivedAt: null } } as const satisfies Prisma.LessonWhereInput;

/** Where an enrollment stands: its progress (0 to 100) and the lesson Continue resumes (null without lessons). */
export interface EnrollmentOutline {
  progress: number;
  continueLessonId: string | null;
}

/**
 * The outline of each of a page of enrollments ($1: their ids), in one statement whatever the page's size: the track's
 * counted lessons and the learner's completed ones among them (COUNTED_LESSONS), and the lesson Continue resumes: the
 * one the learner last opened unless it was archived, else the first lesson (by position) of the first course (oldest
 * first) that has one. Each figure is an index lookup per enrollment, so the cost follows the page, not the size of the
 * tracks or of the learner's other progress. A constant with one parameter, so the bench's floor sends the same text.
 */
export const ENROLLMENT_OUTLINES_SQL = `SELECT e."id",
  (SELECT count(*)::int FROM "Lesson" l JOIN "Course" c ON c."id" = l."courseId"
    WHERE c."trackId" = e."trackId" AND c."archivedAt" IS NULL AND l."archivedAt" IS NULL) AS "total",
  (SELECT count(*)::int FROM "LessonProgress" p
    JOIN "Lesson" l ON l."id" = p."lessonId" JOIN "Course" c ON c."id" = l."courseId"
    WHERE p."learnerId" = e."learnerId" AND p."completedAt" IS NOT NULL
      AND c."trackId" = e."trackId" AND c."archivedAt" IS NULL AND l."archivedAt" IS NULL) AS "done",
  COALESCE(
    (SELECT l."id" FROM "Lesson" l WHERE l."id" = e."lastLessonId" AND l."archivedAt" IS NULL),
    (SELECT l."id" FROM "Course" c JOIN "Lesson" l ON l."courseId" = c."id"
      WHERE c."trackId" = e."trackId" AND c."archivedAt" IS NULL AND l."archivedAt" IS NULL
      ORDER BY c."createdAt", c."id", l."position", l."id" LIMIT 1)
  )::text AS "continueLessonId"
FROM "Enrollment" e
WHERE e."id" = ANY($1::uuid[])`;

/** ENROLLMENT_OUTLINES_SQL's rows as outlines, by enrollment id; an id that names no enrollment is left out. */
export async function enrollmentOutlines(
  db: Pick<Prisma.TransactionClient, "$queryRawUnsafe">,
  enrollmentIds: readonly string[],
): Promise<Map<string, EnrollmentOutline>> {
  if (enrollmentIds.length === 0) return new Map();
  // A constant statement and a bound parameter: nothing is spliced into the text.
  const rows = await db.$queryRawUnsafe<{ id: string; total: number; done: number; continueLessonId: string | null }[]>(
    ENROLLMENT_OUTLINES_SQL,
    [...enrollmentIds],
  );
  return new Map(rows.map((row) => [row.id, outlineOf(row)]));
}

/** An outline from a row of ENROLLMENT_OUTLINES_SQL. */
export function outlineOf(row: { total: number; done: number; continueLessonId: string | null }): EnrollmentOutline {
  return { progress: progressPercent(row.done, row.total), continueLessonId: row.continueLessonId };
}

/** How many counted lessons of a track a learner finished, and how many there are (two counts). */
export async function trackProgress(db: Prisma.TransactionClient, learnerId: string, trackId: string) {
  const where = { ...COUNTED_LESSONS, course: { ...COUNTED_LESSONS.course, trackId } };
  const [total, done] = await Promise.all([
    db.lesson.count({ where }),
    db.lessonProgress.count({ where: { learnerId, completedAt: { not: null }, lesson: where } }),
  ]);
  return { done, total, percent: progressPercent(done, total) };
}

async function enrolledLesson(deps: Services, viewer: Viewer, lessonId: string) {
  const { row, enrolled, paused } = await readableLesson(deps.db.prisma, viewer, lessonId);
  // Progress belongs to enrollments: a free preview is open to anyone, but only an enrolled learner records progress.
  if (!enrolled) throw new ForbiddenError(LESSON_LOCKED);
  if (paused) throw new ForbiddenError(paused);
  return row;
}

/**
 * Marks a lesson done for an enrolled learner (once: marking again keeps the first time), makes it the lesson
 * Continue resumes, and marks the enrollment COMPLETED when every counted lesson of the track is done.
 */
export async function completeLesson(deps: Services, viewer: Viewer, lessonId: string) {
  const row = await enrolledLesson(deps, viewer, lessonId);
  // Only a passed attempt completes a quiz (quizzes.ts): Mark complete would skip it.
  if (row.kind === "QUIZ") throw new ValidationError(QUIZ_MESSAGES.completeQuiz);
  const trackId = row.course.trackId;
  return deps.db.prisma.$transaction((tx) => markLessonDoneWithin(tx, viewer.accountId, lessonId, trackId));
}

/**
 * The one place a lesson becomes done, inside the caller's transaction (Mark complete, a video watched to 90 %, a
 * quiz passed): records the first completion time, makes the lesson the one Continue resumes, and marks the
 * enrollment COMPLETED when every counted lesson of the track is done, issuing the learner's certificate of the track
 * (certificates.ts). The caller has checked the enrollment.
 */
export async function markLessonDoneWithin(tx: Prisma.TransactionClient, learnerId: string, lessonId: string, trackId: string) {
  const now = new Date();
  await tx.lessonProgress.upsert({
    where: { learnerId_lessonId: { learnerId, lessonId } },
    create: { learnerId, lessonId, completedAt: now, lastSeenAt: now },
    update: { lastSeenAt: now },
  });
  await tx.lessonProgress.updateMany({ where: { learnerId, lessonId, completedAt: null }, data: { completedAt: now } });
  const progress = await trackProgress(tx, learnerId, trackId);
  // The enrollment may have gone since the check (a refund at this moment): then nothing is updated.
  const enrolled = await tx.enrollment.updateMany({
    where: { learnerId, trackId },
    data: { lastLessonId: lessonId, ...(progress.percent === 100 ? { status: "COMPLETED" } : {}) },
  });
  // The first time the enrollment is at 100 %: when it was completed (the report's completions per month), kept after
  // that, and its certificate, mailed through the outbox. Only then: a certificate staff revoked stays revoked when the
  // learner marks a lesson again (a new enrollment, after a refund and a new purchase, earns a new one).
  const first =
    progress.percent === 100 && enrolled.count > 0
      ? await tx.enrollment.updateMany({ where: { learnerId, trackId, completedAt: null }, data: { completedAt: now } })
      : { count: 0 };
  if (first.count > 0) await issueCertificateWithin(tx, learnerId, trackId);
  return { lessonId, trackId, progress: progress.percent };
}

export const POSITION_MESSAGE = "The position must be a whole number of seconds from 0 to 86400.";
const positionInput = z.object({
  seconds: z.number({ error: POSITION_MESSAGE }).int(POSITION_MESSAGE).min(0, POSITION_MESSAGE).max(86_400, POSITION_MESSAGE),
});

/**
 * Remembers where an enrolled learner is in a lesson (a video's second), and makes it the lesson Continue resumes.
 * Without `seconds` (opening the lesson) the saved position is kept: opening a lesson never rewinds its video.
 */
export async function saveLessonPosition(deps: Services, viewer: Viewer, lessonId: string, seconds?: number | null) {
  const given = seconds === undefined || seconds === null ? null : parseInput(positionInput, { seconds }).seconds;
  const row = await enrolledLesson(deps, viewer, lessonId);
  const learnerId = viewer.accountId;
  const saved = await deps.db.prisma.$transaction(async (tx) => {
    const now = new Date();
    const progress = await tx.lessonProgress.upsert({
      where: { learnerId_lessonId: { learnerId, lessonId } },
      create: { learnerId, lessonId, positionSeconds: given ?? 0, lastSeenAt: now },
      update: given === null ? { lastSeenAt: now } : { positionSeconds: given, lastSeenAt: now },
      select: { positionSeconds: true },
    });
    await tx.enrollment.updateMany({ where: { learnerId, trackId: row.course.trackId }, data: { lastLessonId: lessonId } });
    return progress;
  });
  return { lessonId, positionSeconds: saved.positionSeconds };
}
