import { z } from "zod";
import type { Prisma } from "../../generated/prisma/client.ts";
import type { PaystackCurrency } from "../../paystack/contract.ts";
import { paystackFor } from "../../paystack/index.ts";
import type { DomainServices as Services } from "../deps.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import { type Actor, recordAudit } from "../staff/audit.ts";
import { type FormInput, parseInput } from "../validation.ts";
import { checkoutChannelsFor, PaymentProviderError } from "./checkout.ts";
import { utcDay } from "./instalment-plans.ts";
import { newPaymentReference } from "./offline.ts";
import { resumeIfSettled } from "./plan-settlement.ts";

/**
 * Finance's actions on learners' instalment plans (docs/payments.md, "Instalments"), each audited, and the learner's
 * "Pay now" for a due part. Staff rights are the callers' scopes (`editInvoices`); a learner pays only their own parts.
 */

export const PLAN_MESSAGES = {
  notFound: "Instalment not found.",
  planNotFound: "Payment plan not found.",
  notPending: "Only an unpaid instalment can be changed.",
  inFlight: "A payment of this instalment is open at Paystack; try again once it has ended.",
  firstPart: "The first instalment is the checkout: cancel the plan instead.",
  notActive: "This plan is not active.",
  dueDate: "Choose a due date from today on (YYYY-MM-DD).",
  reason: "Give a reason (up to 500 characters).",
  notDue: "This instalment is not due yet.",
} as const;

/** Which plans finance lists: ALL is every plan but unpaid checkouts (PENDING); the others are active plans. */
export const PLAN_FILTERS = ["ALL", "ACTIVE", "OVERDUE", "PAUSED"] as const;
export type PlanFilter = (typeof PLAN_FILTERS)[number];

/**
 * The plans finance's list shows for a filter (GraphQL `paymentPlans`, and REST `GET /api/payment-plans` through it):
 * OVERDUE has an unpaid later part due before today; PAUSED is the learner's own enrollment in the plan's track paused
 * (the paused pairs are read first: few).
 */
export async function paymentPlanWhere(deps: Services, filter: PlanFilter | null | undefined): Promise<Prisma.PaymentPlanWhereInput> {
  if (filter === "ACTIVE") return { status: "ACTIVE" };
  if (filter === "OVERDUE") {
    return { status: "ACTIVE", invoices: { some: { status: "PENDING", partNumber: { gt: 1 }, dueDate: { lt: utcDay(new Date()) } } } };
  }
  if (filter === "PAUSED") {
    const paused = await deps.db.prisma.enrollment.findMany({
      where: { pausedAt: { not: null } },
      select: { learnerId: true, trackId: true },
      take: 1000,
    });
    return { status: "ACTIVE", OR: paused.length ? paused : [{ id: "00000000-0000-0000-0000-000000000000" }] };
  }
  return { status: { not: "PENDING" } };
}

const reasonField = z.string({ error: PLAN_MESSAGES.reason }).trim().min(1, PLAN_MESSAGES.reason).max(500, PLAN_MESSAGES.reason);

/** A later, unpaid part of an active plan, locked for the change (its settlement waits, or came first). */
async function lockedPart(tx: Parameters<Parameters<Services["db"]["prisma"]["$transaction"]>[0]>[0], invoiceId: string) {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Invoice" WHERE "id" = ${invoiceId}::uuid FOR UPDATE`;
  if (rows.length === 0) throw new NotFoundError(PLAN_MESSAGES.notFound);
  const part = await tx.invoice.findUniqueOrThrow({ where: { id: invoiceId }, include: { paymentPlan: true } });
  if (!part.paymentPlan || !part.partNumber) throw new NotFoundError(PLAN_MESSAGES.notFound);
  if (part.partNumber === 1) throw new ConflictError(PLAN_MESSAGES.firstPart);
  if (part.status !== "PENDING") throw new ConflictError(PLAN_MESSAGES.notPending);
  if (part.paymentPlan.status !== "ACTIVE") throw new ConflictError(PLAN_MESSAGES.notActive);
  if (part.reference) throw new ConflictError(PLAN_MESSAGES.inFlight);
  return part;
}

/** Moves a later part's due date (today or later); audited `instalment.move`. Reminder and charge follow the new date. */
export async function movePartDueDate(deps: Services, actor: Actor, invoiceId: string, raw: FormInput<{ dueOn: string }>) {
  const { dueOn } = parseInput(z.object({ dueOn: z.iso.date({ error: PLAN_MESSAGES.dueDate }) }), raw);
  const day = new Date(`${dueOn}T00:00:00Z`);
  if (day < utcDay(new Date())) throw ValidationError.forField("dueOn", PLAN_MESSAGES.dueDate);
  return deps.db.prisma.$transaction(async (tx) => {
    const before = await lockedPart(tx, invoiceId);
    const after = await tx.invoice.update({ where: { id: invoiceId }, data: { dueDate: day, nextChargeAt: null, chargeAttempts: 0 } });
    await recordAudit(tx, actor, {
      action: "instalment.move",
      entityType: "Invoice",
      entityId: invoiceId,
      before: { dueDate: before.dueDate },
      after: { dueDate: after.dueDate },
    });
    await resumeIfSettled(tx, before.paymentPlanId as string, new Date());
    return after;
  });
}

/**
 * Waives a later part: its invoice is voided with the reason (never paid, counted nowhere) and it counts as settled for
 * the plan: access resumes at once, and a plan with nothing left pending is COMPLETED. Audited `instalment.waive`.
 */
