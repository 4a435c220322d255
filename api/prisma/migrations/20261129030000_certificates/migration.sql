-- Certificates (docs/ARCHITECTURE.md, "Learning"): issued when a learner finishes every lesson of a track, verified
-- publicly by code, revoked by staff, a full refund or the enrollment's removal.
CREATE TABLE "Certificate" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "code" TEXT NOT NULL,
  "learnerId" UUID NOT NULL,
  "trackId" UUID NOT NULL,
  "learnerName" TEXT NOT NULL,
  "trackName" TEXT NOT NULL,
  "issuedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "revokedAt" TIMESTAMPTZ(3),
  "revokeReason" TEXT,
  "revokedById" UUID,
  CONSTRAINT "Certificate_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "Certificate_code_check" CHECK ("code" ~ '^[A-HJKMNP-Z2-9]{12}$'),
  CONSTRAINT "Certificate_revoked_check" CHECK (("revokedAt" IS NULL) = ("revokeReason" IS NULL))
);
CREATE UNIQUE INDEX "Certificate_code_key" ON "Certificate"("code");
-- At most one VALID certificate per learner and track: concurrent completions of the last lesson insert one
-- (INSERT ... ON CONFLICT DO NOTHING against this index); revoked ones stay beside a newer valid one.
CREATE UNIQUE INDEX "Certificate_valid_learnerId_trackId_key" ON "Certificate"("learnerId", "trackId") WHERE "revokedAt" IS NULL;
CREATE INDEX "Certificate_trackId_idx" ON "Certificate"("trackId");
ALTER TABLE "Certificate" ADD CONSTRAINT "Certificate_learnerId_fkey" FOREIGN KEY ("learnerId") REFERENCES "Learner"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Certificate" ADD CONSTRAINT "Certificate_trackId_fkey" FOREIGN KEY ("trackId") REFERENCES "Track"("id") ON DELETE CASCADE ON UPDATE CASCADE;
