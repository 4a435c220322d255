import { utcDay } from "../../domain/payments/instalment-plans.ts";
import { cancelPaymentPlan, movePartDueDate, payInstalmentNow, paymentPlanWhere, waivePart } from "../../domain/payments/plan-finance.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import { builder } from "../builder.ts";
import { actor } from "../context.ts";
import { Invoice } from "../invoices/invoice.ts";
import { commonErrors } from "../schema/errors.ts";
import { Money, money } from "../schema/money.ts";
import { pageArgs, pagedConnection, pagedConnectionType } from "../schema/paging.ts";

/** Learners' instalment plans (docs/payments.md, "Instalments"): finance's list and actions, the learner's own plans and cards. */

export const PaymentPlanStatus = builder.enumType("PaymentPlanStatus", {
  description: "Where a learner's instalment plan stands.",
  values: {
    PENDING: { description: "Part 1's checkout is not paid (yet)." },
    ACTIVE: { description: "Part 1 paid; later parts being paid." },
    COMPLETED: { description: "Every part paid or waived." },
    CANCELLED: { description: "Cancelled by finance; its unpaid parts voided." },
  } as const,
});

const PAID = ["PAID", "PARTIALLY_REFUNDED", "REFUNDED"] as const;

/**
 * The parts in order, as `parts` loads them: the fields that count or date parts select them with the same arguments, so
 * everything loads with the plan in one statement (selections of one relation with different arguments load apart).
 */
const PARTS_ORDER = { orderBy: { partNumber: "asc" } } satisfies Prisma.PaymentPlan$invoicesArgs;
const PART_STATES = {
  invoices: { ...PARTS_ORDER, select: { dueDate: true, status: true, partNumber: true } },
} satisfies { invoices: Prisma.PaymentPlan$invoicesArgs };

/** The plan's unpaid later parts' due dates, earliest first. */
const unpaidDueDates = (parts: { dueDate: Date | null; status: string; partNumber: number | null }[]) =>
  parts
    .filter((i) => i.status === "PENDING" && (i.partNumber ?? 1) > 1 && i.dueDate)
    .map((i) => i.dueDate as Date)
    .sort((a, b) => a.getTime() - b.getTime());

