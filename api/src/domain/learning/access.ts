import type { Prisma, PrismaClient } from "../../generated/prisma/client.ts";
import { NotFoundError } from "../errors.ts";
import { can, type Viewer } from "../staff/permissions.ts";

/**
 * Who may read a lesson's content (its Markdown body, its video link; later its files and quiz): the one rule, read by
 * GraphQL (`Lesson.body`, `Lesson.videoUrl`), REST and the progress writes. docs/ARCHITECTURE.md, "Learning".
 * - staff who read the catalogue (every approved role) may read every lesson;
 * - a learner enrolled in the lesson's track may read its lessons (archived ones too, like archived courses);
 * - anyone may read a free-preview lesson of a published, unarchived track, in an unarchived course.
 * Enrollment is read with the lesson on every request, never remembered: a refund or an admin removal deletes the
 * enrollment, and the next request is refused.
 * A lesson's outline (title, kind, minutes, preview flag) is public wherever its track is visible.
 */

export const LESSON_NOT_FOUND = "Lesson not found.";
export const LESSON_LOCKED = "Enroll in this track to open this lesson.";
/** A paused enrollment (an instalment unpaid past the grace days, docs/payments.md "Instalments"): why, and what to do. */
export const lessonPaused = (reason: string | null | undefined) =>
  `Your access to this track is paused. ${reason ?? "An instalment is unpaid."} Pay it from your portal ("Pay now") to continue.`;

/** What the rule reads of a lesson, as a Prisma `select` (loaded in the same statement as the lesson). */
export function lessonAccessSelect(viewer: Viewer | null | undefined) {
  const learnerId = viewer?.role === "LEARNER" ? viewer.accountId : null;
  return {
    freePreview: true,
    archivedAt: true,
    course: {
      select: {
        archivedAt: true,
        trackId: true,
        track: {
          select: {
            status: true,
            archivedAt: true,
            // The viewer's own enrollment, if any (none for anyone but a learner: an id no row has).
            enrollments: {
              where: { learnerId: learnerId ?? NO_ACCOUNT },
              select: { id: true, pausedAt: true, pausedReason: true },
              take: 1,
            },
          },
        },
      },
    },
  } satisfies Prisma.LessonSelect;
}

const NO_ACCOUNT = "00000000-0000-0000-0000-000000000000";

export interface LessonAccessRow {
  freePreview: boolean;
  archivedAt: Date | null;
  course: {
    archivedAt: Date | null;
    track: {
      status: string;
      archivedAt: Date | null;
      enrollments: { id: string; pausedAt?: Date | null; pausedReason?: string | null }[];
    };
  };
}

/** Whether the viewer is enrolled in the lesson's track (given the row lessonAccessSelect loaded for this viewer). */
export function isEnrolled(viewer: Viewer | null | undefined, row: LessonAccessRow): boolean {
  return viewer?.role === "LEARNER" && row.course.track.enrollments.length > 0;
}

/** The viewer's enrollment in the lesson's track is paused (an unpaid instalment): its reason, else null. */
export function pausedEnrollment(viewer: Viewer | null | undefined, row: LessonAccessRow): string | null {
  const enrollment = viewer?.role === "LEARNER" ? row.course.track.enrollments[0] : undefined;
  return enrollment?.pausedAt ? lessonPaused(enrollment.pausedReason) : null;
}

/** Whether the viewer may see the lesson exists: its track is readable, and archived parts only for staff and enrolled learners. */
export function maySeeLesson(viewer: Viewer | null | undefined, row: LessonAccessRow): boolean {
  if (can(viewer, "readCatalogue") || isEnrolled(viewer, row)) return true;
  const { course } = row;
  return row.archivedAt === null && course.archivedAt === null && course.track.status === "PUBLISHED" && course.track.archivedAt === null;
}

/** The rule: whether the viewer may read the lesson's content. */
export function mayReadLessonContent(viewer: Viewer | null | undefined, row: LessonAccessRow): boolean {
  if (can(viewer, "readCatalogue")) return true;
  // A paused enrollment reads only what anyone may (free previews) until the part is paid.
  if (isEnrolled(viewer, row) && !pausedEnrollment(viewer, row)) return true;
  return row.freePreview && maySeeLesson(viewer, row);
}

/** The lessons a viewer may find by id (a Prisma `where`), as maySeeLesson says. */
export function visibleLessons(viewer: Viewer | null | undefined): Prisma.LessonWhereInput {
  if (can(viewer, "readCatalogue")) return {};
  const open: Prisma.LessonWhereInput = {
    archivedAt: null,
    course: { archivedAt: null, track: { status: "PUBLISHED", archivedAt: null } },
  };
  if (viewer?.role !== "LEARNER") return open;
  return { OR: [open, { course: { track: { enrollments: { some: { learnerId: viewer.accountId } } } } }] };
}

/**
 * The lessons whose content a viewer may read (a Prisma `where`), as mayReadLessonContent says: what a record under a
 * lesson's content (an uploaded file, a quiz's questions) is looked up through, e.g. by `node(id:)`.
 */
export function readableLessons(viewer: Viewer | null | undefined): Prisma.LessonWhereInput {
  if (can(viewer, "readCatalogue")) return {};
  const preview: Prisma.LessonWhereInput = {
    freePreview: true,
    archivedAt: null,
    course: { archivedAt: null, track: { status: "PUBLISHED", archivedAt: null } },
  };
  if (viewer?.role !== "LEARNER") return preview;
  return { OR: [preview, { course: { track: { enrollments: { some: { learnerId: viewer.accountId, pausedAt: null } } } } }] };
}

/**
 * A lesson the viewer may read the content of, with its track's id; a lesson the viewer may not even see is "not
 * found", one they see but may not open is refused (ForbiddenError with LESSON_LOCKED, or `paused`'s message).
 */
export async function readableLesson(prisma: PrismaClient | Prisma.TransactionClient, viewer: Viewer | null, lessonId: string) {
  const row = await prisma.lesson.findUnique({
    where: { id: lessonId },
    select: { id: true, courseId: true, kind: true, ...lessonAccessSelect(viewer) },
  });
  if (!row || !maySeeLesson(viewer, row)) throw new NotFoundError(LESSON_NOT_FOUND);
  return {
    row,
    readable: mayReadLessonContent(viewer, row),
    enrolled: isEnrolled(viewer, row),
    /** The refusal's message when the viewer's enrollment is paused, else null. */
    paused: pausedEnrollment(viewer, row),
  };
}
