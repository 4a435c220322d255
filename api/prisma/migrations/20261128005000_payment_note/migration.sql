-- Finance's note on a confirmed payment ("seen on statement 12") is for staff: it was written into paymentDetails,
-- which the learner reads. It gets its own column, shown to staff only.
ALTER TABLE "Invoice" ADD COLUMN "paymentNote" TEXT;
