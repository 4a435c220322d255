-- Abandoned card checkouts (docs/ARCHITECTURE.md, "Archiving and abandoned checkouts"): until now a card checkout
-- left unpaid was marked FAILED with the text below; it is ABANDONED now (not a failure, counted nowhere). Only rows
-- without a flag: a flagged FAILED invoice is a real refusal and stays as it is.
UPDATE "Invoice"
SET "status" = 'ABANDONED'
WHERE "status" = 'FAILED'
  AND "flaggedReason" IS NULL
  AND "paymentDetails" = 'Card payment (Paystack): not paid in time, the checkout expired.';
