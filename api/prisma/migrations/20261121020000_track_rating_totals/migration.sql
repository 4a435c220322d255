-- AlterTable
ALTER TABLE "Track" ADD COLUMN "ratingCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "ratingTotal" INTEGER NOT NULL DEFAULT 0;

-- Backfill from existing ratings
UPDATE "Track" t SET "ratingCount" = r.count, "ratingTotal" = r.total
FROM (SELECT "trackId", count(*)::int AS count, sum("value")::int AS total FROM "Rating" GROUP BY "trackId") r
WHERE r."trackId" = t."id";
