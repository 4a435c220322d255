import { refundInvoice } from "../../domain/invoices/refunds.ts";
import { builder } from "../builder.ts";
import { actor } from "../context.ts";
import { commonErrors } from "../schema/errors.ts";
import { Invoice } from "./invoice.ts";

/** Refunds of paid invoices (docs/ARCHITECTURE.md, "Money"): the refund record, the invoice's fields, the mutation. */

const RefundMethod = builder.enumType("RefundMethod", {
  description: "How the money goes back.",
  values: {
    CARD: { description: "Through Paystack, to the card that paid." },
    OFFLINE: { description: "Outside Paystack (bank transfer, mobile money, cash), recorded by finance." },
  } as const,
});

const RefundStatus = builder.enumType("RefundStatus", {
  description: "Where a refund stands.",
  values: {
    PENDING: { description: "Asked of Paystack; not processed yet. Its amount is held." },
    PROCESSED: { description: "Done: counted in the invoice's refunded amount." },
    FAILED: { description: "Paystack refused or failed it; nothing was refunded." },
  } as const,
});

export const Refund = builder.prismaNode("Refund", {
  id: { field: "id" },
  nullable: true,
  // Whoever reads an invoice's refunds (Invoice.refunds): staff who read invoices, not the invoice's learner.
  authScopes: { can: "readInvoices" },
  description: "Money given back on a paid invoice.",
  fields: (t) => ({
    amount: t.float({ description: "Major units of `currency` (2 decimals): dollars by default.", resolve: (r) => r.amountCents / 100 }),
    amountCents: t.exposeInt("amountCents", { description: "The amount in minor units of `currency`." }),
    currency: t.exposeString("currency", { description: "The invoice's currency code, e.g. USD." }),
    method: t.expose("method", { type: RefundMethod, description: "Card (Paystack) or offline." }),
    status: t.expose("status", { type: RefundStatus, description: "Pending, processed or failed." }),
    reason: t.exposeString("reason", { description: "Why it was refunded." }),
    actorEmail: t.exposeString("actorEmail", { description: "Who asked for it." }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was asked for." }),
    processedAt: t.expose("processedAt", { type: "DateTime", nullable: true, description: "When it was processed." }),
  }),
});

builder.prismaObjectFields("Invoice", (t) => ({
  refundedAmount: t.float({
    description: "Refunded so far (processed refunds), in major units of the invoice's currency.",
    select: { refundedCents: true },
    resolve: (i) => i.refundedCents / 100,
  }),
  refunds: t.relation("refunds", {
    description: "Its refunds, newest first.",
    authScopes: { can: "readInvoices" },
    query: { orderBy: [{ createdAt: "desc" }, { id: "desc" }] },
  }),
}));

const RefundInvoiceInput = builder.inputType("RefundInvoiceInput", {
  description: "The refund form.",
  fields: (t) => ({
    id: t.globalID({ required: true, for: [Invoice], description: "The paid invoice." }),
    amount: t.float({ description: "Major units of the invoice's currency; left out, all that is left to refund." }),
    reason: t.string({ required: true, description: "Why (kept with the refund and in the audit log)." }),
  }),
});

const RefundInvoicePayload = builder.objectRef<{ refund: typeof Refund.$inferType; invoiceId: string }>("RefundInvoicePayload").implement({
  description: "A refund asked for (card: pending until Paystack processes it) or recorded (offline: processed).",
  fields: (t) => ({
    refund: t.field({ type: Refund, description: "The refund.", resolve: (p) => p.refund }),
    invoice: t.prismaField({
      type: "Invoice",
      description: "The invoice as it is now.",
      resolve: (query, p, _args, ctx) => ctx.services.db.prisma.invoice.findUniqueOrThrow({ ...query, where: { id: p.invoiceId } }),
    }),
  }),
});

builder.mutationFields((t) => ({
  refundInvoice: t.field({
    type: RefundInvoicePayload,
    errors: { types: commonErrors },
    authScopes: { can: "editInvoices" },
    description:
      "Refunds a paid invoice in full or in part: a card payment through Paystack, another payment as recorded by " +
      "finance. A full refund ends the learner's access to the track. Anything but a paid invoice: ConflictError.",
    args: { input: t.arg({ type: RefundInvoiceInput, required: true, description: "The refund." }) },
    resolve: async (_root, { input }, ctx) => {
      const refund = await refundInvoice(ctx.services, actor(ctx), {
        invoiceId: input.id.id,
        amount: input.amount,
        reason: input.reason,
      });
      return { refund, invoiceId: refund.invoiceId };
    },
  }),
}));
