import { randomBytes } from "node:crypto";
import { z } from "zod";
import { OFFLINE_LIMITS, OFFLINE_MESSAGES } from "../../../../common/payments.ts";
import type { Prisma } from "../../db/client.ts";
import { recordJob } from "../../job-contract.ts";
import { lockSoldTrack } from "../catalogue/tracks.ts";
import { claimSeat } from "../cohorts/cohorts.ts";
import { priceWithin, reserveCoupon, type TaxSetting } from "../coupons/coupons.ts";
import type { DomainServices as Services } from "../deps.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import { nextInvoiceNumber } from "../invoices/numbers.ts";
import { isPaidRecord } from "../invoices/status.ts";
import { composeMail } from "../mails/compose.ts";
import { offlineInstructions } from "../mails/templates.ts";
import { businessSettings } from "../settings/settings.ts";
import { type Actor, recordAudit } from "../staff/audit.ts";
import { type FormInput, parseInput } from "../validation.ts";
import { afterSettlement, settleWithin } from "./settle.ts";

// Shared with the admin's forms (common/payments.ts).
export { OFFLINE_MESSAGES };

/** What a pending offline invoice says it is, in its payment details. */
export const OFFLINE_DETAILS = "Bank transfer / mobile money";
/** Written on a pending offline invoice that lapsed unpaid. */
export const EXPIRED_REASON = "Expired unpaid";

/** Paystack references allow A-Za-z0-9 - . = only; offline references have the card references' format. */
export const newPaymentReference = () => `lh-${Date.now().toString(36)}-${randomBytes(8).toString("hex")}`;

/**
 * The pending invoice a checkout makes, card, offline or fully discounted alike: its number, the price parts
 * `priceWithin` worked out, a payment reference, and the coupon's use reserved when it was priced with one. Inside the
 * checkout's transaction, after its learner and track locks.
 */
export async function createCheckoutInvoice(
  tx: Prisma.TransactionClient,
  learnerId: string,
  track: { id: string; currency: string },
  price: Awaited<ReturnType<typeof priceWithin>>,
  details: { paymentDetails: string; expiresAt?: Date; paymentPlanId?: string; partNumber?: number; cohortId?: string | null },
) {
  const invoice = await tx.invoice.create({
    data: {
      number: await nextInvoiceNumber(tx),
      learnerId,
      trackId: track.id,
      ...price,
      currency: track.currency,
      reference: newPaymentReference(),
      status: "PENDING",
      ...details,
    },
  });
  if (price.couponId) await reserveCoupon(tx, price.couponId, learnerId, invoice.id);
  return invoice;
}

/**
 * The offline half of a checkout (bank transfer / mobile money, when the owner enabled it): a pending invoice with a
 * payment reference and an expiry, no Paystack call, and the instructions mailed (outbox) in the same transaction.
 * A repeated offline checkout of the same track gets the same open invoice. Nothing is given until finance confirms.
 */
