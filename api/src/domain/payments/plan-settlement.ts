import type { Prisma } from "../../db/client.ts";
import type { Invoice } from "../../generated/prisma/client.ts";
import type { PaystackAuthorization } from "../../paystack/client.ts";
import { nextInvoiceNumber } from "../invoices/numbers.ts";
import { dueOn, utcDay } from "./instalment-plans.ts";

/**
 * What the one settlement (`settleWithin`, settle.ts) does for an instalment part, inside its transaction, after the
 * invoice was flipped to PAID (docs/payments.md, "Instalments"):
 * - part 1: the plan goes PENDING -> ACTIVE with a conditional update (once, whoever settles), and the later parts'
 *   invoices are made (PENDING, no reference yet, due from the settlement date per interval);
 * - any part: a paused enrollment resumes when no other part is unpaid past the grace days, and the plan is COMPLETED
 *   when no part is left pending.
 * `graceDays` is the owner's `instalmentGraceDays`.
 */
export async function afterPartSettled(
  db: Prisma.TransactionClient,
  invoice: Pick<Invoice, "id" | "paymentPlanId" | "partNumber" | "learnerId" | "trackId">,
  paidAt: Date,
) {
  const planId = invoice.paymentPlanId;
  if (!planId) return;
  if (invoice.partNumber === 1) {
    const activated = await db.paymentPlan.updateMany({
      where: { id: planId, status: "PENDING" },
      data: { status: "ACTIVE", activatedAt: paidAt },
    });
    if (activated.count === 1) {
      const plan = await db.paymentPlan.findUniqueOrThrow({ where: { id: planId } });
      const start = utcDay(paidAt);
      for (let k = 1; k < plan.parts; k++) {
        await db.invoice.create({
          data: {
            number: await nextInvoiceNumber(db),
            learnerId: plan.learnerId,
            trackId: plan.trackId,
            currency: plan.currency,
            amountCents: plan.amountsCents[k] as number,
            subtotalCents: plan.amountsCents[k] as number,
            taxCents: plan.taxCents[k] ?? 0,
            status: "PENDING",
            dueDate: dueOn(start, plan.interval, k),
            paymentDetails: `Instalment ${k + 1} of ${plan.parts}`,
            paymentPlanId: plan.id,
            partNumber: k + 1,
          },
        });
      }
    }
  }
  await resumeIfSettled(db, planId, paidAt);
}

/**
 * After a part was settled or waived: the enrollment resumes unless another part is still unpaid past the grace days,
 * and a plan with no pending part left is COMPLETED (conditional: once).
 */
export async function resumeIfSettled(db: Prisma.TransactionClient, planId: string, now: Date) {
  const plan = await db.paymentPlan.findUnique({ where: { id: planId }, select: { learnerId: true, trackId: true, status: true } });
  if (!plan?.learnerId || !plan.trackId) return;
  const settings = await db.businessSettings.findUnique({ where: { id: 1 }, select: { instalmentGraceDays: true } });
  const graceDays = settings?.instalmentGraceDays ?? 7;
  const overdueBefore = new Date(utcDay(now).getTime() - graceDays * 86_400_000);
  const [pending, overdue] = await Promise.all([
    db.invoice.count({ where: { paymentPlanId: planId, status: "PENDING" } }),
    db.invoice.count({ where: { paymentPlanId: planId, status: "PENDING", dueDate: { lt: overdueBefore } } }),
  ]);
  if (overdue === 0)
    await db.enrollment.updateMany({
      where: { learnerId: plan.learnerId, trackId: plan.trackId, pausedAt: { not: null } },
      data: { pausedAt: null, pausedReason: null },
    });
  if (pending === 0 && plan.status === "ACTIVE")
    await db.paymentPlan.updateMany({ where: { id: planId, status: "ACTIVE" }, data: { status: "COMPLETED", completedAt: now } });
}

/**
 * Keeps a reusable card a learner paid with (Paystack's `authorization.reusable`, a card), one row per card signature:
 * its code stays on the server to charge later instalments; the learner sees brand, last 4 digits and expiry. Answers
 * the saved card, or null when the authorization cannot be charged later (not a reusable card).
 */
export async function saveCard(
  db: Prisma.TransactionClient | Pick<Prisma.TransactionClient, "savedCard">,
  learnerId: string,
  email: string,
  currency: string,
  authorization: PaystackAuthorization | undefined,
) {
  if (!authorization?.reusable || authorization.channel !== "card") return null;
  const signature = authorization.signature ?? authorization.authorization_code;
  const card = {
    authorizationCode: authorization.authorization_code,
    email,
    currency,
    last4: authorization.last4,
    brand: authorization.brand ?? authorization.card_type,
    expMonth: authorization.exp_month,
    expYear: authorization.exp_year,
  };
  return db.savedCard.upsert({
    where: { learnerId_signature: { learnerId, signature } },
    create: { learnerId, signature, ...card },
    update: card,
  });
}

/**
 * A refund took back the access an instalment plan's payments bought (no paid part of the track is left, see
 * invoices/refunds.ts): the plan is CANCELLED and its unpaid later parts are voided, so nothing more is charged or
 * mailed. A part whose payment is open at Paystack (it has a reference) is left to settle or lapse on its own.
 */
export async function endPlanAfterRefund(db: Prisma.TransactionClient, refundedInvoiceId: string) {
  const refunded = await db.invoice.findUnique({ where: { id: refundedInvoiceId }, select: { paymentPlanId: true } });
  const planId = refunded?.paymentPlanId;
  if (!planId) return;
  const now = new Date();
  await db.invoice.updateMany({
    where: { paymentPlanId: planId, status: "PENDING", reference: null, partNumber: { gt: 1 } },
    data: { status: "VOID", voidReason: "Plan ended: refunded and access taken back", voidedAt: now },
  });
  await db.paymentPlan.updateMany({
    where: { id: planId, status: { in: ["ACTIVE", "PENDING"] } },
    data: { status: "CANCELLED", cancelledAt: now },
  });
}
