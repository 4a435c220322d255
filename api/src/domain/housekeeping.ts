import { sweepUnfinishedUploads, uploadTempDir } from "../storage/upload-temp.ts";
import type { DomainServices as Services } from "./deps.ts";
import { checkPendingRefunds } from "./invoices/refunds.ts";
import { expireAbandonedCheckouts } from "./payments/checkout.ts";
import { runInstalments } from "./payments/instalments.ts";
import { expireOfflineInvoices } from "./payments/offline.ts";
import { sweepExpired } from "./rate-limit.ts";

/** How often the API does its housekeeping (every instance; each step is safe to run twice at once). */
export const HOUSEKEEPING_INTERVAL_MS = 10 * 60_000;

/**
 * What the API does now and then besides answering requests: forgets expired rate-limit windows (so the table stays
 * small) and marks card checkouts left unpaid past the owner's `checkoutAbandonHours` abandoned, for every learner (a
 * learner's own next checkout does it too), voids pending offline invoices past their expiry ("Expired unpaid"), and asks
 * Paystack about card refunds whose refund.processed webhook has not come, and removes resumable uploads left unfinished
 * for a day. Instalment parts get their reminders, charges, payment links and pauses as of `now`
 * (payments/instalments.ts).
 */
export async function housekeeping(
  deps: Services,
  now: Date = new Date(),
): Promise<{ rateLimits: number; checkouts: number; offline: number; refunds: number; unfinishedUploads: number; instalments: number }> {
  const rateLimits = await sweepExpired(deps.db.prisma);
  const checkouts = await expireAbandonedCheckouts(deps);
  const offline = await expireOfflineInvoices(deps);
  const refunds = await checkPendingRefunds(deps);
  const run = await runInstalments(deps, now);
  const instalments = run.reminders + run.charges + run.paymentLinks + run.paused;
  // Resumable uploads (lesson media) whose client never came back, after 24 hours.
  const unfinishedUploads = await sweepUnfinishedUploads(uploadTempDir(deps.config.dataDir));
  return { rateLimits, checkouts, offline, refunds, unfinishedUploads, instalments };
}
