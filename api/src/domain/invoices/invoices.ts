import { z } from "zod";
import type { DomainServices as Services } from "../deps.ts";
import { NotFoundError } from "../errors.ts";
import { dollarsToCents } from "../money.ts";
import { type Actor, recordAudit } from "../staff/audit.ts";
import { type FormInput, parseInput } from "../validation.ts";
import { netCents, PAID_RECORD_STATUSES } from "./status.ts";

export const INVOICE_MESSAGES = {
  learner: "Learner is required.",
  learnerNotFound: "The selected learner does not exist.",
  amount: "Amount is required.",
  invalidAmount: "Amount must be a number of dollars, 0 or more.",
  status: "Status is required.",
  notFound: "Invoice not found.",
} as const;

const invoiceInput = z.object({
  learnerId: z.string({ error: INVOICE_MESSAGES.learner }).uuid(INVOICE_MESSAGES.learnerNotFound),
  amount: dollarsToCents(INVOICE_MESSAGES.amount, INVOICE_MESSAGES.invalidAmount),
  dueDate: z.date().nullable().optional(),
  status: z.enum(["PENDING", "PAID"], { error: INVOICE_MESSAGES.status }),
  paymentDetails: z
    .string()
    .trim()
    .max(500)
    .nullable()
    .optional()
    .transform((v) => v || null),
});

/**
 * What a learner has paid: their paid records (as a Prisma relation selection), and the sum of them in cents, net of
 * refunds (docs/ARCHITECTURE.md, "Money").
 */
export const PAID_INVOICES = {
  where: { status: { in: [...PAID_RECORD_STATUSES] } },
  select: { amountCents: true, refundedCents: true, status: true },
};
export const paidCents = (invoices: Parameters<typeof netCents>[0][]) => invoices.reduce((sum, i) => sum + netCents(i), 0);

/** The invoice form: any status may be sent (the schema's enum has FAILED too); the rules accept pending and paid. */
export type InvoiceInput = FormInput<Omit<z.input<typeof invoiceInput>, "status">> & { status?: string | null };

async function requireLearner(deps: Services, learnerId: string) {
  const learner = await deps.db.prisma.learner.findUnique({ where: { id: learnerId }, select: { id: true } });
  if (!learner) throw new NotFoundError(INVOICE_MESSAGES.learnerNotFound);
}

/** Admins record invoices by hand (bank transfer, mobile money...); either status may be chosen. */
export async function createInvoice(deps: Services, actor: Actor, raw: InvoiceInput) {
  const input = parseInput(invoiceInput, raw);
  await requireLearner(deps, input.learnerId);
  return deps.db.prisma.$transaction(async (tx) => {
    const invoice = await tx.invoice.create({
      data: {
        learnerId: input.learnerId,
        amountCents: input.amount,
        dueDate: input.dueDate ?? null,
        status: input.status,
        paymentDetails: input.paymentDetails,
        paidAt: input.status === "PAID" ? new Date() : null,
      },
    });
    await recordAudit(tx, actor, { action: "invoice.create", entityType: "Invoice", entityId: invoice.id, before: null, after: invoice });
    return invoice;
  });
}

/** The due date is changed only when given (docs/product.md, REST routes: dueDate only if set). */
export async function updateInvoice(deps: Services, actor: Actor, id: string, raw: InvoiceInput) {
  const input = parseInput(invoiceInput, raw);
  const { prisma } = deps.db;
  const existing = await prisma.invoice.findUnique({ where: { id } });
  if (!existing) throw new NotFoundError(INVOICE_MESSAGES.notFound);
  await requireLearner(deps, input.learnerId);
  const paidAt = input.status === "PAID" ? (existing.paidAt ?? new Date()) : null;
  return prisma.$transaction(async (tx) => {
    const invoice = await tx.invoice.update({
      where: { id },
      data: {
        learnerId: input.learnerId,
        amountCents: input.amount,
        ...(input.dueDate ? { dueDate: input.dueDate } : {}),
        status: input.status,
        paymentDetails: input.paymentDetails,
        paidAt,
      },
    });
    await recordAudit(tx, actor, { action: "invoice.update", entityType: "Invoice", entityId: id, before: existing, after: invoice });
    return invoice;
  });
}

export async function deleteInvoice(deps: Services, actor: Actor, id: string) {
  return deps.db.prisma.$transaction(async (tx) => {
    const existing = await tx.invoice.findUnique({ where: { id } });
    const deleted = await tx.invoice.deleteMany({ where: { id } });
    if (!existing || deleted.count === 0) throw new NotFoundError(INVOICE_MESSAGES.notFound);
    await recordAudit(tx, actor, { action: "invoice.delete", entityType: "Invoice", entityId: id, before: existing, after: null });
    return { id };
  });
}
