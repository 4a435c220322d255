import { voidInvoice } from "../../domain/invoices/invoices.ts";
import { isPaidRecord } from "../../domain/invoices/status.ts";
import { builder } from "../builder.ts";
import { actor } from "../context.ts";
import { commonErrors } from "../schema/errors.ts";
import { Invoice } from "./invoice.ts";

/** What an invoice is for beyond its track, whether it is locked, and voiding (docs/ARCHITECTURE.md, "Paid records are locked"). */
builder.prismaObjectFields(Invoice, (t) => ({
  description: t.exposeString("description", {
    nullable: true,
    description: 'What the invoice is for when it is not a track (an "Other" line written by staff).',
  }),
  paidRecord: t.boolean({
    description:
      "Money was received (paid, or refunded in part or in full): its amount, learner and track are locked and it cannot be deleted.",
    resolve: (invoice) => isPaidRecord(invoice.status),
  }),
  // Finance's own words, like flaggedReason: staff read them, the learner sees the status only.
  voidReason: t.exposeString("voidReason", {
    nullable: true,
    authScopes: { can: "readInvoices" },
    description: "Why finance voided it; null unless void. Staff only.",
  }),
  voidedAt: t.expose("voidedAt", { type: "DateTime", nullable: true, description: "When it was voided; null unless void." }),
}));

const VoidInvoiceInput = builder.inputType("VoidInvoiceInput", {
  description: "Voiding a pending invoice.",
  fields: (t) => ({
    id: t.globalID({ required: true, for: [Invoice], description: "The invoice's ID." }),
    reason: t.string({ description: "Why it is voided (required, at most 500 characters); kept with the invoice and in the audit log." }),
  }),
});

const VoidInvoicePayload = builder.objectRef<{ invoice: typeof Invoice.$inferType }>("VoidInvoicePayload").implement({
  description: "A voided invoice.",
  fields: (t) => ({ invoice: t.field({ type: Invoice, description: "The invoice, now void.", resolve: (p) => p.invoice }) }),
});

builder.mutationFields((t) => ({
  voidInvoice: t.field({
    type: VoidInvoicePayload,
    errors: { types: commonErrors },
    authScopes: { can: "editInvoices" },
    description: "Cancels a pending invoice with a reason. A paid invoice is refused (ConflictError): it is refunded instead.",
    args: { input: t.arg({ type: VoidInvoiceInput, required: true, description: "The invoice and the reason." }) },
    resolve: async (_root, { input }, ctx) => ({
      invoice: await voidInvoice(ctx.services, actor(ctx), input.id.id, { reason: input.reason }),
    }),
  }),
}));
