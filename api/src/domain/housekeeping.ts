import type { DomainServices as Services } from "./deps.ts";
import { checkPendingRefunds } from "./invoices/refunds.ts";
import { expireAbandonedCheckouts } from "./payments/checkout.ts";
import { sweepExpired } from "./rate-limit.ts";

/** How often the API does its housekeeping (every instance; each step is safe to run twice at once). */
export const HOUSEKEEPING_INTERVAL_MS = 10 * 60_000;

/**
 * What the API does now and then besides answering requests: forgets expired rate-limit windows (so the table stays
 * small) and expires card checkouts left unpaid past CHECKOUT_EXPIRY_HOURS, for every learner (a learner's own next
 * checkout does it too), and asks Paystack about card refunds whose refund.processed webhook has not come.
 */
export async function housekeeping(deps: Services): Promise<{ rateLimits: number; checkouts: number; refunds: number }> {
  const rateLimits = await sweepExpired(deps.db.prisma);
  const checkouts = await expireAbandonedCheckouts(deps);
  const refunds = await checkPendingRefunds(deps);
  return { rateLimits, checkouts, refunds };
}
