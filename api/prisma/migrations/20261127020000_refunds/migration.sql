-- Refunds of paid invoices (docs/ARCHITECTURE.md, "Money"): card refunds through Paystack wait for its
-- refund.processed webhook; refunds of offline payments are recorded as processed at once.
CREATE TYPE "RefundMethod" AS ENUM ('CARD', 'OFFLINE');
CREATE TYPE "RefundStatus" AS ENUM ('PENDING', 'PROCESSED', 'FAILED');

CREATE TABLE "Refund" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "invoiceId" UUID NOT NULL,
  "amountCents" INTEGER NOT NULL,
  "currency" TEXT NOT NULL,
  "method" "RefundMethod" NOT NULL,
  "status" "RefundStatus" NOT NULL DEFAULT 'PENDING',
  "paystackRefundId" TEXT,
  "reason" TEXT NOT NULL,
  "actorId" UUID,
  "actorEmail" TEXT NOT NULL,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "processedAt" TIMESTAMPTZ(3),
  CONSTRAINT "Refund_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "Refund_amountCents_check" CHECK ("amountCents" > 0)
);
CREATE UNIQUE INDEX "Refund_paystackRefundId_key" ON "Refund"("paystackRefundId");
CREATE INDEX "Refund_invoiceId_createdAt_idx" ON "Refund"("invoiceId", "createdAt");
ALTER TABLE "Refund" ADD CONSTRAINT "Refund_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
