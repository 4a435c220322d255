import { CARD_SETUP_MESSAGES } from "../../../../common/payments.ts";
import { NotFoundError } from "../../domain/errors.ts";
import { confirmCardSetup, removeSavedCard, startCardSetup } from "../../domain/payments/card-setup.ts";
import { utcDay } from "../../domain/payments/instalment-plans.ts";
import { cancelPaymentPlan, movePartDueDate, payInstalmentNow, paymentPlanWhere, waivePart } from "../../domain/payments/plan-finance.ts";
import type { Prisma, SavedCard } from "../../generated/prisma/client.ts";
import { builder, decodeId } from "../builder.ts";
import { actor } from "../context.ts";
import { Invoice } from "../invoices/invoice.ts";
import { commonErrors } from "../schema/errors.ts";
import { CurrencyCode, Money, money } from "../schema/money.ts";
import { pageArgs, pagedConnection, pagedConnectionType } from "../schema/paging.ts";
import { DeletePayload } from "../schema/payloads.ts";

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
      // Loaded with the plan: the learner's own paused enrollments (a few at most, whatever the track's size), never
      // one query per row.
      select: { trackId: true, learner: { select: { enrollments: { where: { pausedAt: { not: null } }, select: { trackId: true } } } } },
      description: "Whether the learner's access to the track is paused (an instalment unpaid past the grace days).",
      resolve: (p) => Boolean(p.trackId && p.learner?.enrollments.some((e) => e.trackId === p.trackId)),
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
  mySavedCards: t.prismaField({
    type: ["SavedCard"],
    authScopes: { learner: true },
    description:
      "The signed-in learner's saved cards (charged for later instalments): brand, last 4 digits, expiry. Never the card's code.",
    resolve: (query, _root, _args, ctx) =>
      ctx.services.db.prisma.savedCard.findMany({
        ...query,
        where: { learnerId: ctx.viewer?.accountId as string },
        orderBy: { updatedAt: "desc" },
      }),
  }),
}));

/** A learner's saved card, their own only (`node(id:)` too); never its authorization code. */
const SavedCardRef = builder.prismaNode("SavedCard", {
  id: { field: "id" },
  // Only what the fields read is selected: the authorization code is never even loaded for an answer.
  select: { id: true, learnerId: true },
  nullable: true,
  authScopes: (card) => ({ owns: { role: "LEARNER", id: card.learnerId } }),
  description: "A card the learner paid with, kept to charge later instalments. Its global ID is what removeSavedCard takes.",
  fields: (t) => ({
    brand: t.exposeString("brand", { nullable: true, description: "The card's brand, e.g. visa." }),
    last4: t.exposeString("last4", { nullable: true, description: "The card number's last 4 digits." }),
    expiry: t.string({
      nullable: true,
      select: { expMonth: true, expYear: true },
      description: "MM/YYYY.",
      resolve: (c) => (c.expMonth && c.expYear ? `${c.expMonth.padStart(2, "0")}/${c.expYear}` : null),
    }),
    currency: t.exposeString("currency", { description: "The currency it was saved in (charged only for plans in it)." }),
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

const CardSetupStatus = builder.enumType("CardSetupStatus", {
  description: 'Where a card check stands (docs/payments.md, "Saving a card").',
  values: {
    PENDING: { description: "Not paid at Paystack yet." },
    SAVED: { description: "The card was saved for later instalments; the check amount is refunded." },
    FAILED: { description: "No card was saved (see reason); anything charged is refunded." },
  } as const,
});

const AddPaymentCardPayload = builder.objectRef<{ authorizationUrl: string; reference: string }>("AddPaymentCardPayload").implement({
  description: "The payment page of a card check.",
  fields: (t) => ({
    authorizationUrl: t.string({ description: "Paystack's page (card only): send the browser there.", resolve: (p) => p.authorizationUrl }),
    reference: t.string({ description: "The card check's reference.", resolve: (p) => p.reference }),
  }),
});

const ConfirmPaymentCardPayload = builder
  .objectRef<{ status: "PENDING" | "SAVED" | "FAILED"; reason: string | null; card: SavedCard | null }>("ConfirmPaymentCardPayload")
  .implement({
    description: "Where a card check ended.",
    fields: (t) => ({
      status: t.field({ type: CardSetupStatus, description: "Saved, failed or still pending.", resolve: (p) => p.status }),
      reason: t.string({ nullable: true, description: "Why no card was saved (FAILED only).", resolve: (p) => p.reason }),
      card: t.field({ type: SavedCardRef, nullable: true, description: "The card saved (SAVED only).", resolve: (p) => p.card }),
    }),
  });

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
  addPaymentCard: t.field({
    type: AddPaymentCardPayload,
    errors,
    authScopes: { learner: true },
    description:
      "Opens a card check (a small card-only charge, refunded at once) to save a card for the learner's plan in this currency: answers Paystack's page.",
    args: { currency: t.arg({ type: CurrencyCode, required: true, description: "The plan's currency." }) },
    resolve: (_root, { currency }, ctx) => startCardSetup(ctx.services, ctx.viewer?.accountId as string, currency),
  }),
  confirmPaymentCard: t.field({
    type: ConfirmPaymentCardPayload,
    errors,
    authScopes: { learner: true },
    description: "Settles the learner's own card check on their return from Paystack: saved, failed (with the reason) or pending.",
    args: { reference: t.arg.string({ required: true, description: "The card check's reference." }) },
    resolve: (_root, { reference }, ctx) => confirmCardSetup(ctx.services, ctx.viewer?.accountId as string, reference),
  }),
  removeSavedCard: t.field({
    type: DeletePayload,
    errors,
    authScopes: { learner: true },
    description: "Removes one of the learner's saved cards: later instalments are no longer charged to it.",
    args: { id: t.arg.id({ required: true, description: "The saved card's ID." }) },
    resolve: async (_root, { id }, ctx) => {
      const decoded = decodeId(String(id));
      if (decoded.typename !== "SavedCard") throw new NotFoundError(CARD_SETUP_MESSAGES.cardNotFound);
      await removeSavedCard(ctx.services, ctx.viewer?.accountId as string, decoded.id);
      return { id: decoded.id, type: "SavedCard" };
    },
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
