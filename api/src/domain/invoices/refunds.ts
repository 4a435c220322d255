import { z } from "zod";
import { currencyRules, formatMoney, toMinorUnits } from "../../../../common/money.ts";
import type { Prisma } from "../../db/client.ts";
import type { Refund } from "../../generated/prisma/client.ts";
import { PermanentJobError, recordJob, recordRerunnableJob, toJobId } from "../../job-contract.ts";
import { PaystackError } from "../../paystack/client.ts";
import { paystackFor } from "../../paystack/index.ts";
import { siteUrl } from "../../sites.ts";
import type { DomainServices as Services } from "../deps.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import { REVOKE_REASONS, revokeTrackCertificateWithin } from "../learning/certificates.ts";
import { composeMail } from "../mails/compose.ts";
import { refund as refundTemplate } from "../mails/templates.ts";
import { cardSetupRefundProcessed } from "../payments/card-setup.ts";
import { endPlanAfterRefund } from "../payments/plan-settlement.ts";
import { type Actor, recordAudit } from "../staff/audit.ts";
import { parseInput } from "../validation.ts";
import { isPaidRecord, PAID_RECORD_STATUSES } from "./status.ts";

export const REFUND_MESSAGES = {
  notFound: "Invoice not found.",
  notPaid: "Only a paid invoice can be refunded.",
  nothingLeft: "Nothing is left to refund on this invoice.",
  invalidAmount: "Amount must be a number of dollars, more than 0, with at most 2 decimals.",
  /** invalidAmount in the invoice's currency: "Amount must be a number of naira, more than 0, with at most 2 decimals." */
  invalidAmountIn: (currency: string) => {
    const { unit, digits } = currencyRules(currency);
    return `Amount must be a number of ${unit}, more than 0, with at most ${digits} decimals.`;
  },
  /** What is left to refund, in the invoice's currency: "At most ₦9,000.00 can be refunded on this invoice." */
  tooMuch: (leftCents: number, currency = "USD") => `At most ${formatMoney(leftCents, currency)} can be refunded on this invoice.`,
  reason: "A reason is required.",
  reasonTooLong: "The reason is at most 500 characters.",
  paystackRefused: (message: string) => `Paystack refused the refund: ${message}`,
} as const;

/** A refund's form; its amount is in major units of the invoice's currency (`currency`), read by that currency's rules. */
const refundInput = (currency: string) => {
  const invalid = REFUND_MESSAGES.invalidAmountIn(currency);
  return z.object({
    invoiceId: z.string().uuid(REFUND_MESSAGES.notFound),
    /** Major units; null or left out: all that is left. */
    amount: z
      .union([z.number(), z.string()], { error: invalid })
      .transform((v, ctx) => {
        const result = toMinorUnits(typeof v === "string" ? v.trim() : v, currency);
        if ("minor" in result && result.minor > 0) return result.minor;
        ctx.addIssue({ code: "custom", message: invalid });
        return z.NEVER;
      })
      .nullish(),
    reason: z.string({ error: REFUND_MESSAGES.reason }).trim().min(1, REFUND_MESSAGES.reason).max(500, REFUND_MESSAGES.reasonTooLong),
  });
};

/** The currency of the invoice a refund is asked for (its amount is read in it); USD when there is no such invoice. */
async function refundCurrency(deps: Services, raw: RefundInput): Promise<string> {
  if (typeof raw.invoiceId !== "string" || !z.uuid().safeParse(raw.invoiceId).success) return "USD";
  const invoice = await deps.db.prisma.invoice.findUnique({ where: { id: raw.invoiceId }, select: { currency: true } });
  return invoice?.currency ?? "USD";
}

export type RefundInput = { invoiceId: string; amount?: number | string | null; reason?: string | null };

/** Refunds that hold part of an invoice's amount: processed ones, and ones Paystack may still process. */
const HOLDING = ["PENDING", "PROCESSED"] as const;

/**
 * Finance refunds a paid invoice, in full or in part (docs/ARCHITECTURE.md, "Money"). The invoice row is locked
 * while the refund is written, so concurrent requests see each other's refunds and together never exceed the
 * amount. A card payment is refunded through Paystack: the refund stays PENDING until Paystack's refund.processed
 * webhook (processRefundJob); a payment made another way is recorded as processed at once.
 */
