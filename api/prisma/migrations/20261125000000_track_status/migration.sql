-- Tracks can be kept as drafts, seen only by staff until published. Every existing track was public, so it stays
-- published (the column's default).
CREATE TYPE "TrackStatus" AS ENUM ('DRAFT', 'PUBLISHED');
ALTER TABLE "Track" ADD COLUMN "status" "TrackStatus" NOT NULL DEFAULT 'PUBLISHED';

-- The learners' catalogue search matches the description as well as the name.
CREATE INDEX "Track_description_idx" ON "Track" USING GIN ("description" gin_trgm_ops);

-- The average rating, computed by the database from the running totals whatever writes them, so the catalogue can be
-- sorted by rating in SQL. The app never writes it.
ALTER TABLE "Track" ADD COLUMN "ratingAverage" DOUBLE PRECISION
  GENERATED ALWAYS AS (CASE WHEN "ratingCount" > 0 THEN "ratingTotal"::double precision / "ratingCount" END) STORED;
