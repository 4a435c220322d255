-- Invoice numbers (docs/ARCHITECTURE.md, "Invoice numbers and PDFs"): every invoice gets `<prefix>-<year>-<000123>`
-- when it is created, unique and gapless per year. A counter row per year is taken with an upsert in the
-- transaction that creates the invoice: the row stays locked until that transaction ends, so concurrent creations
-- take turns, and a transaction that rolls back rolls its counter step back too (a sequence would leave a gap).

CREATE TABLE "InvoiceCounter" (
  "year" INTEGER NOT NULL,
  "last" INTEGER NOT NULL,
  CONSTRAINT "InvoiceCounter_pkey" PRIMARY KEY ("year"),
  CONSTRAINT "InvoiceCounter_last_positive" CHECK ("last" > 0)
);

-- The one numbering rule: the next number of the year of `at` (UTC) with the owner's current prefix. The domain
-- calls it when it creates an invoice; it is also the column's default, so any other writer (a script, the demo
-- seed) numbers its invoices the same way.
CREATE FUNCTION "next_invoice_number"("at" TIMESTAMPTZ) RETURNS TEXT LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  y INTEGER := EXTRACT(YEAR FROM ("at" AT TIME ZONE 'UTC'))::INTEGER;
  n INTEGER;
  p TEXT;
BEGIN
  INSERT INTO "InvoiceCounter" ("year", "last") VALUES (y, 1)
  ON CONFLICT ("year") DO UPDATE SET "last" = "InvoiceCounter"."last" + 1
  RETURNING "last" INTO n;
  SELECT "invoicePrefix" INTO p FROM "BusinessSettings" WHERE "id" = 1;
  RETURN COALESCE(p, 'INV') || '-' || y::TEXT || '-' || LPAD(n::TEXT, 6, '0');
END;
$$;

ALTER TABLE "Invoice" ADD COLUMN "number" TEXT;

-- Existing invoices are numbered in the order they were made, within each year.
WITH ordered AS (
  SELECT "id",
         EXTRACT(YEAR FROM ("createdAt" AT TIME ZONE 'UTC'))::INTEGER AS y,
         ROW_NUMBER() OVER (PARTITION BY EXTRACT(YEAR FROM ("createdAt" AT TIME ZONE 'UTC')) ORDER BY "createdAt", "id") AS n
  FROM "Invoice"
)
UPDATE "Invoice" i
SET "number" = COALESCE((SELECT "invoicePrefix" FROM "BusinessSettings" WHERE "id" = 1), 'INV') || '-' || o.y::TEXT || '-' || LPAD(o.n::TEXT, 6, '0')
FROM ordered o
WHERE i."id" = o."id";

INSERT INTO "InvoiceCounter" ("year", "last")
SELECT EXTRACT(YEAR FROM ("createdAt" AT TIME ZONE 'UTC'))::INTEGER, COUNT(*)::INTEGER
FROM "Invoice"
GROUP BY 1;

ALTER TABLE "Invoice"
  ALTER COLUMN "number" SET DEFAULT "next_invoice_number"(now()),
  ALTER COLUMN "number" SET NOT NULL;
CREATE UNIQUE INDEX "Invoice_number_key" ON "Invoice"("number");

-- A number, once given, is the invoice's for good: any writer changing it is refused.
CREATE FUNCTION "invoice_number_lock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."number" IS DISTINCT FROM OLD."number" THEN
    RAISE EXCEPTION 'Invoice % has number %: an invoice number never changes', OLD."id", OLD."number";
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "Invoice_number_lock" BEFORE UPDATE OF "number" ON "Invoice"
FOR EACH ROW EXECUTE FUNCTION "invoice_number_lock"();

-- The dev outbox notes the names of a mail's attachments (the receipt's PDF), so the dev mailbox shows them.
ALTER TABLE "OutboxMail" ADD COLUMN "attachments" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];
