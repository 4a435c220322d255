-- Staff progress views (docs/ARCHITECTURE.md, "Learning"): when an enrollment became COMPLETED, for the report's
-- completions per month. Set once, by the path that marks the last lesson done.
ALTER TABLE "Enrollment" ADD COLUMN "completedAt" TIMESTAMPTZ(3);

-- Enrollments completed before this column existed: the time their learner finished the track's last lesson.
UPDATE "Enrollment" e SET "completedAt" = done.at
FROM (
  SELECT en.id, max(lp."completedAt") AS at
  FROM "Enrollment" en
    JOIN "Course" c ON c."trackId" = en."trackId"
    JOIN "Lesson" l ON l."courseId" = c.id
    JOIN "LessonProgress" lp ON lp."lessonId" = l.id AND lp."learnerId" = en."learnerId"
  WHERE en.status = 'COMPLETED' AND lp."completedAt" IS NOT NULL
  GROUP BY en.id
) done
WHERE e.id = done.id;
-- Completed without any recorded lesson (none should be): the enrollment's own date, so every COMPLETED one has a time.
UPDATE "Enrollment" SET "completedAt" = "createdAt" WHERE status = 'COMPLETED' AND "completedAt" IS NULL;

CREATE INDEX "Enrollment_completedAt_idx" ON "Enrollment"("completedAt");
