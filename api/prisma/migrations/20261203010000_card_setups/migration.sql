-- Card checks (docs/payments.md, "Saving a card"): a small card-only charge that saves a reusable card for a learner's
-- later instalments, refunded once settled. PENDING -> SAVED or FAILED by a conditional update (once).
CREATE TYPE "CardSetupStatus" AS ENUM ('PENDING', 'SAVED', 'FAILED');

CREATE TABLE "CardSetup" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "learnerId" UUID NOT NULL,
  "reference" TEXT NOT NULL,
  "currency" TEXT NOT NULL,
  "amountCents" INTEGER NOT NULL,
  "authorizationUrl" TEXT,
  "status" "CardSetupStatus" NOT NULL DEFAULT 'PENDING',
  "failureReason" TEXT,
  "savedCardId" UUID,
  "settledAt" TIMESTAMPTZ(3),
  "refundCents" INTEGER,
  "paystackRefundId" TEXT,
  "refundStatus" TEXT,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "CardSetup_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "CardSetup_learnerId_fkey" FOREIGN KEY ("learnerId") REFERENCES "Learner"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "CardSetup_currency_known" CHECK ("currency" IN ('NGN', 'GHS', 'KES', 'ZAR', 'USD')),
  CONSTRAINT "CardSetup_amount_positive" CHECK ("amountCents" > 0),
  CONSTRAINT "CardSetup_refund_range" CHECK ("refundCents" IS NULL OR "refundCents" >= 0)
);
CREATE UNIQUE INDEX "CardSetup_reference_key" ON "CardSetup"("reference");
CREATE INDEX "CardSetup_learnerId_status_createdAt_idx" ON "CardSetup"("learnerId", "status", "createdAt");
