-- Selling like a business (docs/ARCHITECTURE.md, "Business identity and prices"): the owner's business identity, used
-- by mails, PDFs, the learner footer and the sandbox page; an optional tax rate; and each invoice's price parts.

ALTER TABLE "BusinessSettings"
  ADD COLUMN "businessName" TEXT NOT NULL DEFAULT 'LearnHub',
  ADD COLUMN "logoImage" TEXT,
  ADD COLUMN "postalAddress" TEXT,
  ADD COLUMN "taxNumber" TEXT,
  ADD COLUMN "supportEmail" TEXT,
  ADD COLUMN "footerContact" TEXT,
  ADD COLUMN "invoicePrefix" TEXT NOT NULL DEFAULT 'INV',
  ADD COLUMN "taxRateBasisPoints" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "taxInclusive" BOOLEAN NOT NULL DEFAULT true,
  ADD CONSTRAINT "BusinessSettings_taxRate_range" CHECK ("taxRateBasisPoints" BETWEEN 0 AND 10000);

-- amountCents stays what the learner pays. subtotalCents is the list price before the discount (null on invoices made
-- before prices had parts: read it as amountCents); taxCents is the tax contained in or added to amountCents.
ALTER TABLE "Invoice"
  ADD COLUMN "subtotalCents" INTEGER,
  ADD COLUMN "discountCents" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "taxCents" INTEGER NOT NULL DEFAULT 0,
  ADD CONSTRAINT "Invoice_price_parts" CHECK ("discountCents" >= 0 AND "taxCents" >= 0 AND ("subtotalCents" IS NULL OR "discountCents" <= "subtotalCents"));
