import { toMajorUnits } from "../../../../common/money.ts";
import { isPaystackChannelName } from "../../../../common/payments.ts";
import { createInvoice, deleteInvoice, updateInvoice } from "../../domain/invoices/invoices.ts";
import { listedInvoices } from "../../domain/invoices/status.ts";
import { NEWEST_FIRST } from "../../domain/order.ts";
import { Learner } from "../accounts/account.ts";
import { builder } from "../builder.ts";
import { Track } from "../catalogue/track.ts";
import { actor } from "../context.ts";
import { commonErrors } from "../schema/errors.ts";
import { CurrencyCode, Money, money } from "../schema/money.ts";
import { pageArgs, pagedConnection, pagedConnectionType, wordsWhere } from "../schema/paging.ts";
import { DeletePayload } from "../schema/payloads.ts";
import { PaymentChannel } from "../schema/payment-channel.ts";

export const InvoiceStatus = builder.enumType("InvoiceStatus", {
  description: "Where an invoice's payment stands.",
  values: {
    PENDING: { description: "Not paid yet." },
    PAID: { description: "Paid." },
    FAILED: { description: "The payment failed." },
    PARTIALLY_REFUNDED: { description: "Paid, then part of it refunded (see refundedAmount)." },
    REFUNDED: { description: "Paid, then refunded in full." },
    VOID: { description: "Cancelled by finance with a reason; never paid." },
    ABANDONED: { description: "A card checkout not paid in time; not a failure and not counted." },
  } as const,
});

export const Invoice = builder.prismaNode("Invoice", {
  id: { field: "id" },
  // A well-formed id of a record that does not exist resolves to null, not an error.
  nullable: true,
  // Staff who read invoices see every invoice; a learner sees their own.
  authScopes: (invoice) => ({ can: "readInvoices", owns: { role: "LEARNER", id: invoice.learnerId } }),
  description: "What a learner owes or paid: for a track bought at checkout, or written by staff.",
  fields: (t) => ({
    number: t.exposeString("number", {
      description: "The invoice number, `<prefix>-<year>-<000123>`: unique and gapless per year, given at creation, never changed.",
    }),
    learner: t.relation("learner", { nullable: true, description: "Who the invoice is for." }),
    track: t.relation("track", { nullable: true, description: "The track paid for; null for an invoice written by staff." }),
    amount: t.float({
      description: "Major units of `currency` (2 decimals): dollars on a default install.",
      resolve: (i) => toMajorUnits(i.amountCents, i.currency),
    }),
    amountCents: t.exposeInt("amountCents", { description: "The amount in minor units of `currency` (cents, kobo, pesewas)." }),
    currency: t.exposeString("currency", { description: "The invoice's own currency code, e.g. USD; it never changes once paid." }),
    total: t.field({
      type: Money,
      description: "What the invoice is for (`amount`), with its currency.",
      resolve: (i) => money(i.amountCents, i.currency),
    }),
    dueDate: t.expose("dueDate", { type: "Date", nullable: true, description: "When payment is due; null if no date was set." }),
    status: t.expose("status", { type: InvoiceStatus, description: "Pending, paid or failed." }),
    paymentDetails: t.exposeString("paymentDetails", { nullable: true, description: "How it was paid, in words (free text)." }),
    paymentNote: t.exposeString("paymentNote", {
      nullable: true,
      authScopes: { can: "readInvoices" },
      description: "Finance's note on a confirmed offline payment (staff only; the learner sees paymentDetails).",
    }),
    reference: t.exposeString("reference", { nullable: true, description: "Paystack reference, for card payments." }),
    flaggedReason: t.exposeString("flaggedReason", {
      nullable: true,
      authScopes: { can: "readInvoices" },
      description: "Why an automatic settlement was refused (e.g. amount mismatch).",
    }),
    paidAt: t.expose("paidAt", { type: "DateTime", nullable: true, description: "When it was paid; null until then." }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When the invoice was created." }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", description: "When the invoice last changed." }),
  }),
});

/** How an invoice was paid (docs/ARCHITECTURE.md, "Money"). */
export const PaymentMethod = builder.enumType("PaymentMethod", {
  description: "How an invoice was paid.",
  values: {
    CARD: { description: "By card, through Paystack." },
    BANK_TRANSFER: { description: "By bank transfer, confirmed by finance." },
    MOBILE_MONEY: { description: "By mobile money, confirmed by finance." },
    CASH: { description: "In cash, confirmed by finance." },
    OTHER: { description: "Another way, confirmed or recorded by staff." },
  } as const,
});

builder.prismaObjectFields("Invoice", (t) => ({
  paymentMethod: t.expose("paymentMethod", {
    type: PaymentMethod,
    nullable: true,
    description: "How it was paid: card, or what finance confirmed; null while unpaid.",
  }),
  expiresAt: t.expose("expiresAt", {
    type: "DateTime",
    nullable: true,
    description: "When a pending bank transfer / mobile money invoice lapses unpaid; null for others.",
  }),
  paymentChannel: t.field({
    type: PaymentChannel,
    nullable: true,
    description:
      "The Paystack channel it was paid by (bank transfer, mobile money, USSD, card, ...), as Paystack reported it; null when paid another way or before channels were recorded. paymentMethod stays CARD for every Paystack payment.",
    resolve: (invoice) => (isPaystackChannelName(invoice.paymentChannel) ? invoice.paymentChannel : null),
  }),
}));

