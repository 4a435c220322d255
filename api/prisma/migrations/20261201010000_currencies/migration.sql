-- Local currency (docs/ARCHITECTURE.md, "Money"; docs/payments.md, Amounts and references): the business sells in
-- one of Paystack's currencies, may price a track explicitly in further ones, and every amount is integer minor units
-- (kobo, pesewas, cents) with its ISO 4217 code beside it. No exchange rates anywhere.

-- The business currency. A new installation, and every one migrated, sells in dollars as before.
ALTER TABLE "BusinessSettings"
  ADD COLUMN "currency" TEXT NOT NULL DEFAULT 'USD',
  ADD CONSTRAINT "BusinessSettings_currency_known" CHECK ("currency" IN ('NGN', 'GHS', 'KES', 'ZAR', 'USD'));

-- Amounts keep their own currency for ever; only the five are ever written.
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_currency_known" CHECK ("currency" IN ('NGN', 'GHS', 'KES', 'ZAR', 'USD'));
ALTER TABLE "Refund" ADD CONSTRAINT "Refund_currency_known" CHECK ("currency" IN ('NGN', 'GHS', 'KES', 'ZAR', 'USD'));

-- A track's main price is always in the business currency: whoever inserts a track or writes its currency gets the
-- business currency, read under a share lock on the settings row. A change of the business currency (which updates
-- that row, then every track's currency, in one transaction) and a track being created therefore take turns: the
-- track made meanwhile is either seen by the change or made after it, in the new currency.
CREATE FUNCTION "track_currency_is_business_currency"() RETURNS trigger AS $$
DECLARE
  business TEXT;
BEGIN
  SELECT "currency" INTO business FROM "BusinessSettings" WHERE "id" = 1 FOR SHARE;
  NEW."currency" := coalesce(business, 'USD');
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

UPDATE "Track" SET "currency" = 'USD' WHERE "currency" <> 'USD';

CREATE TRIGGER "Track_currency_is_business_currency"
  BEFORE INSERT OR UPDATE OF "currency" ON "Track"
  FOR EACH ROW EXECUTE FUNCTION "track_currency_is_business_currency"();

ALTER TABLE "Track" ADD CONSTRAINT "Track_currency_known" CHECK ("currency" IN ('NGN', 'GHS', 'KES', 'ZAR', 'USD'));

-- Explicit prices in further currencies: a track is sold in currency C when C is the business currency (its main
-- price) or it has a TrackPrice in C.
CREATE TABLE "TrackPrice" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "trackId" UUID NOT NULL,
  "currency" TEXT NOT NULL,
  "amountCents" INTEGER NOT NULL,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "TrackPrice_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "TrackPrice_trackId_fkey" FOREIGN KEY ("trackId") REFERENCES "Track"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "TrackPrice_currency_known" CHECK ("currency" IN ('NGN', 'GHS', 'KES', 'ZAR', 'USD')),
  CONSTRAINT "TrackPrice_amount_not_negative" CHECK ("amountCents" >= 0)
);
CREATE UNIQUE INDEX "TrackPrice_trackId_currency_key" ON "TrackPrice"("trackId", "currency");

-- A fixed-amount coupon is in one currency and applies to checkouts in it only; a percentage applies to any. The
-- fixed coupons made before currencies were all in dollars.
ALTER TABLE "Coupon" ADD COLUMN "currency" TEXT;
UPDATE "Coupon" SET "currency" = 'USD' WHERE "kind" = 'FIXED';
ALTER TABLE "Coupon"
  ADD CONSTRAINT "Coupon_currency_by_kind" CHECK (
    ("kind" = 'FIXED' AND "currency" IN ('NGN', 'GHS', 'KES', 'ZAR', 'USD')) OR ("kind" = 'PERCENT' AND "currency" IS NULL)
  );
