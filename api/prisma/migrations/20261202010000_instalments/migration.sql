-- Instalment plans (docs/payments.md, "Instalments"): a track may be sold in parts; a learner's plan numbers its parts'
-- invoices; a reusable card a learner paid with is kept to charge the later parts; an unpaid part past the grace days
-- pauses the enrollment (never revokes it).

CREATE TYPE "InstalmentInterval" AS ENUM ('WEEKLY', 'MONTHLY');
CREATE TYPE "PaymentPlanStatus" AS ENUM ('PENDING', 'ACTIVE', 'COMPLETED', 'CANCELLED');

-- A track's offer: parts 2..12, the first part in the track's main currency, less than the price (checked by the domain
-- against the price, which may change; the schedule is computed at checkout from the price of that day).
CREATE TABLE "InstalmentPlan" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "trackId" UUID NOT NULL,
  "parts" INTEGER NOT NULL,
  "interval" "InstalmentInterval" NOT NULL,
  "firstAmountCents" INTEGER NOT NULL,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "InstalmentPlan_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "InstalmentPlan_trackId_fkey" FOREIGN KEY ("trackId") REFERENCES "Track"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "InstalmentPlan_parts_range" CHECK ("parts" BETWEEN 2 AND 12),
  CONSTRAINT "InstalmentPlan_first_positive" CHECK ("firstAmountCents" > 0)
);
CREATE UNIQUE INDEX "InstalmentPlan_trackId_key" ON "InstalmentPlan"("trackId");

-- A learner's plan: its parts are invoices (paymentPlanId, partNumber).
CREATE TABLE "PaymentPlan" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "learnerId" UUID,
  "trackId" UUID,
  "currency" TEXT NOT NULL,
  "parts" INTEGER NOT NULL,
  "interval" "InstalmentInterval" NOT NULL,
  -- Each part's amount and the tax inside it, fixed at checkout (part 1 first); they add up to the full price.
  "amountsCents" INTEGER[] NOT NULL,
  "taxCents" INTEGER[] NOT NULL,
  "status" "PaymentPlanStatus" NOT NULL DEFAULT 'PENDING',
  "activatedAt" TIMESTAMPTZ(3),
  "completedAt" TIMESTAMPTZ(3),
  "cancelledAt" TIMESTAMPTZ(3),
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "PaymentPlan_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "PaymentPlan_learnerId_fkey" FOREIGN KEY ("learnerId") REFERENCES "Learner"("id") ON DELETE SET NULL ON UPDATE CASCADE,
  CONSTRAINT "PaymentPlan_trackId_fkey" FOREIGN KEY ("trackId") REFERENCES "Track"("id") ON DELETE SET NULL ON UPDATE CASCADE,
  CONSTRAINT "PaymentPlan_currency_known" CHECK ("currency" IN ('NGN', 'GHS', 'KES', 'ZAR', 'USD')),
  CONSTRAINT "PaymentPlan_parts_range" CHECK ("parts" BETWEEN 2 AND 12)
);
CREATE INDEX "PaymentPlan_learnerId_trackId_idx" ON "PaymentPlan"("learnerId", "trackId");
CREATE INDEX "PaymentPlan_status_idx" ON "PaymentPlan"("status");

ALTER TABLE "Invoice"
  ADD COLUMN "paymentPlanId" UUID,
  ADD COLUMN "partNumber" INTEGER,
  -- Declined charges of the saved card for this part (at most INSTALMENT_CHARGE_TRIES), and when the next may be made.
  ADD COLUMN "chargeAttempts" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "nextChargeAt" TIMESTAMPTZ(3),
  ADD CONSTRAINT "Invoice_paymentPlanId_fkey" FOREIGN KEY ("paymentPlanId") REFERENCES "PaymentPlan"("id") ON DELETE SET NULL ON UPDATE CASCADE,
  ADD CONSTRAINT "Invoice_part_with_plan" CHECK (("paymentPlanId" IS NULL) = ("partNumber" IS NULL)),
  ADD CONSTRAINT "Invoice_part_range" CHECK ("partNumber" IS NULL OR "partNumber" BETWEEN 1 AND 12);
CREATE UNIQUE INDEX "Invoice_paymentPlanId_partNumber_key" ON "Invoice"("paymentPlanId", "partNumber");

-- Paused: a part unpaid past the grace days. Content is refused until it is paid or waived; progress is kept.
ALTER TABLE "Enrollment" ADD COLUMN "pausedAt" TIMESTAMPTZ(3), ADD COLUMN "pausedReason" TEXT;

ALTER TABLE "BusinessSettings"
  ADD COLUMN "instalmentGraceDays" INTEGER NOT NULL DEFAULT 7,
  ADD CONSTRAINT "BusinessSettings_instalment_grace_range" CHECK ("instalmentGraceDays" BETWEEN 0 AND 60);

-- A learner's reusable card (Paystack authorization), one per card signature. The authorization code never leaves the
-- server; the learner sees brand, last 4 digits and expiry.
CREATE TABLE "SavedCard" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "learnerId" UUID NOT NULL,
  "signature" TEXT NOT NULL,
  "authorizationCode" TEXT NOT NULL,
  "email" TEXT NOT NULL,
  "currency" TEXT NOT NULL,
  "last4" TEXT,
  "brand" TEXT,
  "expMonth" TEXT,
  "expYear" TEXT,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "SavedCard_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "SavedCard_learnerId_fkey" FOREIGN KEY ("learnerId") REFERENCES "Learner"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "SavedCard_currency_known" CHECK ("currency" IN ('NGN', 'GHS', 'KES', 'ZAR', 'USD'))
);
CREATE UNIQUE INDEX "SavedCard_learnerId_signature_key" ON "SavedCard"("learnerId", "signature");
