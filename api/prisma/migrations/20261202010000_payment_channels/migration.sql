-- Paystack payment channels (docs/payments.md, Channels): the owner chooses which channels the checkout offers, and an
-- invoice records the channel Paystack reports it was paid by.

-- Every channel, for a new installation and for every one migrated: what a Paystack merchant expects. The checkout
-- offers those the invoice's currency supports (common/payments.ts), so a dollar checkout still opens the card only.
ALTER TABLE "BusinessSettings"
  ADD COLUMN "paymentChannels" TEXT[] NOT NULL
    DEFAULT ARRAY['card', 'bank', 'ussd', 'qr', 'mobile_money', 'bank_transfer', 'apple_pay']::TEXT[],
  ADD CONSTRAINT "BusinessSettings_paymentChannels_known" CHECK (
    cardinality("paymentChannels") >= 1
    AND "paymentChannels" <@ ARRAY['card', 'bank', 'ussd', 'qr', 'mobile_money', 'bank_transfer', 'apple_pay']::TEXT[]
  );

-- How Paystack says a paid invoice was paid (verify's data.channel: card, bank_transfer, mobile_money, ...); null for
-- invoices paid another way (finance's offline confirmation, staff) and for those paid before it was recorded.
-- paymentMethod keeps its meaning: CARD for anything paid through Paystack.
ALTER TABLE "Invoice"
  ADD COLUMN "paymentChannel" TEXT,
  ADD CONSTRAINT "Invoice_paymentChannel_known" CHECK (
    "paymentChannel" IS NULL
    OR "paymentChannel" IN ('card', 'bank', 'ussd', 'qr', 'mobile_money', 'bank_transfer', 'eft', 'apple_pay')
  );
