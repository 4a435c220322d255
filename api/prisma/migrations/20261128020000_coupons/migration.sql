-- Coupons (docs/ARCHITECTURE.md, "Coupons"): discount codes for all or chosen tracks, bulk single-use codes for
-- sponsors, and one redemption per invoice a coupon priced. Coupons are never deleted, only deactivated.

CREATE TYPE "CouponKind" AS ENUM ('PERCENT', 'FIXED');
CREATE TYPE "RedemptionState" AS ENUM ('RESERVED', 'REDEEMED', 'RELEASED');

CREATE TABLE "CouponBatch" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "organisation" TEXT NOT NULL,
  "trackId" UUID,
  "count" INTEGER NOT NULL,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "CouponBatch_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "CouponBatch_trackId_fkey" FOREIGN KEY ("trackId") REFERENCES "Track"("id") ON DELETE SET NULL ON UPDATE CASCADE
);

CREATE TABLE "Coupon" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "code" TEXT NOT NULL,
  "kind" "CouponKind" NOT NULL,
  "value" INTEGER NOT NULL,
  "allTracks" BOOLEAN NOT NULL DEFAULT true,
  "startsAt" TIMESTAMPTZ(3),
  "endsAt" TIMESTAMPTZ(3),
  "maxRedemptions" INTEGER,
  "oncePerLearner" BOOLEAN NOT NULL DEFAULT true,
  "active" BOOLEAN NOT NULL DEFAULT true,
  "batchId" UUID,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "Coupon_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "Coupon_batchId_fkey" FOREIGN KEY ("batchId") REFERENCES "CouponBatch"("id") ON DELETE SET NULL ON UPDATE CASCADE,
  -- Codes are stored upper-case, so the unique index is case-insensitive.
  CONSTRAINT "Coupon_code_upper" CHECK ("code" = upper("code")),
  CONSTRAINT "Coupon_value_range" CHECK (("kind" = 'PERCENT' AND "value" BETWEEN 1 AND 100) OR ("kind" = 'FIXED' AND "value" >= 1)),
  CONSTRAINT "Coupon_cap_positive" CHECK ("maxRedemptions" IS NULL OR "maxRedemptions" >= 1),
  CONSTRAINT "Coupon_dates_order" CHECK ("startsAt" IS NULL OR "endsAt" IS NULL OR "startsAt" < "endsAt")
);
CREATE UNIQUE INDEX "Coupon_code_key" ON "Coupon"("code");
CREATE INDEX "Coupon_createdAt_id_idx" ON "Coupon"("createdAt" DESC, "id");
CREATE INDEX "Coupon_batchId_idx" ON "Coupon"("batchId");

CREATE TABLE "CouponTrack" (
  "couponId" UUID NOT NULL,
  "trackId" UUID NOT NULL,
  CONSTRAINT "CouponTrack_pkey" PRIMARY KEY ("couponId", "trackId"),
  CONSTRAINT "CouponTrack_couponId_fkey" FOREIGN KEY ("couponId") REFERENCES "Coupon"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "CouponTrack_trackId_fkey" FOREIGN KEY ("trackId") REFERENCES "Track"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "CouponTrack_trackId_idx" ON "CouponTrack"("trackId");

ALTER TABLE "Invoice"
  ADD COLUMN "couponId" UUID,
  ADD COLUMN "couponCode" TEXT,
  ADD CONSTRAINT "Invoice_couponId_fkey" FOREIGN KEY ("couponId") REFERENCES "Coupon"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "CouponRedemption" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "couponId" UUID NOT NULL,
  "learnerId" UUID,
  "invoiceId" UUID NOT NULL,
  "state" "RedemptionState" NOT NULL DEFAULT 'RESERVED',
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "CouponRedemption_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "CouponRedemption_couponId_fkey" FOREIGN KEY ("couponId") REFERENCES "Coupon"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
  CONSTRAINT "CouponRedemption_learnerId_fkey" FOREIGN KEY ("learnerId") REFERENCES "Learner"("id") ON DELETE SET NULL ON UPDATE CASCADE,
  CONSTRAINT "CouponRedemption_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "CouponRedemption_invoiceId_key" ON "CouponRedemption"("invoiceId");
CREATE INDEX "CouponRedemption_couponId_state_idx" ON "CouponRedemption"("couponId", "state");
CREATE INDEX "CouponRedemption_learnerId_idx" ON "CouponRedemption"("learnerId");

-- A redemption's state follows its invoice, whoever changes the status (settlement, void, expiry, abandonment,
-- failure): a paid record redeems it, pending reserves it, anything else releases it. So no release path can be missed.
CREATE FUNCTION "coupon_redemption_follows_invoice"() RETURNS trigger AS $$
BEGIN
  UPDATE "CouponRedemption"
     SET "state" = CASE
           WHEN NEW."status" IN ('PAID', 'PARTIALLY_REFUNDED', 'REFUNDED') THEN 'REDEEMED'::"RedemptionState"
           WHEN NEW."status" = 'PENDING' THEN 'RESERVED'::"RedemptionState"
           ELSE 'RELEASED'::"RedemptionState"
         END,
         "updatedAt" = CURRENT_TIMESTAMP
   WHERE "invoiceId" = NEW."id";
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "Invoice_coupon_redemption_state"
  AFTER UPDATE OF "status" ON "Invoice"
  FOR EACH ROW
  WHEN (OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "coupon_redemption_follows_invoice"();
