import { formatMoneyWithCode } from "../../../../common/money.ts";
import { isDelayedChannel, isPaystackChannelName, type PaystackChannelName, paidByWords } from "../../../../common/payments.ts";
import type { Prisma } from "../../db/client.ts";
import type { Invoice, PaymentMethod } from "../../generated/prisma/client.ts";
import { PermanentJobError, recordJob } from "../../job-contract.ts";
import { paystackFor } from "../../paystack/index.ts";
import { siteUrl } from "../../sites.ts";
import { couponOverLimit } from "../coupons/coupons.ts";
import type { DomainServices as Services } from "../deps.ts";
import { isPaidRecord } from "../invoices/status.ts";
import { composeMail } from "../mails/compose.ts";
import { receipt } from "../mails/templates.ts";
import { afterPartSettled, saveCard } from "./plan-settlement.ts";

/**
 * WAITING: an offline payment finance has not confirmed yet. OPEN: Paystack says the checkout was opened and not paid
 * yet (`abandoned`); the invoice stays pending, since a bank transfer made later still succeeds. AWAITING_TRANSFER:
 * Paystack waits for a bank transfer or a USSD payment the learner said they made; its webhook settles it.
 */
export type Settlement = "PAID" | "FAILED" | "FLAGGED" | "UNKNOWN" | "WAITING" | "OPEN" | "AWAITING_TRANSFER";

/** Paystack says the outcome is not known yet; the job retries with backoff. */
export class PaymentStillPendingError extends Error {
  override name = "PaymentStillPendingError";
}

const PENDING_LIKE = new Set(["ongoing", "pending", "processing", "queued"]);

/**
 * Paystack's `abandoned` is not final (docs/payments.md, Settlement, exactly once): the learner opened the checkout
 * and has not paid yet, and a transfer made later still succeeds. The invoice stays pending without retrying the job
 * (nothing will change by itself soon); the stale-checkout sweeper makes it ABANDONED in time, and a later success
 * still settles it.
 */
const NOT_PAID_YET = "abandoned";

/**
 * Settles a card payment reference, whoever asks (webhook job or the learner's verify call): verifies with Paystack,
 * checks status, amount and currency against the invoice, then runs the one settlement (`settleWithin`) with method
 * CARD. Safe to run any number of times, concurrently: value is delivered once. A card payment for an invoice that
 * another method settled first (before or during this call) is flagged for refund, never lost.
 */