export async function startOfflineCheckout(
  deps: Services,
  learner: { id: string; email: string; firstName: string },
  track: { id: string; name: string; priceCents: number; currency: string },
  coupon: string | null,
  tax: TaxSetting,
  cohortId: string | null = null,
) {
  const settings = await businessSettings(deps);
  if (!settings.offlinePaymentsEnabled || !settings.offlineInstructions) throw new ValidationError(OFFLINE_MESSAGES.unavailable);
  const instructions = settings.offlineInstructions;
  const { invoice, created } = await deps.db.prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT 1 FROM "Learner" WHERE "id" = ${learner.id}::uuid FOR UPDATE`;
    await lockSoldTrack(tx, track.id);
    const price = await priceWithin(tx, track, learner.id, coupon, tax);
    const open = await tx.invoice.findFirst({
      where: {
        learnerId: learner.id,
        trackId: track.id,
        status: "PENDING",
        amountCents: price.amountCents,
        couponId: price.couponId,
        OR: [{ subtotalCents: track.priceCents }, { subtotalCents: null, amountCents: track.priceCents }],
        currency: track.currency,
        expiresAt: { gt: new Date() },
        // Cohorts (docs/cohorts.md): reused only for the same cohort.
        cohortId,
      },
      orderBy: { createdAt: "desc" },
    });
    if (open) return { invoice: open, created: false };
    // The new invoice holds a seat in the cohort until it is paid or lapses: claimed under the cohort's lock first.
    if (cohortId) await claimSeat(tx, cohortId, learner.id);
    const fresh = await createCheckoutInvoice(tx, learner.id, track, price, {
      paymentDetails: OFFLINE_DETAILS,
      expiresAt: new Date(Date.now() + settings.offlineExpiryDays * 86_400_000),
      cohortId,
    });
    await recordJob(
      tx,
      "send-mail",
      await composeMail(deps, tx, offlineInstructions, learner.email, {
        firstName: learner.firstName,
        trackName: track.name,
        amountCents: fresh.amountCents,
        currency: fresh.currency,
        reference: fresh.reference as string,
        instructions,
        expiresAt: fresh.expiresAt as Date,
      }),
      `mail-offline-${fresh.id}`,
    );
    return { invoice: fresh, created: true };
  });
  if (created) deps.jobs.kick();
  return {
    reference: invoice.reference as string,
    invoiceId: invoice.id,
    instructions,
    expiresAt: invoice.expiresAt as Date,
    amountCents: invoice.amountCents,
    currency: invoice.currency,
  };
}

const confirmInput = z.object({
  method: z.enum(["BANK_TRANSFER", "MOBILE_MONEY", "CASH", "OTHER"], { error: OFFLINE_MESSAGES.method }),
  receivedOn: z
    .date({ error: OFFLINE_MESSAGES.receivedOn })
    // A date (midnight UTC) may be "today" somewhere up to 14 hours ahead of UTC.
    .refine((d) => d.getTime() <= Date.now() + 14 * 3_600_000, OFFLINE_MESSAGES.futureDate),
  note: z
    .string()
    .trim()
    .max(OFFLINE_LIMITS.note, OFFLINE_MESSAGES.noteTooLong)
    .nullish()
    .transform((v) => v || null),
});

export type ConfirmInput = FormInput<z.input<typeof confirmInput>>;

const METHOD_LABELS = { BANK_TRANSFER: "Bank transfer", MOBILE_MONEY: "Mobile money", CASH: "Cash", OTHER: "Other" } as const;

function refusal(invoice: { status: string; expiresAt: Date | null }): ConflictError | null {
  if (isPaidRecord(invoice.status as Parameters<typeof isPaidRecord>[0])) return new ConflictError(OFFLINE_MESSAGES.alreadyPaid);
  if (invoice.status === "VOID") return new ConflictError(OFFLINE_MESSAGES.voided);
  if (invoice.status !== "PENDING") return new ConflictError(OFFLINE_MESSAGES.notPending);
  if (invoice.expiresAt && invoice.expiresAt.getTime() <= Date.now()) return new ConflictError(OFFLINE_MESSAGES.expired);
  return null;
}

/**
 * Finance confirms that the money of a pending invoice (offline or card) was received: how, when, and a note. It runs
 * the one settlement (`settleWithin`: enrollment once, receipt mail, the open payment page told) with an audit entry
 * `invoice.confirm` in the same transaction. A card payment that arrives for it later is flagged for refund (settle.ts).
 */
export async function confirmInvoicePayment(deps: Services, actor: Actor, id: string, raw: ConfirmInput) {
  const input = parseInput(confirmInput, raw);
  const { prisma } = deps.db;
  const existing = await prisma.invoice.findUnique({ where: { id } });
  if (!existing) throw new NotFoundError(OFFLINE_MESSAGES.notFound);
  const refused = refusal(existing);
  if (refused) throw refused;
  const day = input.receivedOn.toISOString().slice(0, 10);
  // The learner reads paymentDetails; finance's note is for staff and goes in its own column.
  const paymentDetails = `${METHOD_LABELS[input.method]} received ${day}`;
  const invoice = await prisma.$transaction(async (tx) => {
    const settled = await settleWithin(tx, deps, id, {
      method: input.method,
      paidAt: input.receivedOn,
      paymentDetails,
      paymentNote: input.note,
    });
    if (!settled)
      throw refusal((await tx.invoice.findUnique({ where: { id } })) ?? existing) ?? new ConflictError(OFFLINE_MESSAGES.alreadyPaid);
    await recordAudit(tx, actor, {
      action: "invoice.confirm",
      entityType: "Invoice",
      entityId: id,
      before: existing,
      after: { ...settled, note: input.note },
    });
    return settled;
  });
  afterSettlement(deps, invoice);
  return prisma.invoice.findUniqueOrThrow({ where: { id } });
}

/**
 * Pending offline invoices past their expiry become VOID ("Expired unpaid"); an open payment page hears it. Runs in
 * housekeeping; safe to run twice at once (a conditional update per invoice). Returns how many lapsed.
 */
export async function expireOfflineInvoices(deps: Services, batch = 200): Promise<number> {
  const { prisma } = deps.db;
  const now = new Date();
  const lapsed = await prisma.invoice.findMany({
    where: { status: "PENDING", expiresAt: { lte: now } },
    select: { id: true, reference: true },
    take: batch,
  });
  let expired = 0;
  for (const invoice of lapsed) {
    const changed = await prisma.invoice.updateMany({
      where: { id: invoice.id, status: "PENDING" },
      data: { status: "VOID", voidReason: EXPIRED_REASON, voidedAt: now },
    });
    if (changed.count === 0) continue;
    expired++;
    if (invoice.reference) deps.pubsub.publish("payment", invoice.reference, { reference: invoice.reference, status: "EXPIRED" });
  }
  return expired;
}

/** A learner's own offline payment by its reference (for the page that shows the instructions), or null. */
export async function ownOfflinePayment(deps: Services, learnerId: string, reference: string) {
  const invoice = await deps.db.prisma.invoice.findUnique({
    where: { reference },
    select: { learnerId: true, expiresAt: true, status: true, amountCents: true, currency: true, track: { select: { name: true } } },
  });
  if (!invoice || invoice.learnerId !== learnerId || !invoice.expiresAt) return null;
  const settings = await businessSettings(deps);
  return {
    reference,
    status: invoice.status,
    amountCents: invoice.amountCents,
    currency: invoice.currency,
    trackName: invoice.track?.name ?? null,
    expiresAt: invoice.expiresAt,
    instructions: settings.offlineInstructions ?? "",
  };
}
