-- Paid records are locked (docs/ARCHITECTURE.md, "Money") down to their price parts and coupon: the receipt PDF and the
-- report's discounts are read from them, so a paid invoice's subtotal, discount, tax and coupon never change either.
-- And a paid invoice's coupon use cannot be released or removed by hand, which would free a capped coupon's slot;
-- the invoice's own status trigger (coupon_redemption_follows_invoice) still moves it.
CREATE OR REPLACE FUNCTION "invoice_paid_record_lock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."status" IN ('PAID', 'PARTIALLY_REFUNDED', 'REFUNDED') THEN
    IF TG_OP = 'DELETE' THEN
      RAISE EXCEPTION 'Invoice % is a paid record and cannot be deleted', OLD."id";
    END IF;
    IF NEW."amountCents" IS DISTINCT FROM OLD."amountCents"
      OR NEW."currency" IS DISTINCT FROM OLD."currency"
      OR NEW."learnerId" IS DISTINCT FROM OLD."learnerId"
      OR NEW."trackId" IS DISTINCT FROM OLD."trackId"
      OR NEW."subtotalCents" IS DISTINCT FROM OLD."subtotalCents"
      OR NEW."discountCents" IS DISTINCT FROM OLD."discountCents"
      OR NEW."taxCents" IS DISTINCT FROM OLD."taxCents"
      OR NEW."couponId" IS DISTINCT FROM OLD."couponId"
      OR NEW."couponCode" IS DISTINCT FROM OLD."couponCode"
      OR NEW."status" NOT IN ('PAID', 'PARTIALLY_REFUNDED', 'REFUNDED') THEN
      RAISE EXCEPTION 'Invoice % is a paid record: its amount, price parts, coupon, currency, learner and track cannot change', OLD."id";
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;

CREATE FUNCTION "coupon_redemption_paid_lock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Changes made by the invoice's status trigger run one level deeper and are the ones allowed.
  IF pg_trigger_depth() > 1 THEN
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NEW;
  END IF;
  IF EXISTS (
    SELECT 1 FROM "Invoice"
     WHERE "id" = OLD."invoiceId" AND "status" IN ('PAID', 'PARTIALLY_REFUNDED', 'REFUNDED')
  ) THEN
    RAISE EXCEPTION 'The coupon use of paid invoice % cannot change', OLD."invoiceId";
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "CouponRedemption_paid_lock" BEFORE UPDATE OR DELETE ON "CouponRedemption"
FOR EACH ROW EXECUTE FUNCTION "coupon_redemption_paid_lock"();