export async function settlePayment(deps: Services, reference: string): Promise<Settlement> {
  const { prisma } = deps.db;
  const invoice = await prisma.invoice.findUnique({ where: { reference } });
  if (!invoice) return "UNKNOWN";
  if (isPaidRecord(invoice.status)) {
    if (invoice.paymentMethod !== "CARD") await checkCardAfterOther(deps, invoice);
    return "PAID";
  }
  // An offline invoice (bank transfer / mobile money) waits for finance; Paystack never saw its reference.
  if (invoice.status === "PENDING" && invoice.expiresAt) return "WAITING";
  if (invoice.status === "FAILED") return invoice.flaggedReason ? "FLAGGED" : "FAILED";

  const verified = await paystackFor(deps.config).verify(reference);
  if (!verified.found) {
    await markFailed(deps, invoice.id, reference, "Paystack does not know this reference.");
    return "FAILED";
  }
  const tx = verified.data;
  if (PENDING_LIKE.has(tx.status)) {
    // A payment that completes later (a bank transfer sent, a USSD code dialled, a mobile money prompt): the channel is
    // kept on the pending invoice, so the learner's page says what it waits for (verify.ts).
    if (isDelayedChannel(tx.channel) && invoice.paymentChannel !== tx.channel)
      await prisma.invoice.updateMany({ where: { id: invoice.id, status: "PENDING" }, data: { paymentChannel: tx.channel } });
    // A transfer or a USSD payment may take many minutes, longer than the job's retries last: the job ends here, and
    // Paystack's charge.success runs it again at once (a rerunnable job), rather than waiting for a retry's backoff.
    // A mobile money prompt is answered within a minute or two, and its failure sends no webhook: that one retries.
    if (tx.channel === "bank_transfer" || tx.channel === "ussd") return "AWAITING_TRANSFER";
    throw new PaymentStillPendingError(`Payment ${reference} is ${tx.status}`);
  }
  if (tx.status === NOT_PAID_YET) return "OPEN";
  if (tx.status !== "success") {
    await markFailed(deps, invoice.id, reference, null);
    return "FAILED";
  }
  if (tx.amount !== invoice.amountCents || tx.currency !== invoice.currency) {
    const reason = mismatchReason({ amount: tx.amount, currency: tx.currency }, invoice);
    deps.logger.warn({ reference, paid: tx.amount, expected: invoice.amountCents }, "payment amount or currency mismatch");
    await markFailed(deps, invoice.id, reference, reason);
    return "FLAGGED";
  }
  if (!invoice.learnerId || !invoice.trackId) {
    await markFailed(deps, invoice.id, reference, "The invoice has no learner or track any more; refund due.");
    return "FLAGGED";
  }
  const paidAt = tx.paid_at ? new Date(tx.paid_at) : new Date();
  // Paid through Paystack, whatever the channel: the method stays CARD (offline.ts's BANK_TRANSFER is finance's), and
  // the channel Paystack reports is recorded beside it (docs/payments.md, Channels).
  const channel = isPaystackChannelName(tx.channel) ? tx.channel : null;
  const settled = await prisma.$transaction((db) => settleWithin(db, deps, invoice.id, { method: "CARD", paidAt, channel }));
  if (settled) {
    // A reusable card is kept for the learner's later instalments (docs/payments.md, "Instalments").
    if (settled.learnerId) await saveCard(prisma, settled.learnerId, tx.customer.email, tx.currency, tx.authorization);
    afterSettlement(deps, settled);
    return "PAID";
  }
  // Someone else settled it between our read and our update: if that was not this card payment, the money is flagged.
  const now = await prisma.invoice.findUnique({ where: { id: invoice.id } });
  if (now && isPaidRecord(now.status) && now.paymentMethod !== "CARD") await flagCardAfterOther(deps, now);
  return "PAID";
}

/**
 * The flag of a settlement whose amount or currency differs from its invoice's: each amount in its own currency's
 * units with its ISO code ("Paid NGN 100.00 but the invoice is USD 49.99; ..."), never a figure read in another
 * currency. Paystack's amount is in the minor units of the currency it names.
 */
export const mismatchReason = (paid: { amount: number; currency: string }, invoice: Pick<Invoice, "amountCents" | "currency">) =>
  `Paid ${formatMoneyWithCode(paid.amount, paid.currency)} but the invoice is ${formatMoneyWithCode(invoice.amountCents, invoice.currency)}; nobody was enrolled.`;

/** How a payment was made, in words for a flag. */
const METHOD_WORDS: Record<PaymentMethod, string> = {
  CARD: "card",
  BANK_TRANSFER: "bank transfer",
  MOBILE_MONEY: "mobile money",
  CASH: "cash",
  OTHER: "another method",
};

/** The flag of a card payment that arrived for an invoice another payment had settled. */
export const cardAfterOtherReason = (method: PaymentMethod | null) =>
  `Paid by card after it was settled by ${method ? METHOD_WORDS[method] : "hand"}; refund due.`;

async function flagCardAfterOther(deps: Services, invoice: Pick<Invoice, "id" | "paymentMethod" | "flaggedReason">) {
  const reason = cardAfterOtherReason(invoice.paymentMethod);
  if (invoice.flaggedReason === reason) return;
  await deps.db.prisma.invoice.update({ where: { id: invoice.id }, data: { flaggedReason: reason } });
  deps.logger.warn({ invoiceId: invoice.id }, "card payment for an invoice settled another way; flagged for refund");
}

