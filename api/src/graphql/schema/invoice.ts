import { createInvoice, deleteInvoice, updateInvoice } from "../../domain/billing/invoices.ts";
import { can } from "../../domain/staff/permissions.ts";
import { builder } from "../builder.ts";
import { actor, isLearner } from "../context.ts";
import { Learner } from "./account.ts";
import { commonErrors } from "./errors.ts";
import { pagedConnection, wordsWhere } from "./paging.ts";
import { DeletePayload } from "./payloads.ts";

export const InvoiceStatus = builder.enumType("InvoiceStatus", { values: ["PENDING", "PAID", "FAILED"] as const });

export const Invoice = builder.prismaNode("Invoice", {
  id: { field: "id" },
  // A well-formed id of a record that does not exist resolves to null, not an error.
  nullable: true,
  // Staff who read invoices see every invoice; a learner sees their own.
  authScopes: (invoice, ctx) => can(ctx.viewer, "readInvoices") || isLearner(ctx, invoice.learnerId),
  fields: (t) => ({
    learner: t.relation("learner", { nullable: true }),
    track: t.relation("track", { nullable: true }),
    amount: t.float({ description: "Dollars (2 decimals).", resolve: (i) => i.amountCents / 100 }),
    amountCents: t.exposeInt("amountCents"),
    currency: t.exposeString("currency"),
    dueDate: t.expose("dueDate", { type: "Date", nullable: true }),
    status: t.expose("status", { type: InvoiceStatus }),
    paymentDetails: t.exposeString("paymentDetails", { nullable: true }),
    reference: t.exposeString("reference", { nullable: true, description: "Paystack reference, for card payments." }),
    flaggedReason: t.exposeString("flaggedReason", {
      nullable: true,
      authScopes: { can: "readInvoices" },
      description: "Why an automatic settlement was refused (e.g. amount mismatch).",
    }),
    paidAt: t.expose("paidAt", { type: "DateTime", nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

const InvoiceConnection = builder.connectionObject({
  type: Invoice,
  name: "InvoiceConnection",
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

builder.queryFields((t) => ({
  invoices: t.field({
    type: InvoiceConnection,
    authScopes: { can: "readInvoices" },
    description: "All invoices, newest first, 10 a page; `search` matches the learner's name.",
    args: { search: t.arg.string(), first: t.arg.int(), after: t.arg.string(), page: t.arg.int() },
    resolve: (_root, args, ctx, info) => {
      const { prisma } = ctx.services.db;
      const where = wordsWhere(args.search, ["learner.firstName", "learner.lastName"]);
      return pagedConnection(args, ctx, info, {
        count: () => prisma.invoice.count({ where }),
        rows: (query, skip, take) =>
          prisma.invoice.findMany({ ...query, where, orderBy: [{ createdAt: "desc" }, { id: "asc" }], skip, take }),
      }) as never;
    },
  }),
}));

const InvoiceInput = builder.inputType("InvoiceInput", {
  fields: (t) => ({
    learnerId: t.globalID({ for: [Learner] }),
    amount: t.float({ description: "Dollars, 0 or more, at most 2 decimals." }),
    dueDate: t.field({ type: "Date", description: "Optional; on update, omitted keeps the current due date." }),
    status: t.field({ type: InvoiceStatus }),
    paymentDetails: t.string({ description: "Free text, e.g. bank transfer or mobile money." }),
  }),
});

const InvoicePayload = builder.objectRef<{ invoice: object }>("InvoicePayload").implement({
  fields: (t) => ({ invoice: t.field({ type: Invoice, resolve: (p) => p.invoice as never }) }),
});

const errors = { types: commonErrors };
const invoiceInput = <T extends { learnerId?: { id: string } | null }>(input: T) => ({ ...input, learnerId: input.learnerId?.id });

builder.mutationFields((t) => ({
  createInvoice: t.field({
    type: InvoicePayload,
    errors,
    authScopes: { can: "editInvoices" },
    args: { input: t.arg({ type: InvoiceInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ invoice: await createInvoice(ctx.services, actor(ctx), invoiceInput(input) as never) }),
  }),
  updateInvoice: t.field({
    type: InvoicePayload,
    errors,
    authScopes: { can: "editInvoices" },
    args: { id: t.arg.globalID({ required: true, for: [Invoice] }), input: t.arg({ type: InvoiceInput, required: true }) },
    resolve: async (_root, { id, input }, ctx) => ({
      invoice: await updateInvoice(ctx.services, actor(ctx), id.id, invoiceInput(input) as never),
    }),
  }),
  deleteInvoice: t.field({
    type: DeletePayload,
    errors,
    authScopes: { can: "editInvoices" },
    args: { id: t.arg.globalID({ required: true, for: [Invoice] }) },
    resolve: async (_root, { id }, ctx) => ({ ...(await deleteInvoice(ctx.services, actor(ctx), id.id)), type: "Invoice" }),
  }),
}));
