import { confirmInvoicePayment, ownOfflinePayment } from "../../domain/payments/offline.ts";
import { builder } from "../builder.ts";
import { actor } from "../context.ts";
import { Invoice, InvoiceStatus } from "../invoices/invoice.ts";
import { commonErrors } from "../schema/errors.ts";
import { Money, money } from "../schema/money.ts";

/** Payments finance confirms, and a learner's own offline payment (docs/ARCHITECTURE.md, "Money"). */

/** The payment methods finance may confirm (card payments confirm themselves through Paystack). */
const ReceivedMethod = builder.enumType("ReceivedMethod", {
  description: "How finance received a payment it confirms.",
  values: {
    BANK_TRANSFER: { description: "Bank transfer." },
    MOBILE_MONEY: { description: "Mobile money." },
    CASH: { description: "Cash." },
    OTHER: { description: "Another way." },
  } as const,
});

const ConfirmPaymentInput = builder.inputType("ConfirmPaymentInput", {
  description: "Finance confirms the money of a pending invoice was received.",
  fields: (t) => ({
    id: t.globalID({ required: true, for: [Invoice], description: "The invoice's ID." }),
    method: t.field({ type: ReceivedMethod, description: "How the money was received." }),
    receivedOn: t.field({ type: "Date", description: "The day it was received; not in the future." }),
    note: t.string({ description: "Optional, up to 500 characters (e.g. the bank's transaction number)." }),
  }),
});

const ConfirmPaymentPayload = builder.objectRef<{ invoice: typeof Invoice.$inferType }>("ConfirmPaymentPayload").implement({
  description: "A confirmed payment: the invoice, now paid.",
  fields: (t) => ({ invoice: t.field({ type: Invoice, description: "The invoice as saved.", resolve: (p) => p.invoice }) }),
});

const OfflinePayment = builder
  .objectRef<{
    reference: string;
    status: typeof InvoiceStatus.$inferType;
    amountCents: number;
    currency: string;
    trackName: string | null;
    expiresAt: Date;
    instructions: string;
  }>("OfflinePayment")
  .implement({
    description: "A bank transfer / mobile money payment of yours and how to make it.",
    fields: (t) => ({
      reference: t.exposeString("reference", { description: "The reference to write on the transfer." }),
      status: t.expose("status", { type: InvoiceStatus, description: "Pending until finance confirms it." }),
      amount: t.float({ description: "Major units of `currency` (2 decimals): dollars by default.", resolve: (p) => p.amountCents / 100 }),
      currency: t.exposeString("currency", { description: "The invoice's currency code, e.g. USD." }),
      total: t.field({ type: Money, description: "What to pay, with its currency.", resolve: (p) => money(p.amountCents, p.currency) }),
      trackName: t.exposeString("trackName", { nullable: true, description: "The track it pays for." }),
      expiresAt: t.expose("expiresAt", { type: "DateTime", description: "Pay before this, or the invoice lapses." }),
      instructions: t.exposeString("instructions", { description: "Where to send the money (plain text; keep its line breaks)." }),
    }),
  });

builder.queryFields((t) => ({
  offlinePayment: t.field({
    type: OfflinePayment,
    nullable: true,
    authScopes: { learner: true },
    description: "One of your bank transfer / mobile money payments by its reference, with the instructions; null otherwise.",
    args: { reference: t.arg.string({ required: true, description: "The reference checkout answered." }) },
    resolve: (_root, { reference }, ctx) => ownOfflinePayment(ctx.services, ctx.viewer?.accountId as string, reference),
  }),
}));

builder.mutationFields((t) => ({
  confirmInvoicePayment: t.field({
    type: ConfirmPaymentPayload,
    errors: { types: commonErrors },
    authScopes: { can: "editInvoices" },
    description:
      "Finance confirms receipt of a pending invoice's money: the same settlement as a card payment (enrollment once, receipt mail).",
    args: { input: t.arg({ type: ConfirmPaymentInput, required: true, description: "How and when it was received." }) },
    resolve: async (_root, { input }, ctx) => ({
      invoice: await confirmInvoicePayment(ctx.services, actor(ctx), input.id.id, input),
    }),
  }),
}));
