import { PermanentJobError, recordJob } from "../../jobs/contract.ts";
import { paystackFor } from "../../paystack/index.ts";
import { siteUrl } from "../../sites.ts";
import type { DomainServices as Services } from "../deps.ts";
import { receiptMail } from "./mails.ts";

export type Settlement = "PAID" | "FAILED" | "FLAGGED" | "UNKNOWN";

/** Paystack says the outcome is not known yet; the job retries with backoff. */
export class PaymentStillPendingError extends Error {
  override name = "PaymentStillPendingError";
}

const PENDING_LIKE = new Set(["ongoing", "pending", "processing", "queued"]);

/**
 * Settles a payment reference, whoever asks (webhook job or the learner's verify call): verifies with Paystack,
 * checks status, amount and currency against the invoice, then in one transaction flips the invoice pending -> paid
 * (a conditional update: zero rows means someone else settled it) and enrolls the learner (unique learner+track).
 * Safe to run any number of times, concurrently: value is delivered once.
 */
export async function settlePayment(deps: Services, reference: string): Promise<Settlement> {
  const { prisma } = deps.db;
  const invoice = await prisma.invoice.findUnique({ where: { reference } });
  if (!invoice) return "UNKNOWN";
  if (invoice.status === "PAID") return "PAID";
  if (invoice.status === "FAILED") return invoice.flaggedReason ? "FLAGGED" : "FAILED";

  const verified = await paystackFor(deps.config).verify(reference);
  if (!verified.found) {
    await markFailed(deps, invoice.id, reference, "Paystack does not know this reference.");
    return "FAILED";
  }
  const tx = verified.data;
  if (PENDING_LIKE.has(tx.status)) throw new PaymentStillPendingError(`Payment ${reference} is ${tx.status}`);
  if (tx.status !== "success") {
    await markFailed(deps, invoice.id, reference, null);
    return "FAILED";
  }
  if (tx.amount !== invoice.amountCents || tx.currency !== invoice.currency) {
    const reason = `Paid ${tx.currency} ${(tx.amount / 100).toFixed(2)} but the invoice is ${invoice.currency} ${(invoice.amountCents / 100).toFixed(2)}; nobody was enrolled.`;
    deps.logger.warn({ reference, paid: tx.amount, expected: invoice.amountCents }, "payment amount or currency mismatch");
    await markFailed(deps, invoice.id, reference, reason);
    return "FLAGGED";
  }
  if (!invoice.learnerId || !invoice.trackId) {
    await markFailed(deps, invoice.id, reference, "The invoice has no learner or track any more; refund due.");
    return "FLAGGED";
  }
  const { learnerId, trackId } = invoice;

  const settled = await prisma.$transaction(async (db) => {
    const flipped = await db.invoice.updateMany({
      // An abandoned checkout paid late is still settled (its reference stays valid at Paystack).
      where: { id: invoice.id, status: { in: ["PENDING", "ABANDONED"] } },
      data: { status: "PAID", paidAt: tx.paid_at ? new Date(tx.paid_at) : new Date() },
    });
    if (flipped.count === 0) return false;
    const created = await db.enrollment.createMany({ data: [{ learnerId, trackId }], skipDuplicates: true });
    if (created.count === 0) {
      await db.invoice.update({
        where: { id: invoice.id },
        data: { flaggedReason: "Paid while already enrolled in this track (another payment settled first); refund or credit due." },
      });
    }
    const [learner, track] = await Promise.all([
      db.learner.findUniqueOrThrow({ where: { id: learnerId }, select: { email: true, firstName: true } }),
      db.track.findUniqueOrThrow({ where: { id: trackId }, select: { name: true } }),
    ]);
    await recordJob(
      db,
      "send-mail",
      receiptMail(learner.email, learner.firstName, track.name, invoice.amountCents, reference, portalUrl(deps)),
      `mail-receipt-${invoice.id}`,
    );
    return true;
  });
  if (settled) {
    deps.jobs.kick();
    deps.pubsub.publish("payment", reference, { reference, status: "PAID" });
  }
  return "PAID";
}

async function markFailed(deps: Services, invoiceId: string, reference: string, flaggedReason: string | null) {
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