/**
 * A card payment for a paid record that was settled by another method (confirmed offline, or marked paid by hand):
 * if Paystack says this reference was paid, the money is recorded as a flag for refund, once. Nobody is enrolled twice.
 */
async function checkCardAfterOther(deps: Services, invoice: Invoice): Promise<void> {
  if (!invoice.reference || invoice.flaggedReason === cardAfterOtherReason(invoice.paymentMethod)) return;
  const verified = await paystackFor(deps.config).verify(invoice.reference);
  if (!verified.found) return;
  if (PENDING_LIKE.has(verified.data.status)) throw new PaymentStillPendingError(`Payment ${invoice.reference} is ${verified.data.status}`);
  if (verified.data.status === "success") await flagCardAfterOther(deps, invoice);
}

/** How a settlement was paid: the method, when, and optionally what to write as the payment details. */
/** Why a late payment of an abandoned checkout is flagged: its coupon went over its limits (shown to finance). */
export const couponFlag = (code: string) =>
  `Paid late with coupon ${code} after its use was released and taken by another checkout: the discount went over the coupon's limits; charge the difference or accept it.`;

export interface PaymentReceived {
  method: PaymentMethod;
  paidAt: Date;
  paymentDetails?: string | null;
  /** Finance's note on a confirmed payment: staff only. */
  paymentNote?: string | null;
  /** The Paystack channel it was paid by (verify's `channel`), for a payment through Paystack. */
  channel?: PaystackChannelName | null;
}

/**
 * THE settlement, whichever way the money came (card webhook or verify, finance confirming receipt, staff marking an
 * invoice paid): inside the caller's transaction, a conditional update flips the invoice PENDING (or ABANDONED) -> PAID with its
 * method and date (zero rows: someone else settled it, and this returns null), the learner is enrolled in its track
 * (once: learner+track is unique), and the receipt mail is recorded in the outbox. The caller runs `afterSettlement`
 * once the transaction has committed.
 */
