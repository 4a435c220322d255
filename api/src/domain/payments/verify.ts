import { type DelayedChannel, isDelayedChannel } from "../../../../common/payments.ts";
import { recordRerunnableJob, toJobId } from "../../job-contract.ts";
import { isPaymentReference } from "../../paystack/contract.ts";
import type { DomainServices as Services } from "../deps.ts";
import { paymentStatusOf } from "../invoices/status.ts";
import { EXPIRED_REASON } from "./offline.ts";

export const VERIFY_MESSAGES = {
  success: "Payment verified. You have successfully enrolled!",
  notFound: "No payment was found for this reference.",
  failed: "Payment Verification Failed",
  flagged: "There was an issue confirming your payment. Our team has been notified and will contact you.",
  pending: "Your payment is still being confirmed. This page will update as soon as it is.",
  waitingForTransfer: "Waiting for your transfer. You are enrolled as soon as our team confirms your payment.",
  /** A Paystack payment by a channel that completes later (docs/payments.md, Channels): the page keeps waiting. */
  waitingForBankTransfer:
    "We are waiting for your bank transfer. It can take a few minutes to arrive; this page updates by itself, and we e-mail your receipt once it is paid.",
  waitingForUssd:
    "We are waiting for your USSD payment to complete. This page updates by itself, and we e-mail your receipt once it is paid.",
  waitingForMobileMoney: "Approve the payment on your phone. This page updates by itself once it is confirmed, and we e-mail your receipt.",
  expired: "This checkout was not paid in time, so nothing was taken. Start again to enroll.",
  cancelled: "This invoice was cancelled, so nothing was taken. Start again to enroll.",
} as const;

/** How long a verify call waits for the settlement job before answering "still pending". */
export const VERIFY_WAIT_MS = 15_000;

/**
 * Verify calls of one learner that may wait for a settlement at once; more answer at once with the status as it is
 * (the payment page also hears the outcome live). Waiting calls do not count against the server's in-flight limit, so
 * this bounds what one account can hold open.
 */
export const MAX_WAITING_VERIFY_PER_LEARNER = 2;
const waitingByLearner = new Map<string, number>();

export const paymentJobId = (reference: string) => toJobId("payment", reference);

/**
 * Queues the settlement of a reference (webhook and verify call use the very same job id). The job is recorded in
 * the database first, so it survives a queue outage: the dispatcher sends it now, or the sweeper once Redis is back.
 */
export async function enqueueSettlement(deps: Services, reference: string): Promise<string> {
  const jobId = paymentJobId(reference);
  await recordRerunnableJob(deps.db.prisma, "settle-payment", { reference }, jobId);
  deps.jobs.kick();
  return jobId;
}

export interface VerifyOutcome {
  success: boolean;
  status: "PAID" | "FAILED" | "EXPIRED" | "PENDING" | "NOT_FOUND";
  message: string;
  /** The Paystack channel a pending (or failed) payment was being made by, when it is one that completes later; else null. */
  channel?: DelayedChannel | null;
}

/** What the learner's page says while a payment by a channel that completes later is pending. */
const DELAYED_MESSAGES: Record<DelayedChannel, string> = {
  bank_transfer: VERIFY_MESSAGES.waitingForBankTransfer,
  ussd: VERIFY_MESSAGES.waitingForUssd,
  mobile_money: VERIFY_MESSAGES.waitingForMobileMoney,
};

/**
 * The learner's own payment with this reference, or null: for a malformed reference, one no payment has, and another
 * learner's alike (so a reference of someone else reads as unknown). The one ownership and format check of every
 * learner-facing payment read: the verify call and the live status both go through it.
 */
export async function findOwnPayment(deps: Pick<Services, "db">, learnerId: string, reference: unknown) {
  if (!isPaymentReference(reference)) return null;
  const invoice = await deps.db.prisma.invoice.findUnique({
    where: { reference },
    select: { learnerId: true, status: true, flaggedReason: true, expiresAt: true, voidReason: true, paymentChannel: true },
  });
  return invoice && invoice.learnerId === learnerId ? invoice : null;
}

/**
 * A learner's "verify my payment" call: only their own references count. Settled references answer at once;
 * others go through the settlement job, waited for up to a bound.
 */
export async function verifyPaymentForLearner(
  deps: Services,
  learnerId: string,
  reference: string,
  options: { beforeWaiting?: () => void } = {},
): Promise<VerifyOutcome> {
  const invoice = await findOwnPayment(deps, learnerId, reference);
  if (!invoice) return { success: false, status: "NOT_FOUND", message: VERIFY_MESSAGES.notFound };
  // An offline payment (bank transfer / mobile money) waits for finance: nothing to ask Paystack.
  if (invoice.status === "PENDING" && invoice.expiresAt)
    return { success: false, status: "PENDING", message: VERIFY_MESSAGES.waitingForTransfer };
  let now = invoice;
  if (invoice.status === "PENDING") {
    const waiting = waitingByLearner.get(learnerId) ?? 0;
    // Over the bound the call answers with the status as it is, without queueing the settlement again: the waiting
    // calls have queued it, and every call writing the same job row would make them wait on each other.
    if (waiting < MAX_WAITING_VERIFY_PER_LEARNER) {
      waitingByLearner.set(learnerId, waiting + 1);
      try {
        const jobId = await enqueueSettlement(deps, reference);
        options.beforeWaiting?.();
        await deps.queue.waitFor(jobId, VERIFY_WAIT_MS);
      } finally {
        const left = (waitingByLearner.get(learnerId) ?? 1) - 1;
        if (left > 0) waitingByLearner.set(learnerId, left);
        else waitingByLearner.delete(learnerId);
      }
      now = (await findOwnPayment(deps, learnerId, reference)) ?? invoice;
    }
  }
  const state = paymentStatusOf(now.status);
  if (state === "PAID") return { success: true, status: "PAID", message: VERIFY_MESSAGES.success };
  if (state === "EXPIRED") {
    const lapsed = now.status === "ABANDONED" || now.voidReason === EXPIRED_REASON;
    return { success: false, status: "EXPIRED", message: lapsed ? VERIFY_MESSAGES.expired : VERIFY_MESSAGES.cancelled };
  }
  if (state === "FAILED")
    return {
      success: false,
      status: "FAILED",
      message: now.flaggedReason ? VERIFY_MESSAGES.flagged : VERIFY_MESSAGES.failed,
      // A declined mobile money prompt: the page says nothing was taken, without talking of a card.
      channel: isDelayedChannel(now.paymentChannel) ? now.paymentChannel : null,
    };
  // A bank transfer, USSD or mobile money payment Paystack reported pending: the page says what it waits for.
  if (isDelayedChannel(now.paymentChannel))
    return { success: false, status: "PENDING", message: DELAYED_MESSAGES[now.paymentChannel], channel: now.paymentChannel };
  return { success: false, status: "PENDING", message: VERIFY_MESSAGES.pending };
}