export async function refundInvoice(deps: Services, actor: Actor, raw: RefundInput): Promise<Refund> {
  const input = parseInput(refundInput(await refundCurrency(deps, raw)), raw);
  const { prisma } = deps.db;
  const refund = await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT 1 FROM "Invoice" WHERE "id" = ${input.invoiceId}::uuid FOR UPDATE`;
    const invoice = await tx.invoice.findUnique({ where: { id: input.invoiceId } });
    if (!invoice) throw new NotFoundError(REFUND_MESSAGES.notFound);
    if (!isPaidRecord(invoice.status)) throw new ConflictError(REFUND_MESSAGES.notPaid);
    const held = await tx.refund.aggregate({
      where: { invoiceId: invoice.id, status: { in: [...HOLDING] } },
      _sum: { amountCents: true },
    });
    const left = invoice.amountCents - (held._sum.amountCents ?? 0);
    if (left <= 0) throw new ConflictError(REFUND_MESSAGES.nothingLeft);
    const amountCents = input.amount ?? left;
    if (amountCents > left) throw ValidationError.forField("amount", REFUND_MESSAGES.tooMuch(left, invoice.currency));
    // Paid with a Paystack reference and no other method recorded: a card payment.
    const byCard = invoice.reference !== null && (invoice.paymentMethod === "CARD" || invoice.paymentMethod === null);
    const created = await tx.refund.create({
      data: {
        invoiceId: invoice.id,
        amountCents,
        currency: invoice.currency,
        method: byCard ? "CARD" : "OFFLINE",
        reason: input.reason,
        actorId: actor.id,
        actorEmail: actor.email,
      },
    });
    await recordAudit(tx, actor, {
      action: "invoice.refund",
      entityType: "Invoice",
      entityId: invoice.id,
      before: { refundedCents: invoice.refundedCents, status: invoice.status },
      after: { refundId: created.id, refundCents: amountCents, method: created.method, reason: input.reason },
    });
    if (!byCard) return (await applyRefund(deps, tx, created.id)) ?? created;
    return created;
  });
  if (refund.method === "OFFLINE") {
    deps.jobs.kick();
    return refund;
  }
  return askPaystack(deps, refund);
}

/** Sends a recorded card refund to Paystack and keeps Paystack's id for the refund.processed webhook. */
async function askPaystack(deps: Services, refund: Refund): Promise<Refund> {
  const { prisma } = deps.db;
  const invoice = await prisma.invoice.findUniqueOrThrow({ where: { id: refund.invoiceId }, select: { reference: true } });
  try {
    const answer = await paystackFor(deps.config).createRefund({
      transaction: invoice.reference ?? "",
      amount: refund.amountCents,
      merchant_note: merchantNote(refund),
    });
    // The webhook's job may have stored it already (found by the note): the same value either way.
    const saved = await prisma.refund.update({ where: { id: refund.id }, data: { paystackRefundId: String(answer.id) } });
    if (answer.status === "processed") return (await processRefund(deps, saved.id)) ?? saved;
    if (answer.status === "failed") return failRefund(deps, saved.id);
    return saved;
  } catch (error) {
    if (error instanceof PaystackError && error.httpStatus !== undefined && error.httpStatus >= 400 && error.httpStatus < 500) {
      // Paystack answered and refused: nothing was refunded, so the amount is free again.
      await failRefund(deps, refund.id);
      throw new ConflictError(REFUND_MESSAGES.paystackRefused(error.message));
    }
    // No answer: Paystack may have made the refund. It stays PENDING (its amount held, so it cannot be paid twice)
    // until finance sees it settled by Paystack's webhook.
    deps.logger.error({ err: error, refundId: refund.id }, "Paystack did not answer a refund request");
    return refund;
  }
}

async function failRefund(deps: Services, refundId: string): Promise<Refund> {
  await deps.db.prisma.refund.updateMany({ where: { id: refundId, status: "PENDING" }, data: { status: "FAILED" } });
  return deps.db.prisma.refund.findUniqueOrThrow({ where: { id: refundId } });
}

/**
 * Marks a pending refund processed and adds it to its invoice, once: a second call (a duplicate webhook, a retried
 * job) finds it processed already and changes nothing. Null when it was not pending.
 */
async function applyRefund(deps: Services, tx: Prisma.TransactionClient, refundId: string): Promise<Refund | null> {
  const flipped = await tx.refund.updateMany({
    where: { id: refundId, status: "PENDING" },
    data: { status: "PROCESSED", processedAt: new Date() },
  });
  if (flipped.count === 0) return null;
  const refund = await tx.refund.findUniqueOrThrow({ where: { id: refundId } });
  // Conditional: the refunded total never passes the amount (the CHECK constraint says so too).
  const rows = await tx.$queryRaw<{ status: string; learnerId: string | null; trackId: string | null; amountCents: number }[]>`
    UPDATE "Invoice"
    SET "refundedCents" = "refundedCents" + ${refund.amountCents},
        "status" = (CASE WHEN "refundedCents" + ${refund.amountCents} >= "amountCents" THEN 'REFUNDED' ELSE 'PARTIALLY_REFUNDED' END)::"InvoiceStatus",
        "updatedAt" = now()
    WHERE "id" = ${refund.invoiceId}::uuid
      AND "status"::text IN (${PAID_RECORD_STATUSES[0]}, ${PAID_RECORD_STATUSES[1]}, ${PAID_RECORD_STATUSES[2]})
      AND "refundedCents" + ${refund.amountCents} <= "amountCents"
    RETURNING "status"::text AS "status", "learnerId", "trackId", "amountCents"`;
  const invoice = rows[0];
  if (!invoice) throw new ConflictError(REFUND_MESSAGES.nothingLeft);
  if (invoice.status === "REFUNDED") await revokeAccess(deps, tx, refund, invoice.learnerId, invoice.trackId, invoice.amountCents);
  return refund;
}

/**
 * A full refund takes back what was bought: the learner's enrollment in the invoice's track, unless another paid
 * invoice of theirs for that track still stands or staff granted the enrollment by hand (a comp). Then the learner is mailed (through the outbox).
 * Taking the enrollment back also revokes the learner's certificate of the track, in this same transaction.
 */
async function revokeAccess(
  deps: Services,
  tx: Prisma.TransactionClient,
  refund: Refund,
  learnerId: string | null,
  trackId: string | null,
  amountCents: number,
) {
  if (!learnerId) return;
  let trackName: string | null = null;
  if (trackId) {
    const stillPaid = await tx.invoice.count({
      where: { learnerId, trackId, id: { not: refund.invoiceId }, status: { in: ["PAID", "PARTIALLY_REFUNDED"] } },
    });
    const enrollment = await tx.enrollment.findUnique({ where: { learnerId_trackId: { learnerId, trackId } }, select: { id: true } });
    // An enrollment staff granted by hand (a comp, audited as enrollment.comp) was not bought with this payment: it stays.
    const comped =
      enrollment &&
      (await tx.auditEntry.count({ where: { action: "enrollment.comp", entityType: "Enrollment", entityId: enrollment.id } })) > 0;
    if (enrollment && stillPaid === 0 && !comped) {
      await tx.enrollment.delete({ where: { id: enrollment.id } });
      await revokeTrackCertificateWithin(tx, learnerId, trackId, REVOKE_REASONS.refund);
      // An instalment plan whose access was taken back ends: its unpaid parts are neither charged nor mailed.
      await endPlanAfterRefund(tx, refund.invoiceId);
    }
    trackName = (await tx.track.findUnique({ where: { id: trackId }, select: { name: true } }))?.name ?? null;
  }
  const learner = await tx.learner.findUnique({ where: { id: learnerId }, select: { email: true, firstName: true } });
  if (!learner) return;
  await recordJob(
    tx,
    "send-mail",
    await composeMail(deps, tx, refundTemplate, learner.email, {
      firstName: learner.firstName,
      trackName,
      amountCents,
      currency: refund.currency,
      portalUrl: `${siteUrl(deps.config.publicUrl, deps.config.adminHostPrefix, "learner")}/portal`,
    }),
    `mail-refund-${refund.id}`,
  );
}

/** Processes a pending refund in its own transaction; null when it was not pending (already processed or failed). */
export async function processRefund(deps: Services, refundId: string): Promise<Refund | null> {
  const refund = await deps.db.prisma.$transaction((tx) => applyRefund(deps, tx, refundId));
  if (refund) deps.jobs.kick();
  return refund;
}

export const refundJobId = (paystackRefundId: string) => toJobId("refund", paystackRefundId);

/**
 * Paystack's refund.processed webhook: queues the refund's processing under a job id derived from Paystack's
 * refund id, so duplicate deliveries share one job (and processing is idempotent besides).
 */
export async function enqueueRefundProcessed(deps: Services, paystackRefundId: string): Promise<void> {
  await recordRerunnableJob(deps.db.prisma, "process-refund", { paystackRefundId }, refundJobId(paystackRefundId));
  deps.jobs.kick();
}

/** The note sent with each card refund: names our refund, so Paystack's record leads back to it. */
const merchantNote = (refund: Refund) => `${refund.reason} (LearnHub refund ${refund.id})`.slice(-1000);
const OUR_REFUND_IN_NOTE = /LearnHub refund ([0-9a-f-]{36})\)$/;

/**
 * The job behind refund.processed: asks Paystack (never trusting the webhook's body alone) and processes the refund
 * once Paystack says it is processed. The webhook may arrive before the request that made the refund stored
 * Paystack's id (or that request never heard Paystack's answer): then the refund is found by the note it was sent with.
 */
export async function processRefundJob(deps: Services, paystackRefundId: string): Promise<{ outcome: string }> {
  const { prisma } = deps.db;
  let refund = await prisma.refund.findUnique({ where: { paystackRefundId } });
  if (refund && refund.status !== "PENDING") return { outcome: refund.status };
  const id = Number(paystackRefundId);
  const remote = Number.isSafeInteger(id) ? await paystackFor(deps.config).getRefund(id) : null;
  if (!remote) throw new PermanentJobError(`Paystack does not know refund ${paystackRefundId}`);
  if (!refund) {
    const ours = OUR_REFUND_IN_NOTE.exec(remote.merchant_note ?? "")?.[1];
    const found = ours ? await prisma.refund.findUnique({ where: { id: ours } }) : null;
    if (!found || (found.paystackRefundId !== null && found.paystackRefundId !== paystackRefundId)) {
      // A card check's refund (payments/card-setup.ts) is no invoice's: its status is kept on the check.
      if (!found && (await cardSetupRefundProcessed(deps, remote.merchant_note, paystackRefundId, remote.status)))
        return { outcome: "CARD_CHECK" };
      throw new PermanentJobError(`Refund ${paystackRefundId} is not one of ours`);
    }
    await prisma.refund.updateMany({ where: { id: found.id, paystackRefundId: null }, data: { paystackRefundId } });
    refund = found;
    if (refund.status !== "PENDING") return { outcome: refund.status };
  }
  if (remote.status === "failed") return { outcome: (await failRefund(deps, refund.id)).status };
  if (remote.status !== "processed") throw new Error(`Refund ${paystackRefundId} is still ${remote.status}`);
  if (remote.amount !== refund.amountCents) {
    throw new PermanentJobError(`Paystack refunded ${remote.amount} but refund ${refund.id} is ${refund.amountCents}`);
  }
  await processRefund(deps, refund.id);
  return { outcome: "PROCESSED" };
}

/** How long a card refund may stay pending before housekeeping asks Paystack about it (its webhook may be lost). */
export const REFUND_CHECK_AFTER_MS = 10 * 60_000;

/**
 * The fallback for a lost refund.processed webhook: each card refund pending for a while is checked with Paystack
 * through the same job the webhook queues (so a check and a late webhook share it). Answers how many were queued.
 */
export async function checkPendingRefunds(deps: Services, now = new Date()): Promise<number> {
  const stale = await deps.db.prisma.refund.findMany({
    where: {
      method: "CARD",
      status: "PENDING",
      paystackRefundId: { not: null },
      createdAt: { lt: new Date(now.getTime() - REFUND_CHECK_AFTER_MS) },
    },
    select: { paystackRefundId: true },
    orderBy: { createdAt: "asc" },
    take: 100,
  });
  for (const { paystackRefundId } of stale) if (paystackRefundId) await enqueueRefundProcessed(deps, paystackRefundId);
  return stale.length;
}

/** An invoice's refunds, newest first. */
export function refundsOf(deps: Pick<Services, "db">, invoiceId: string) {
  return deps.db.prisma.refund.findMany({ where: { invoiceId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
}
