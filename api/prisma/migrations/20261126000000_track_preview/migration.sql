-- A draft track's unlisted preview link: anyone holding the token sees the draft's page on the learner site. Null
-- when the track has no link (published tracks never have one: publishing clears it).
ALTER TABLE "Track" ADD COLUMN "previewToken" TEXT;
