-- Cohorts (docs/cohorts.md): a track is self-paced (the default, as before) or sold in dated cohorts with an
-- enrollment window and a number of seats. A checkout invoice and an enrollment name the cohort they hold a seat in;
-- a cohort with such history cannot be deleted (RESTRICT).

CREATE TYPE "TrackMode" AS ENUM ('SELF_PACED', 'COHORT');

ALTER TABLE "Track" ADD COLUMN "mode" "TrackMode" NOT NULL DEFAULT 'SELF_PACED';

CREATE TABLE "Cohort" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "trackId" UUID NOT NULL,
  "name" TEXT NOT NULL,
  "startsAt" TIMESTAMPTZ(3) NOT NULL,
  "endsAt" TIMESTAMPTZ(3) NOT NULL,
  "enrollmentOpensAt" TIMESTAMPTZ(3),
  "enrollmentClosesAt" TIMESTAMPTZ(3),
  "capacity" INTEGER,
  "published" BOOLEAN NOT NULL DEFAULT false,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "Cohort_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "Cohort_trackId_fkey" FOREIGN KEY ("trackId") REFERENCES "Track"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  -- The domain checks these with messages; the database holds them whoever writes.
  CONSTRAINT "Cohort_ends_after_start" CHECK ("endsAt" > "startsAt"),
  CONSTRAINT "Cohort_window_order" CHECK ("enrollmentOpensAt" IS NULL OR "enrollmentClosesAt" IS NULL OR "enrollmentClosesAt" > "enrollmentOpensAt"),
  CONSTRAINT "Cohort_capacity_positive" CHECK ("capacity" IS NULL OR "capacity" >= 1)
);
CREATE INDEX "Cohort_trackId_startsAt_idx" ON "Cohort"("trackId", "startsAt");

ALTER TABLE "Enrollment"
  ADD COLUMN "cohortId" UUID,
  ADD CONSTRAINT "Enrollment_cohortId_fkey" FOREIGN KEY ("cohortId") REFERENCES "Cohort"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
CREATE INDEX "Enrollment_cohortId_idx" ON "Enrollment"("cohortId");

ALTER TABLE "Invoice"
  ADD COLUMN "cohortId" UUID,
  ADD CONSTRAINT "Invoice_cohortId_fkey" FOREIGN KEY ("cohortId") REFERENCES "Cohort"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
CREATE INDEX "Invoice_cohortId_idx" ON "Invoice"("cohortId");
