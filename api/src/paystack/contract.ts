/** Facts of Paystack's HTTP contract (docs/payments.md, Calls) that both our client and our sandbox rely on. */

export const PAYSTACK_CURRENCIES = ["NGN", "GHS", "KES", "ZAR", "USD"] as const;
export type PaystackCurrency = (typeof PAYSTACK_CURRENCIES)[number];

/**
 * The payment channels initialize's `channels` takes (Paystack's names): card; `bank` (pay with bank: the customer's
 * account, Nigeria); `ussd`; `qr`; `mobile_money` (Ghana, Kenya); `bank_transfer` (pay with transfer: a one-time
 * account number); `eft` (South Africa); `apple_pay`. Verify reports the one the customer used in `data.channel`.
 */
export const PAYSTACK_CHANNELS = ["card", "bank", "ussd", "qr", "mobile_money", "bank_transfer", "eft", "apple_pay"] as const;
export type PaystackChannel = (typeof PAYSTACK_CHANNELS)[number];

/** A payment's outcome as verify reports it in `data.status` (the top-level `status` only says the call worked). */
export const PAYSTACK_TRANSACTION_STATUSES = [
  "success",
  "failed",
  "abandoned",
  "ongoing",
  "pending",
  "processing",
  "queued",
  "reversed",
] as const;
export type PaystackTransactionStatus = (typeof PAYSTACK_TRANSACTION_STATUSES)[number];

/** The only characters Paystack allows in a transaction reference. */
export const PAYSTACK_REFERENCE_PATTERN = /^[A-Za-z0-9.=-]+$/;

/** The longest reference we accept from outside (a webhook, a verify call, a job); ours are about 35 characters. */
export const PAYSTACK_REFERENCE_MAX_LENGTH = 100;

/** A reference that can name one of our payments: Paystack's characters, 1 to 100 of them. */
export function isPaymentReference(value: unknown): value is string {
  return typeof value === "string" && value.length <= PAYSTACK_REFERENCE_MAX_LENGTH && PAYSTACK_REFERENCE_PATTERN.test(value);
}

export const PAYSTACK_SIGNATURE_HEADER = "x-paystack-signature";

/** A refund's state as Paystack reports it: queued refunds are `pending` or `processing` until `processed` or `failed`. */
export const PAYSTACK_REFUND_STATUSES = ["pending", "processing", "processed", "failed"] as const;
export type PaystackRefundStatus = (typeof PAYSTACK_REFUND_STATUSES)[number];

/** The webhook event Paystack sends when a refund has been paid back to the customer. */
export const REFUND_PROCESSED_EVENT = "refund.processed";
