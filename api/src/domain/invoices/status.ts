import type { InvoiceStatus } from "../../generated/prisma/enums.ts";

/**
 * What an invoice's status means for money (docs/ARCHITECTURE.md, "Money"). PENDING and PAID are the spec's; the
 * others came with refunds, voids and abandoned checkouts.
 */

/** Paid records: money was received. Their amount, learner and track never change and they are never deleted. */
export const PAID_RECORD_STATUSES = ["PAID", "PARTIALLY_REFUNDED", "REFUNDED"] as const satisfies readonly InvoiceStatus[];

export function isPaidRecord(status: InvoiceStatus): boolean {
  return (PAID_RECORD_STATUSES as readonly InvoiceStatus[]).includes(status);
}

/** What was received and kept: the amount less what was refunded (0 for anything not paid). */
export function netCents(invoice: { status: InvoiceStatus; amountCents: number; refundedCents: number }): number {
  return isPaidRecord(invoice.status) ? invoice.amountCents - invoice.refundedCents : 0;
}

/** The learner-facing state of a payment reference: paid records read as paid, anything that ended unpaid as failed. */
export function paymentStatusOf(status: InvoiceStatus): "PENDING" | "PAID" | "FAILED" | "EXPIRED" {
  if (status === "PENDING") return "PENDING";
  if (isPaidRecord(status)) return "PAID";
  // Not paid in time (an abandoned card checkout, an offline payment past its date) or cancelled by finance: nothing
  // went wrong with a payment and nothing was taken, so the learner is not told it failed.
  return status === "ABANDONED" || status === "VOID" ? "EXPIRED" : "FAILED";
}

/**
 * Which invoices a list shows (a Prisma `where`): the one status asked for, or, when none is, every invoice but
 * abandoned checkouts (never paid, nothing went wrong: they would only be noise in the books and for the learner).
 */
export function listedInvoices(status?: InvoiceStatus | null): { status: InvoiceStatus | { not: "ABANDONED" } } {
  return { status: status ?? { not: "ABANDONED" } };
}
