-- Paid records are locked (docs/ARCHITECTURE.md, "Money"): once an invoice is PAID, PARTIALLY_REFUNDED or REFUNDED,
-- its amount, currency, learner and track never change, it stays a paid record, and it is never deleted. The domain
-- refuses these changes with a clear message first; this trigger is the defence in depth for any other writer (a raw
-- query, a script, a future bug). Deleting a learner or a track would set the invoice's link to NULL (ON DELETE SET
-- NULL), so that is refused here too: such a learner is disabled instead, such a track archived.
CREATE FUNCTION "invoice_paid_record_lock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."status" IN ('PAID', 'PARTIALLY_REFUNDED', 'REFUNDED') THEN
    IF TG_OP = 'DELETE' THEN
      RAISE EXCEPTION 'Invoice % is a paid record and cannot be deleted', OLD."id";
    END IF;
    IF NEW."amountCents" IS DISTINCT FROM OLD."amountCents"
      OR NEW."currency" IS DISTINCT FROM OLD."currency"
      OR NEW."learnerId" IS DISTINCT FROM OLD."learnerId"
      OR NEW."trackId" IS DISTINCT FROM OLD."trackId"
      OR NEW."status" NOT IN ('PAID', 'PARTIALLY_REFUNDED', 'REFUNDED') THEN
      RAISE EXCEPTION 'Invoice % is a paid record: its amount, currency, learner and track cannot change', OLD."id";
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "Invoice_paid_record_lock" BEFORE UPDATE OR DELETE ON "Invoice"
FOR EACH ROW EXECUTE FUNCTION "invoice_paid_record_lock"();
