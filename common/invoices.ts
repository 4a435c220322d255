/**
 * The invoices' limits and messages: what the API's rules check and answer (api/src/domain/invoices/invoices.ts) and
 * what the admin's invoice forms check first, written once. Plain values, like the rest of common/.
 */
import { currencyRules } from "./money.ts";

export const INVOICE_LIMITS = {
  /** Characters of an invoice's own line (a description instead of a track). */
  description: 200,
  /** Characters of the reason an invoice is voided with. */
  voidReason: 500,
} as const;

export const INVOICE_MESSAGES = {
  learner: "Learner is required.",
  learnerNotFound: "The selected learner does not exist.",
  amount: "Amount is required.",
  invalidAmount: "Amount must be a number of dollars, 0 or more.",
  /** invalidAmount in the invoice's currency: "Amount must be a number of cedis, 0 or more." */
  invalidAmountIn: (currency: string) => `Amount must be a number of ${currencyRules(currency).unit}, 0 or more.`,
  currency: "Choose the invoice's currency: NGN, GHS, KES, ZAR or USD.",
  status: "Status is required.",
  notFound: "Invoice not found.",
  trackNotFound: "The selected track does not exist.",
  description: "Describe what the invoice is for.",
  descriptionTooLong: "The description can be at most 200 characters.",
  trackOrDescription: "Choose a track or describe the line (Other), not both.",
  paidLocked: "This invoice is paid: its amount, learner, track and status can't change. Record a refund instead.",
  paidNotDeleted: "Paid invoices can't be deleted; they stay for the books. Record a refund instead.",
  voidLocked: "This invoice is void: it can't be changed or deleted.",
  couponLocked:
    "This invoice was priced with a coupon at checkout: its amount, learner, track and status can't be changed by hand. Void it and write a new invoice.",
  voidReason: "Give a reason for voiding the invoice.",
  voidReasonTooLong: "The reason can be at most 500 characters.",
  voidPaid: "Paid invoices can't be voided. Record a refund instead.",
  voidNotPending: "Only pending invoices can be voided.",
} as const;
