-- The payment job is named for what it does: it settles a payment (docs/payments.md, Settlement). Jobs recorded
-- under the old name, dispatched or not, take the new one so the dispatcher and the worker know them.
UPDATE "OutboxJob" SET "name" = 'settle-payment' WHERE "name" = 'verify-payment';