// The coupon an invoice was priced with (the price parts themselves are the invoice's own fields).
builder.prismaObjectFields(Invoice, (t) => ({
  couponCode: t.exposeString("couponCode", {
    nullable: true,
    description: "The coupon the checkout applied, as it was typed in (upper-case).",
  }),
  discountCents: t.exposeInt("discountCents", { description: "Taken off the list price by the coupon, in cents (0 without one)." }),
}));

// An instalment part (docs/payments.md, "Instalments"): its number; the plan is PaymentPlan (graphql/payments/plans.ts).
builder.prismaObjectFields(Invoice, (t) => ({
  partNumber: t.exposeInt("partNumber", {
    nullable: true,
    description: "Which instalment of its plan (1 at checkout); null outside a plan.",
  }),
  chargeAttempts: t.exposeInt("chargeAttempts", { description: "Declined charges of the saved card for this instalment (at most 3)." }),
}));

const InvoiceConnection = pagedConnectionType(Invoice, "InvoiceConnection", "A page of invoices.");

builder.queryFields((t) => ({
  invoices: t.field({
    type: InvoiceConnection,
    authScopes: { can: "readInvoices" },
    description:
      "Invoices, newest first, 10 a page; `search` matches the learner's name or the invoice number. Every status but abandoned checkouts unless `status` asks for one.",
    args: {
      search: t.arg.string({ description: "Words the learner's first or last name or the invoice number must contain." }),
      status: t.arg({ type: InvoiceStatus, description: "Only invoices in this status; omitted, every status but ABANDONED." }),
      ...pageArgs,
    },
    resolve: (_root, args, ctx, info) => {
      const { prisma } = ctx.services.db;
      const where = { ...wordsWhere(args.search, ["number", "learner.firstName", "learner.lastName"]), ...listedInvoices(args.status) };
      return pagedConnection(args, ctx, info, {
        count: () => prisma.invoice.count({ where }),
        rows: (query, skip, take) => prisma.invoice.findMany({ ...query, where, orderBy: NEWEST_FIRST, skip, take }),
      });
    },
  }),
}));

const InvoiceInput = builder.inputType("InvoiceInput", {
  description: "The invoice form.",
  fields: (t) => ({
    learnerId: t.globalID({ for: [Learner], description: "The learner the invoice is for." }),
    amount: t.float({ description: "Major units of the invoice's currency (dollars by default), 0 or more, at most 2 decimals." }),
    currency: t.field({
      type: CurrencyCode,
      description: "The invoice's currency: omitted, the business currency for a new invoice and the invoice's own on update.",
    }),
    dueDate: t.field({ type: "Date", description: "Optional; on update, omitted keeps the current due date." }),
    status: t.field({ type: InvoiceStatus, description: "Pending, paid or failed." }),
    paymentDetails: t.string({ description: "Free text, e.g. bank transfer or mobile money." }),
    trackId: t.globalID({
      for: [Track],
      description: "The track the invoice is for; or give a description instead. On update, omitted keeps it and null clears it.",
    }),
    description: t.string({
      description: "What the invoice is for when it is not a track (at most 200 characters). On update, omitted keeps it.",
    }),
  }),
});

const InvoicePayload = builder.objectRef<{ invoice: typeof Invoice.$inferType }>("InvoicePayload").implement({
  description: "A saved invoice.",
  fields: (t) => ({ invoice: t.field({ type: Invoice, description: "The invoice as saved.", resolve: (p) => p.invoice }) }),
});

const errors = { types: commonErrors };
const invoiceInput = <T extends { learnerId?: { id: string } | null; trackId?: { id: string } | null }>(input: T) => ({
  ...input,
  learnerId: input.learnerId?.id,
  trackId: input.trackId === undefined ? undefined : (input.trackId?.id ?? null),
});

builder.mutationFields((t) => ({
  createInvoice: t.field({
    type: InvoicePayload,
    errors,
    authScopes: { can: "editInvoices" },
    description: "Writes an invoice for a learner.",
    args: { input: t.arg({ type: InvoiceInput, required: true, description: "The invoice." }) },
    resolve: async (_root, { input }, ctx) => ({ invoice: await createInvoice(ctx.services, actor(ctx), invoiceInput(input)) }),
  }),
  updateInvoice: t.field({
    type: InvoicePayload,
    errors,
    authScopes: { can: "editInvoices" },
    description: "Saves changes to an invoice.",
    args: {
      id: t.arg.globalID({ required: true, for: [Invoice], description: "The invoice's ID." }),
      input: t.arg({ type: InvoiceInput, required: true, description: "The invoice's new values." }),
    },
    resolve: async (_root, { id, input }, ctx) => ({
      invoice: await updateInvoice(ctx.services, actor(ctx), id.id, invoiceInput(input)),
    }),
  }),
  deleteInvoice: t.field({
    type: DeletePayload,
    errors,
    authScopes: { can: "editInvoices" },
    description: "Deletes an invoice.",
    args: { id: t.arg.globalID({ required: true, for: [Invoice], description: "The invoice's ID." }) },
    resolve: async (_root, { id }, ctx) => ({ ...(await deleteInvoice(ctx.services, actor(ctx), id.id)), type: "Invoice" }),
  }),
}));
