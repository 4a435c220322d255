import type { Prisma } from "../../generated/prisma/client.ts";
import type { Viewer } from "../staff/permissions.ts";
import { mayEditTrackContent } from "../staff/staff.ts";

/**
 * What staff see of learners' progress (docs/ARCHITECTURE.md, "Learning"): a track's learning figures on its admin
 * page. Progress is learner data, so the figures are for the staff who run the track's content: owners, managers and
 * the instructors assigned to it (finance and other instructors get none).
 */

export interface TrackLearningStats {
  /** Learners enrolled in the track. */
  enrolled: number;
  /** Enrolled learners who opened or finished at least one of its lessons. */
  started: number;
  /** Enrolled learners who finished every counted lesson (100 %). */
  finished: number;
  /** The median of the enrolled learners' progress, 0 to 100 (the mean of the middle two for an even count); null without learners. */
  medianProgress: number | null;
}

/** Whether the viewer may see learners' progress in the track. */
export async function mayReadTrackProgress(
  db: Pick<Prisma.TransactionClient, "trackInstructor">,
  viewer: Viewer | null | undefined,
  trackId: string,
) {
  if (viewer?.role !== "ADMIN" || !viewer.staffRole) return false;
  return mayEditTrackContent(db, { id: viewer.accountId, role: viewer.staffRole }, trackId);
}

/**
 * A track's learning figures in one aggregate statement, whatever the number of learners or lessons. Progress per
 * learner is computed as `progressPercent` does (counted lessons only, rounded down), so the median agrees with the
 * percentages learners see.
 */
export async function trackLearningStats(db: Pick<Prisma.TransactionClient, "$queryRaw">, trackId: string): Promise<TrackLearningStats> {
  const [row] = await db.$queryRaw<{ enrolled: number; started: number; finished: number; median: number | null }[]>`
    WITH counted AS (
      SELECT l.id FROM "Lesson" l JOIN "Course" c ON c.id = l."courseId"
      WHERE c."trackId" = ${trackId}::uuid AND c."archivedAt" IS NULL AND l."archivedAt" IS NULL
    ), total AS (
      SELECT count(*)::int AS n FROM counted
    ), per AS (
      SELECT e.id,
        count(lp.id) FILTER (WHERE lp."completedAt" IS NOT NULL AND lp."lessonId" IN (SELECT id FROM counted)) AS done,
        count(lp.id) AS touched,
        bool_or(e."lastLessonId" IS NOT NULL) AS opened
      FROM "Enrollment" e
        LEFT JOIN "LessonProgress" lp ON lp."learnerId" = e."learnerId"
          AND lp."lessonId" IN (SELECT l.id FROM "Lesson" l JOIN "Course" c ON c.id = l."courseId" WHERE c."trackId" = ${trackId}::uuid)
      WHERE e."trackId" = ${trackId}::uuid
      GROUP BY e.id
    ), pct AS (
      SELECT per.*, CASE WHEN total.n = 0 THEN 0 ELSE floor(least(per.done, total.n) * 100 / total.n) END AS percent
      FROM per CROSS JOIN total
    )
    SELECT count(*)::int AS enrolled,
      count(*) FILTER (WHERE touched > 0 OR opened)::int AS started,
      count(*) FILTER (WHERE percent = 100)::int AS finished,
      (percentile_cont(0.5) WITHIN GROUP (ORDER BY percent))::float8 AS median
    FROM pct`;
  return {
    enrolled: row?.enrolled ?? 0,
    started: row?.started ?? 0,
    finished: row?.finished ?? 0,
    medianProgress: row?.median ?? null,
  };
}
