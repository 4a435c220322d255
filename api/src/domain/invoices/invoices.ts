import { z } from "zod";
import { INVOICE_LIMITS, INVOICE_MESSAGES } from "../../../../common/invoices.ts";
import { CURRENCY_CODES, type CurrencyCode } from "../../../../common/money.ts";
import type { Prisma } from "../../db/client.ts";
import type { DomainServices as Services } from "../deps.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import { amountToMinor } from "../money.ts";
import { afterSettlement, settleWithin } from "../payments/settle.ts";
import { businessCurrency } from "../settings/settings.ts";
import { type Actor, recordAudit } from "../staff/audit.ts";
import { type FormInput, parseInput } from "../validation.ts";
import { nextInvoiceNumber } from "./numbers.ts";
import { isPaidRecord, netCents, PAID_RECORD_STATUSES } from "./status.ts";

// Shared with the admin's forms (common/invoices.ts).
export { INVOICE_MESSAGES };

const currencyInput = z.object({ currency: z.enum(CURRENCY_CODES, { error: INVOICE_MESSAGES.currency }).nullish() }).loose();

/** The invoice form; its amount is in major units of the invoice's currency (`currency`), read by that currency's rules. */
const invoiceInput = (currency: string) =>
  z.object({
    learnerId: z.string({ error: INVOICE_MESSAGES.learner }).uuid(INVOICE_MESSAGES.learnerNotFound),
    amount: amountToMinor(INVOICE_MESSAGES.amount, INVOICE_MESSAGES.invalidAmountIn(currency), currency),
    /** The invoice's currency: the business currency for a new invoice, the invoice's own for an edit, when omitted. */
    currency: z.enum(CURRENCY_CODES, { error: INVOICE_MESSAGES.currency }).nullish(),
    dueDate: z.date().nullable().optional(),
    status: z.enum(["PENDING", "PAID"], { error: INVOICE_MESSAGES.status }),
    paymentDetails: z
      .string()
      .trim()
      .max(500)
      .nullable()
      .optional()
      .transform((v) => v || null),
    // Omitted (undefined) keeps an existing invoice's track or description; null or blank clears it.
    trackId: z.string().uuid(INVOICE_MESSAGES.trackNotFound).nullable().optional(),
    description: z
      .string()
      .trim()
      .max(INVOICE_LIMITS.description, INVOICE_MESSAGES.descriptionTooLong)
      .nullable()
      .optional()
      .transform((v) => (v === undefined ? undefined : v || null)),
  });

/**
 * What a learner has paid: their paid records (as a Prisma relation selection), and the sums of them in minor units,
 * net of refunds, one per currency (docs/ARCHITECTURE.md, "Money"): amounts in different currencies are never added.
 */
export const PAID_INVOICES = {
  where: { status: { in: [...PAID_RECORD_STATUSES] } },
  select: { amountCents: true, refundedCents: true, status: true, currency: true },
};

type PaidInvoice = Parameters<typeof netCents>[0] & { currency: string };

/** An amount of one currency: minor units (`cents`, whatever the currency calls them) and its ISO code. */
export interface CurrencyCents {
  currency: CurrencyCode;
  cents: number;
}

/** The net sum of paid records per currency, in the order of CURRENCY_CODES; only currencies paid in appear. */
export function paidTotals(invoices: PaidInvoice[]): CurrencyCents[] {
  const sums = new Map<string, number>();
  for (const invoice of invoices) {
    if (!isPaidRecord(invoice.status)) continue;
    sums.set(invoice.currency, (sums.get(invoice.currency) ?? 0) + netCents(invoice));
  }
  return [...sums]
    .map(([currency, cents]) => ({ currency: currency as CurrencyCode, cents }))
    .sort((a, b) => CURRENCY_CODES.indexOf(a.currency) - CURRENCY_CODES.indexOf(b.currency));
}

/**
 * A learner's one "total paid" figure (the spec's, beside which the per-currency list stands): the total of the one
 * currency they paid in; of the business currency when they paid in several including it (else the first of them);
 * 0 in the business currency when they paid nothing. `business` is asked for only in those last two cases, so a list
 * of learners who each paid in one currency costs no read of the settings.
 */
export async function learnerTotal(totals: CurrencyCents[], business: () => Promise<CurrencyCode>): Promise<CurrencyCents> {
  if (totals.length === 1) return totals[0] as CurrencyCents;
  const currency = await business();
  return totals.find((t) => t.currency === currency) ?? totals[0] ?? { currency, cents: 0 };
}

