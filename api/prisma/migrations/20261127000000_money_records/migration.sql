-- Money a finance team can trust (docs/ARCHITECTURE.md, "Money"): invoice states past paid, how an invoice was paid,
-- what it was for when it is not a track, refunded totals, voids, expiry of offline payments; archived tracks and
-- courses; the owner's business settings (one row).
ALTER TYPE "InvoiceStatus" ADD VALUE 'PARTIALLY_REFUNDED';
ALTER TYPE "InvoiceStatus" ADD VALUE 'REFUNDED';
ALTER TYPE "InvoiceStatus" ADD VALUE 'VOID';
ALTER TYPE "InvoiceStatus" ADD VALUE 'ABANDONED';

CREATE TYPE "PaymentMethod" AS ENUM ('CARD', 'BANK_TRANSFER', 'MOBILE_MONEY', 'CASH', 'OTHER');

ALTER TABLE "Invoice"
  ADD COLUMN "description" TEXT,
  ADD COLUMN "paymentMethod" "PaymentMethod",
  ADD COLUMN "refundedCents" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "voidReason" TEXT,
  ADD COLUMN "voidedAt" TIMESTAMPTZ(3),
  ADD COLUMN "expiresAt" TIMESTAMPTZ(3);
-- Every invoice paid so far was paid by card (it has a Paystack reference) or recorded by staff.
UPDATE "Invoice" SET "paymentMethod" = 'CARD' WHERE "reference" IS NOT NULL AND "status" = 'PAID';
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_refundedCents_check" CHECK ("refundedCents" >= 0 AND "refundedCents" <= "amountCents");

ALTER TABLE "Track" ADD COLUMN "archivedAt" TIMESTAMPTZ(3);
ALTER TABLE "Course" ADD COLUMN "archivedAt" TIMESTAMPTZ(3);

-- The owner's settings: a single row (id 1), created here so readers never meet its absence.
CREATE TABLE "BusinessSettings" (
  "id" INTEGER NOT NULL DEFAULT 1,
  "offlinePaymentsEnabled" BOOLEAN NOT NULL DEFAULT false,
  "offlineInstructions" TEXT,
  "offlineExpiryDays" INTEGER NOT NULL DEFAULT 7,
  "checkoutAbandonHours" INTEGER NOT NULL DEFAULT 24,
  "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "BusinessSettings_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "BusinessSettings_single_row" CHECK ("id" = 1),
  CONSTRAINT "BusinessSettings_offlineExpiryDays_check" CHECK ("offlineExpiryDays" BETWEEN 1 AND 365),
  CONSTRAINT "BusinessSettings_checkoutAbandonHours_check" CHECK ("checkoutAbandonHours" BETWEEN 1 AND 720)
);
INSERT INTO "BusinessSettings" ("id") VALUES (1);
