import type { DomainServices as Services } from "./deps.ts";
import { checkPendingRefunds } from "./invoices/refunds.ts";
import { expireAbandonedCheckouts } from "./payments/checkout.ts";
import { expireOfflineInvoices } from "./payments/offline.ts";
import { sweepExpired } from "./rate-limit.ts";

/** How often the API does its housekeeping (every instance; each step is safe to run twice at once). */
export const HOUSEKEEPING_INTERVAL_MS = 10 * 60_000;

/**
 * What the API does now and then besides answering requests: forgets expired rate-limit windows (so the table stays
 * small) and marks card checkouts left unpaid past the owner's `checkoutAbandonHours` abandoned, for every learner (a
 * learner's own next checkout does it too), voids pending offline invoices past their expiry ("Expired unpaid"), and asks
 * Paystack about card refunds whose refund.processed webhook has not come.
 */
export async function housekeeping(deps: Services): Promise<{ rateLimits: number; checkouts: number; offline: number; refunds: number }> {
  const rateLimits = await sweepExpired(deps.db.prisma);
  const checkouts = await expireAbandonedCheckouts(deps);
  const offline = await expireOfflineInvoices(deps);
  const refunds = await checkPendingRefunds(deps);
  return { rateLimits, checkouts, offline, refunds };
}