/** The invoice form: any status may be sent (the schema's enum has FAILED too); the rules accept pending and paid. */
export type InvoiceInput = FormInput<Omit<z.input<ReturnType<typeof invoiceInput>>, "status">> & { status?: string | null };

async function requireLearner(deps: Services, learnerId: string) {
  const learner = await deps.db.prisma.learner.findUnique({ where: { id: learnerId }, select: { id: true } });
  if (!learner) throw new NotFoundError(INVOICE_MESSAGES.learnerNotFound);
}

async function requireTrack(deps: Services, trackId: string | null | undefined) {
  if (!trackId) return;
  const track = await deps.db.prisma.track.findUnique({ where: { id: trackId }, select: { id: true } });
  if (!track) throw new NotFoundError(INVOICE_MESSAGES.trackNotFound);
}

/** What an invoice is for: a track or a described "Other" line, never both (neither is the spec's bare invoice). */
function requireOneSubject(trackId: string | null, description: string | null) {
  if (trackId && description) throw ValidationError.forField("description", INVOICE_MESSAGES.trackOrDescription);
}

/**
 * The invoice row, locked until the transaction ends: a card payment settling it (a conditional update of the same
 * row) waits for this change or this change sees it paid, so a check here holds when the write happens.
 */
async function lockInvoice(tx: Prisma.TransactionClient, id: string) {
  await tx.$executeRaw`SELECT 1 FROM "Invoice" WHERE "id" = ${id}::uuid FOR UPDATE`;
  const existing = await tx.invoice.findUnique({ where: { id } });
  if (!existing) throw new NotFoundError(INVOICE_MESSAGES.notFound);
  return existing;
}

/**
 * Admins record invoices by hand (bank transfer, mobile money...); either status may be chosen (paid: settled as
 * OTHER). The invoice is in the currency named, else the business currency, and keeps it for ever.
 */
export async function createInvoice(deps: Services, actor: Actor, raw: InvoiceInput) {
  const currency = parseInput(currencyInput, raw).currency ?? (await businessCurrency(deps));
  const input = parseInput(invoiceInput(currency), raw);
  const trackId = input.trackId ?? null;
  const description = input.description ?? null;
  requireOneSubject(trackId, description);
  await requireLearner(deps, input.learnerId);
  await requireTrack(deps, trackId);
  const invoice = await deps.db.prisma.$transaction(async (tx) => {
    // Made pending, then a paid one goes through the one settlement (enrollment in its track, receipt mail).
    const created = await tx.invoice.create({
      data: {
        number: await nextInvoiceNumber(tx),
        learnerId: input.learnerId,
        trackId,
        description,
        amountCents: input.amount,
        currency,
        dueDate: input.dueDate ?? null,
        status: "PENDING",
        paymentDetails: input.paymentDetails,
      },
    });
    const invoice =
      input.status === "PAID" ? ((await settleWithin(tx, deps, created.id, { method: "OTHER", paidAt: new Date() })) ?? created) : created;
    await recordAudit(tx, actor, { action: "invoice.create", entityType: "Invoice", entityId: invoice.id, before: null, after: invoice });
    return invoice;
  });
  if (invoice.status === "PAID") afterSettlement(deps, invoice);
  return invoice;
}

/**
 * The due date is changed only when given (docs/product.md, REST routes: dueDate only if set). A paid record keeps
 * its amount, learner, track and status (docs/ARCHITECTURE.md, "Paid records are locked"): only its words (payment
 * details, description) and due date may change; a void invoice does not change at all.
 */