export async function waivePart(deps: Services, actor: Actor, invoiceId: string, raw: FormInput<{ reason: string }>) {
  const { reason } = parseInput(z.object({ reason: reasonField }), raw);
  return deps.db.prisma.$transaction(async (tx) => {
    const before = await lockedPart(tx, invoiceId);
    const after = await tx.invoice.update({
      where: { id: invoiceId },
      data: { status: "VOID", voidReason: `Instalment waived: ${reason}`, voidedAt: new Date() },
    });
    await recordAudit(tx, actor, { action: "instalment.waive", entityType: "Invoice", entityId: invoiceId, before, after });
    await resumeIfSettled(tx, before.paymentPlanId as string, new Date());
    return after;
  });
}

/**
 * Cancels a learner's plan: its unpaid parts are voided with the reason (parts paid stay paid; refunds are per paid
 * part, through the invoice's refund), no more charges or mails. The enrollment is left as it is: finance removes or
 * keeps access as agreed with the learner. Audited `paymentPlan.cancel`.
 */
export async function cancelPaymentPlan(deps: Services, actor: Actor, planId: string, raw: FormInput<{ reason: string }>) {
  const { reason } = parseInput(z.object({ reason: reasonField }), raw);
  return deps.db.prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "PaymentPlan" WHERE "id" = ${planId}::uuid FOR UPDATE`;
    if (rows.length === 0) throw new NotFoundError(PLAN_MESSAGES.planNotFound);
    const before = await tx.paymentPlan.findUniqueOrThrow({ where: { id: planId } });
    if (before.status !== "ACTIVE" && before.status !== "PENDING") throw new ConflictError(PLAN_MESSAGES.notActive);
    // A part with a payment open at Paystack is not voided under it: that payment would have no invoice to settle.
    const open = await tx.invoice.count({
      where: { paymentPlanId: planId, status: "PENDING", reference: { not: null }, partNumber: { gt: 1 } },
    });
    if (open) throw new ConflictError(PLAN_MESSAGES.inFlight);
    const now = new Date();
    await tx.invoice.updateMany({
      where: { paymentPlanId: planId, status: "PENDING", partNumber: { gt: 1 } },
      data: { status: "VOID", voidReason: `Plan cancelled: ${reason}`, voidedAt: now },
    });
    const after = await tx.paymentPlan.update({ where: { id: planId }, data: { status: "CANCELLED", cancelledAt: now } });
    await recordAudit(tx, actor, { action: "paymentPlan.cancel", entityType: "PaymentPlan", entityId: planId, before, after });
    if (before.learnerId && before.trackId)
      await tx.enrollment.updateMany({
        where: { learnerId: before.learnerId, trackId: before.trackId, pausedAt: { not: null } },
        data: { pausedAt: null, pausedReason: null },
      });
    return after;
  });
}

/**
 * The learner's "Pay now" for a due (or overdue) later part of their own plan: the part gets a reference and a
 * Paystack payment page (the same one again while it is open), settled like any checkout. Not before the reminder
 * window (3 days ahead); not while a charge of the saved card is in flight.
 */
export async function payInstalmentNow(deps: Services, learnerId: string, invoiceId: string) {
  const { prisma } = deps.db;
  const part = await prisma.invoice.findFirst({
    where: { id: invoiceId, learnerId, partNumber: { gt: 1 } },
    include: { paymentPlan: true, learner: { select: { email: true } } },
  });
  if (!part?.paymentPlan || !part.learner) throw new NotFoundError(PLAN_MESSAGES.notFound);
  if (part.status !== "PENDING") throw new ConflictError(PLAN_MESSAGES.notPending);
  if (part.paymentPlan.status !== "ACTIVE") throw new ConflictError(PLAN_MESSAGES.notActive);
  if (part.dueDate && part.dueDate.getTime() > utcDay(new Date()).getTime() + 3 * 86_400_000) throw new ConflictError(PLAN_MESSAGES.notDue);
  if (part.reference && part.authorizationUrl) return { reference: part.reference, authorizationUrl: part.authorizationUrl, part };
  if (part.reference) throw new ConflictError(PLAN_MESSAGES.inFlight);
  const reference = newPaymentReference();
  const claimed = await prisma.invoice.updateMany({ where: { id: part.id, status: "PENDING", reference: null }, data: { reference } });
  if (claimed.count === 0) throw new ConflictError(PLAN_MESSAGES.inFlight);
  try {
    const page = await paystackFor(deps.config).initialize({
      email: part.learner.email,
      amount: part.amountCents,
      currency: part.currency as PaystackCurrency,
      reference,
      callback_url: `${deps.config.publicUrl}/payment-verification`,
      metadata: { invoiceId: part.id, learnerId, trackId: part.trackId, part: part.partNumber },
      // The owner's channels in the part's currency, as at checkout (docs/payments.md, Channels).
      channels: await checkoutChannelsFor(deps, part.currency),
    });
    await prisma.invoice.update({ where: { id: part.id }, data: { authorizationUrl: page.authorization_url } });
    return { reference, authorizationUrl: page.authorization_url, part };
  } catch (error) {
    deps.logger.error({ err: error, reference }, "Paystack initialize failed for an instalment");
    // No payment page was made: the part is free again (Paystack has no payment under this reference to settle).
    await prisma.invoice.updateMany({ where: { id: part.id, reference, authorizationUrl: null }, data: { reference: null } });
    throw new PaymentProviderError("Payment could not be started. Please try again in a moment.");
  }
}