export const PaymentPlan = builder.prismaNode("PaymentPlan", {
  id: { field: "id" },
  nullable: true,
  authScopes: (plan) => ({ can: "readInvoices", owns: { role: "LEARNER", id: plan.learnerId } }),
  description: "A learner's instalment plan for a track; its parts are numbered invoices.",
  fields: (t) => ({
    learner: t.relation("learner", { nullable: true, description: "The learner (null once deleted)." }),
    track: t.relation("track", { nullable: true, description: "The track." }),
    status: t.expose("status", { type: PaymentPlanStatus, description: "Pending, active, completed or cancelled." }),
    currency: t.exposeString("currency", { description: "The plan's currency (ISO 4217)." }),
    partCount: t.exposeInt("parts", { description: "How many parts." }),
    total: t.field({
      type: Money,
      description: "What all parts add up to.",
      resolve: (p) =>
        money(
          p.amountsCents.reduce((s, v) => s + v, 0),
          p.currency,
        ),
    }),
    parts: t.relation("invoices", {
      description: "Its parts' invoices, part 1 first.",
      query: PARTS_ORDER,
    }),
    paidParts: t.int({
      select: PART_STATES,
      description: "How many parts are paid.",
      resolve: (p) => p.invoices.filter((i) => (PAID as readonly string[]).includes(i.status)).length,
    }),
    waivedParts: t.int({
      select: PART_STATES,
      description: "How many parts were waived (or voided by a cancellation).",
      resolve: (p) => p.invoices.filter((i) => i.status === "VOID" && (i.partNumber ?? 1) > 1).length,
    }),
    nextDueOn: t.string({
      nullable: true,
      select: PART_STATES,
      description: "The next unpaid part's due date (YYYY-MM-DD); null when none is left.",
      resolve: (p) => unpaidDueDates(p.invoices)[0]?.toISOString().slice(0, 10) ?? null,
    }),
    overdueParts: t.int({
      select: PART_STATES,
      description: "Unpaid parts whose due date has passed.",
      resolve: (p) => unpaidDueDates(p.invoices).filter((d) => d < utcDay(new Date())).length,
    }),
    paused: t.boolean({
      // Loaded with the plan (the track's paused enrollments, few), never one query per row.
      select: { learnerId: true, track: { select: { enrollments: { where: { pausedAt: { not: null } }, select: { learnerId: true } } } } },
      description: "Whether the learner's access to the track is paused (an instalment unpaid past the grace days).",
      resolve: (p) => Boolean(p.learnerId && p.track?.enrollments.some((e) => e.learnerId === p.learnerId)),
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When the plan was made (part 1's checkout)." }),
  }),
});

const PaymentPlanConnection = pagedConnectionType(PaymentPlan, "PaymentPlanConnection", "A page of instalment plans.");

const PlanFilter = builder.enumType("PaymentPlanFilter", {
  description: "Which plans finance lists.",
  values: {
    ALL: { description: "Active, completed and cancelled plans (not unpaid checkouts)." },
    ACTIVE: { description: "Active plans." },
    OVERDUE: { description: "Active plans with an unpaid part past its due date." },
    PAUSED: { description: "Active plans whose learner's access is paused." },
  } as const,
});

builder.queryFields((t) => ({
  paymentPlans: t.field({
    type: PaymentPlanConnection,
    authScopes: { can: "readInvoices" },
    description: "Learners' instalment plans, newest first (finance).",
    args: { filter: t.arg({ type: PlanFilter, description: "Which plans; ALL when omitted." }), ...pageArgs },
    resolve: async (_root, args, ctx, info) => {
      const { prisma } = ctx.services.db;
      const where = await paymentPlanWhere(ctx.services, args.filter);
      return pagedConnection(args, ctx, info, {
        count: () => prisma.paymentPlan.count({ where }),
        rows: (query, skip, take) =>
          prisma.paymentPlan.findMany({ ...query, where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip, take }),
      });
    },
  }),
  myPaymentPlans: t.prismaField({
    type: ["PaymentPlan"],
    authScopes: { learner: true },
    description: "The signed-in learner's instalment plans (active and finished), newest first.",
    resolve: (query, _root, _args, ctx) =>
      ctx.services.db.prisma.paymentPlan.findMany({
        ...query,
        where: { learnerId: ctx.viewer?.accountId as string, status: { not: "PENDING" } },
        orderBy: { createdAt: "desc" },
      }),
  }),
  mySavedCards: t.field({
    type: [SavedCardRef],
    authScopes: { learner: true },
    description:
      "The signed-in learner's saved cards (charged for later instalments): brand, last 4 digits, expiry. Never the card's code.",
    resolve: (_root, _args, ctx) =>
      ctx.services.db.prisma.savedCard.findMany({
        where: { learnerId: ctx.viewer?.accountId as string },
        select: { id: true, brand: true, last4: true, expMonth: true, expYear: true, currency: true },
        orderBy: { updatedAt: "desc" },
      }),
  }),
}));

interface SavedCardValue {
  id: string;
  brand: string | null;
  last4: string | null;
  expMonth: string | null;
  expYear: string | null;
  currency: string;
}

const SavedCardRef = builder.objectRef<SavedCardValue>("SavedCard").implement({
  description: "A card the learner paid with, kept to charge later instalments.",
  fields: (t) => ({
    brand: t.string({ nullable: true, description: "The card's brand, e.g. visa.", resolve: (c) => c.brand }),
    last4: t.string({ nullable: true, description: "The card number's last 4 digits.", resolve: (c) => c.last4 }),
    expiry: t.string({
      nullable: true,
      description: "MM/YYYY.",
      resolve: (c) => (c.expMonth && c.expYear ? `${c.expMonth.padStart(2, "0")}/${c.expYear}` : null),
    }),
    currency: t.string({ description: "The currency it was saved in (charged only for plans in it).", resolve: (c) => c.currency }),
  }),
});

const InvoicePartPayload = builder.objectRef<{ invoice: typeof Invoice.$inferType }>("InstalmentPayload").implement({
  description: "An instalment as changed.",
  fields: (t) => ({ invoice: t.field({ type: Invoice, description: "The part's invoice.", resolve: (p) => p.invoice }) }),
});

const PaymentPlanPayload = builder.objectRef<{ plan: typeof PaymentPlan.$inferType }>("PaymentPlanPayload").implement({
  description: "A plan as changed.",
  fields: (t) => ({ plan: t.field({ type: PaymentPlan, description: "The plan.", resolve: (p) => p.plan }) }),
});

const PayNowPayload = builder.objectRef<{ authorizationUrl: string; reference: string }>("PayInstalmentPayload").implement({
  description: "The payment page of an instalment.",
  fields: (t) => ({
    authorizationUrl: t.string({ description: "Paystack's payment page: send the browser there.", resolve: (p) => p.authorizationUrl }),
    reference: t.string({ description: "The payment's reference.", resolve: (p) => p.reference }),
  }),
});

const errors = { types: commonErrors };

builder.mutationFields((t) => ({
  moveInstalmentDueDate: t.field({
    type: InvoicePartPayload,
    errors,
    authScopes: { can: "editInvoices" },
    description: "Moves an unpaid later instalment's due date (today or later). Audited.",
    args: {
      id: t.arg.globalID({ required: true, for: [Invoice], description: "The part's invoice." }),
      dueOn: t.arg.string({ required: true, description: "YYYY-MM-DD." }),
    },
    resolve: async (_root, { id, dueOn }, ctx) => ({ invoice: await movePartDueDate(ctx.services, actor(ctx), id.id, { dueOn }) }),
  }),
  waiveInstalment: t.field({
    type: InvoicePartPayload,
    errors,
    authScopes: { can: "editInvoices" },
    description: "Waives an unpaid later instalment: its invoice is voided with the reason, it counts as settled, access resumes. Audited.",
    args: {
      id: t.arg.globalID({ required: true, for: [Invoice], description: "The part's invoice." }),
      reason: t.arg.string({ required: true, description: "Why (up to 500 characters)." }),
    },
    resolve: async (_root, { id, reason }, ctx) => ({ invoice: await waivePart(ctx.services, actor(ctx), id.id, { reason }) }),
  }),
  cancelPaymentPlan: t.field({
    type: PaymentPlanPayload,
    errors,
    authScopes: { can: "editInvoices" },
    description: "Cancels a plan: its unpaid parts are voided with the reason; paid parts stay paid (refund them per invoice). Audited.",
    args: {
      id: t.arg.globalID({ required: true, for: [PaymentPlan], description: "The plan." }),
      reason: t.arg.string({ required: true, description: "Why (up to 500 characters)." }),
    },
    resolve: async (_root, { id, reason }, ctx) => ({ plan: await cancelPaymentPlan(ctx.services, actor(ctx), id.id, { reason }) }),
  }),
  payInstalment: t.field({
    type: PayNowPayload,
    errors,
    authScopes: { learner: true },
    description: 'The learner\'s "Pay now" for a due or overdue instalment of their own plan: answers its payment page.',
    args: { id: t.arg.globalID({ required: true, for: [Invoice], description: "The part's invoice." }) },
    resolve: async (_root, { id }, ctx) => {
      const { reference, authorizationUrl } = await payInstalmentNow(ctx.services, ctx.viewer?.accountId as string, id.id);
      return { reference, authorizationUrl };
    },
  }),
}));