export async function updateInvoice(deps: Services, actor: Actor, id: string, raw: InvoiceInput) {
  const { prisma } = deps.db;
  const found = await prisma.invoice.findUnique({ where: { id }, select: { id: true, currency: true } });
  if (!found) throw new NotFoundError(INVOICE_MESSAGES.notFound);
  const currency = parseInput(currencyInput, raw).currency ?? found.currency;
  const input = parseInput(invoiceInput(currency), raw);
  await requireLearner(deps, input.learnerId);
  await requireTrack(deps, input.trackId);
  let settling = false;
  const invoice = await prisma.$transaction(async (tx) => {
    const existing = await lockInvoice(tx, id);
    if (existing.status === "VOID") throw new ConflictError(INVOICE_MESSAGES.voidLocked);
    const trackId = input.trackId === undefined ? existing.trackId : input.trackId;
    const description = input.description === undefined ? existing.description : input.description;
    requireOneSubject(trackId, description);
    const paidRecord = isPaidRecord(existing.status);
    if (
      paidRecord &&
      (input.amount !== existing.amountCents ||
        currency !== existing.currency ||
        input.learnerId !== existing.learnerId ||
        trackId !== existing.trackId ||
        input.status !== "PAID")
    ) {
      throw new ConflictError(INVOICE_MESSAGES.paidLocked);
    }
    // A checkout's invoice with a coupon keeps what the coupon's rules priced: changing its amount, learner or track, or
    // reopening one whose use was released (abandoned, failed), would go round the coupon's cap and once-per-learner rule.
    if (
      !paidRecord &&
      existing.couponId &&
      (input.amount !== existing.amountCents ||
        currency !== existing.currency ||
        input.learnerId !== existing.learnerId ||
        trackId !== existing.trackId ||
        existing.status !== "PENDING")
    ) {
      throw new ConflictError(INVOICE_MESSAGES.couponLocked);
    }
    // A new amount typed by staff is the whole price: the checkout's price parts (list price, tax) no longer describe it.
    const repriced =
      input.amount !== existing.amountCents || currency !== existing.currency ? { subtotalCents: null, discountCents: 0, taxCents: 0 } : {};
    // An unpaid invoice marked paid goes through the one settlement (method OTHER): enrolled once, receipt mailed.
    settling = !paidRecord && input.status === "PAID";
    let invoice = await tx.invoice.update({
      where: { id },
      data: {
        learnerId: input.learnerId,
        trackId,
        description,
        amountCents: input.amount,
        currency,
        ...repriced,
        ...(input.dueDate ? { dueDate: input.dueDate } : {}),
        // A paid record keeps its status (a refunded one stays refunded: the form only knows pending and paid).
        ...(paidRecord ? {} : { status: "PENDING" as const, paidAt: null }),
        paymentDetails: input.paymentDetails,
      },
    });
    if (settling) {
      const settled = await settleWithin(tx, deps, id, { method: "OTHER", paidAt: new Date() });
      invoice = settled ?? (await tx.invoice.findUniqueOrThrow({ where: { id } }));
    }
    await recordAudit(tx, actor, { action: "invoice.update", entityType: "Invoice", entityId: id, before: existing, after: invoice });
    return invoice;
  });
  if (settling) afterSettlement(deps, invoice);
  return invoice;
}

/** Only invoices that never took money go: a paid record stays for the books, a void one as the record of why. */
export async function deleteInvoice(deps: Services, actor: Actor, id: string) {
  return deps.db.prisma.$transaction(async (tx) => {
    const existing = await lockInvoice(tx, id);
    if (isPaidRecord(existing.status)) throw new ConflictError(INVOICE_MESSAGES.paidNotDeleted);
    if (existing.status === "VOID") throw new ConflictError(INVOICE_MESSAGES.voidLocked);
    await tx.invoice.delete({ where: { id } });
    await recordAudit(tx, actor, { action: "invoice.delete", entityType: "Invoice", entityId: id, before: existing, after: null });
    return { id };
  });
}

const voidInput = z.object({
  reason: z
    .string({ error: INVOICE_MESSAGES.voidReason })
    .trim()
    .min(1, INVOICE_MESSAGES.voidReason)
    .max(INVOICE_LIMITS.voidReason, INVOICE_MESSAGES.voidReasonTooLong),
});

/**
 * Finance cancels a pending invoice with a reason (docs/ARCHITECTURE.md, "Paid records are locked"): it becomes
 * VOID with the reason and the time, in the audit log as `invoice.void`. A paid record is corrected by a refund
 * instead; anything else that is not pending (failed, abandoned, already void) is refused too.
 */
export async function voidInvoice(deps: Services, actor: Actor, id: string, raw: FormInput<z.input<typeof voidInput>>) {
  const { reason } = parseInput(voidInput, raw);
  return deps.db.prisma.$transaction(async (tx) => {
    const existing = await lockInvoice(tx, id);
    if (isPaidRecord(existing.status)) throw new ConflictError(INVOICE_MESSAGES.voidPaid);
    if (existing.status !== "PENDING") throw new ConflictError(INVOICE_MESSAGES.voidNotPending);
    const invoice = await tx.invoice.update({ where: { id }, data: { status: "VOID", voidReason: reason, voidedAt: new Date() } });
    await recordAudit(tx, actor, { action: "invoice.void", entityType: "Invoice", entityId: id, before: existing, after: invoice });
    return invoice;
  });
}
