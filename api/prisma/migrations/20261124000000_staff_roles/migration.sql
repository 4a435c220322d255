-- Staff accounts with roles (docs/ARCHITECTURE.md, "Staff and roles").
CREATE TYPE "StaffRole" AS ENUM ('OWNER', 'MANAGER', 'FINANCE', 'INSTRUCTOR');

ALTER TABLE "Admin" ADD COLUMN "staffRole" "StaffRole",
ADD COLUMN "approvedAt" TIMESTAMPTZ(3),
ADD COLUMN "disabled" BOOLEAN NOT NULL DEFAULT false;

-- Before this migration anyone could sign up as an admin. The earliest verified admin becomes the owner; every other
-- existing admin waits for that owner's approval (Staff page), so no account a stranger may have made keeps its power.
UPDATE "Admin" SET "staffRole" = 'OWNER', "approvedAt" = now()
WHERE "id" = (SELECT "id" FROM "Admin" WHERE "emailVerifiedAt" IS NOT NULL ORDER BY "createdAt", "id" LIMIT 1);

CREATE INDEX "Admin_createdAt_id_idx" ON "Admin"("createdAt" DESC, "id");

CREATE TABLE "TrackInstructor" (
    "trackId" UUID NOT NULL,
    "adminId" UUID NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "TrackInstructor_pkey" PRIMARY KEY ("trackId", "adminId")
);
CREATE INDEX "TrackInstructor_adminId_idx" ON "TrackInstructor"("adminId");
ALTER TABLE "TrackInstructor" ADD CONSTRAINT "TrackInstructor_trackId_fkey" FOREIGN KEY ("trackId") REFERENCES "Track"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "TrackInstructor" ADD CONSTRAINT "TrackInstructor_adminId_fkey" FOREIGN KEY ("adminId") REFERENCES "Admin"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "StaffInvitation" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "email" TEXT NOT NULL,
    "role" "StaffRole" NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "invitedById" UUID,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "acceptedAt" TIMESTAMPTZ(3),
    "revokedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "StaffInvitation_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "StaffInvitation_tokenHash_key" ON "StaffInvitation"("tokenHash");
CREATE INDEX "StaffInvitation_email_createdAt_idx" ON "StaffInvitation"("email", "createdAt");
CREATE INDEX "StaffInvitation_createdAt_id_idx" ON "StaffInvitation"("createdAt" DESC, "id");
ALTER TABLE "StaffInvitation" ADD CONSTRAINT "StaffInvitation_invitedById_fkey" FOREIGN KEY ("invitedById") REFERENCES "Admin"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "AuditEntry" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "actorId" UUID,
    "actorEmail" TEXT NOT NULL,
    "actorRole" TEXT,
    "action" TEXT NOT NULL,
    "entityType" TEXT NOT NULL,
    "entityId" TEXT,
    "changes" JSONB,
    "ip" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AuditEntry_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "AuditEntry_createdAt_id_idx" ON "AuditEntry"("createdAt" DESC, "id");
CREATE INDEX "AuditEntry_actorId_createdAt_idx" ON "AuditEntry"("actorId", "createdAt");
CREATE INDEX "AuditEntry_entityType_createdAt_idx" ON "AuditEntry"("entityType", "createdAt");

-- Append-only: nobody, the application included, may change or remove an entry.
CREATE FUNCTION "audit_entry_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'AuditEntry is append-only';
END;
$$;
CREATE TRIGGER "AuditEntry_append_only" BEFORE UPDATE OR DELETE ON "AuditEntry"
FOR EACH ROW EXECUTE FUNCTION "audit_entry_append_only"();
CREATE TRIGGER "AuditEntry_no_truncate" BEFORE TRUNCATE ON "AuditEntry"
FOR EACH STATEMENT EXECUTE FUNCTION "audit_entry_append_only"();