export async function settleWithin(db: Prisma.TransactionClient, deps: Services, invoiceId: string, payment: PaymentReceived) {
  const paid = {
    status: "PAID" as const,
    paidAt: payment.paidAt,
    paymentMethod: payment.method,
    ...(payment.paymentDetails ? { paymentDetails: payment.paymentDetails } : {}),
    ...(payment.paymentNote ? { paymentNote: payment.paymentNote } : {}),
    // Paystack's channel for a payment through it; none for money paid another way (a channel kept while a Paystack
    // payment was pending does not describe a payment finance confirmed).
    paymentChannel: payment.channel ?? null,
  };
  let flipped = await db.invoice.updateMany({ where: { id: invoiceId, status: "PENDING" }, data: paid });
  let overLimit: string | null = null;
  if (flipped.count === 0) {
    // An abandoned card checkout paid late is still settled (its reference stays valid at Paystack). Its coupon use was
    // released when it was abandoned, and another checkout may have taken it since (see couponOverLimit). Read only on
    // this rare path, so the usual settlement stays one conditional update.
    const before = await db.invoice.findUnique({ where: { id: invoiceId }, select: { status: true, couponId: true, learnerId: true } });
    if (before?.status !== "ABANDONED") return null;
    overLimit = before.couponId ? await couponOverLimit(db, before.couponId, invoiceId, before.learnerId) : null;
    flipped = await db.invoice.updateMany({ where: { id: invoiceId, status: "ABANDONED" }, data: paid });
    if (flipped.count === 0) return null;
  }
  const invoice = overLimit
    ? await db.invoice.update({ where: { id: invoiceId }, data: { flaggedReason: couponFlag(overLimit) } })
    : await db.invoice.findUniqueOrThrow({ where: { id: invoiceId } });
  const { learnerId, trackId } = invoice;
  if (!learnerId || !trackId) return invoice;
  // In the cohort the checkout claimed a seat in (docs/cohorts.md); null for a self-paced track.
  const created = await db.enrollment.createMany({ data: [{ learnerId, trackId, cohortId: invoice.cohortId }], skipDuplicates: true });
  // A learner's own payment (a checkout reference) for a track they already have is money to give back; a later
  // instalment part is paid while enrolled by design (docs/payments.md, "Instalments").
  if (invoice.paymentPlanId) await afterPartSettled(db, invoice, payment.paidAt);
  if (created.count === 0 && invoice.reference && (invoice.partNumber ?? 1) === 1) {
    await db.invoice.update({
      where: { id: invoiceId },
      data: {
        flaggedReason: [
          invoice.flaggedReason,
          "Paid while already enrolled in this track (another payment settled first); refund or credit due.",
        ]
          .filter(Boolean)
          .join(" "),
      },
    });
  }
  const laterPart = invoice.paymentPlanId && (invoice.partNumber ?? 1) > 1;
  const [learner, track, plan] = await Promise.all([
    db.learner.findUniqueOrThrow({ where: { id: learnerId }, select: { email: true, firstName: true } }),
    db.track.findUniqueOrThrow({ where: { id: trackId }, select: { name: true } }),
    laterPart ? db.paymentPlan.findUnique({ where: { id: invoice.paymentPlanId as string }, select: { parts: true } }) : null,
  ]);
  const reference = invoice.reference ?? invoice.id;
  await recordJob(
    db,
    "send-mail",
    // The receipt's PDF is made when the mail is sent, and attached.
    {
      ...(await composeMail(deps, db, receipt, learner.email, {
        firstName: learner.firstName,
        trackName: track.name,
        amountCents: invoice.amountCents,
        currency: invoice.currency,
        reference,
        portalUrl: portalUrl(deps),
        paidBy: paidByWords(invoice.paymentMethod, invoice.paymentChannel),
        instalment: plan ? { partNumber: invoice.partNumber ?? 1, parts: plan.parts } : null,
      })),
      attachInvoicePdf: invoice.id,
    },
    `mail-receipt-${invoice.id}`,
  );
  return invoice;
}

/** After a settlement committed: the outbox is kicked (receipt mail) and an open payment page hears it is paid. */
export function afterSettlement(deps: Services, invoice: Pick<Invoice, "reference">): void {
  deps.jobs.kick();
  if (invoice.reference) deps.pubsub.publish("payment", invoice.reference, { reference: invoice.reference, status: "PAID" });
}

async function markFailed(deps: Services, invoiceId: string, reference: string, flaggedReason: string | null) {
  // A declined payment of a later instalment part leaves the part payable: its reference is let go (a charge or "Pay
  // now" makes a new one), the invoice stays PENDING. A flagged one (amount or currency mismatch) fails as any other.
  const released = flaggedReason
    ? { count: 0 }
    : await deps.db.prisma.invoice.updateMany({
        where: { id: invoiceId, status: "PENDING", reference, partNumber: { gt: 1 } },
        data: { reference: null, authorizationUrl: null },
      });
  if (released.count) {
    deps.pubsub.publish("payment", reference, { reference, status: "FAILED" });
    return;
  }
  const changed = await deps.db.prisma.invoice.updateMany({
    where: { id: invoiceId, status: "PENDING" },
    data: { status: "FAILED", flaggedReason },
  });
  if (changed.count) deps.pubsub.publish("payment", reference, { reference, status: "FAILED" });
}

/** The job's face of settlement: unknown references are a permanent failure, pending ones retry. */
export async function settlePaymentJob(deps: Services, reference: string): Promise<{ outcome: Settlement }> {
  const outcome = await settlePayment(deps, reference);
  if (outcome === "UNKNOWN") throw new PermanentJobError(`No invoice has reference ${reference}`);
  return { outcome };
}

/** The learner site's portal page (its courses), which the receipt links to. */
const portalUrl = (deps: Services) => `${siteUrl(deps.config.publicUrl, deps.config.adminHostPrefix, "learner")}/portal`;
