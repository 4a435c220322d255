import { compEnrollment, learnersCsv, sendLearnerPasswordReset, setLearnerDisabled } from "../../domain/accounts/learner-actions.ts";
import { learnerTotal, PAID_INVOICES, paidTotals } from "../../domain/invoices/invoices.ts";
import { listedInvoices } from "../../domain/invoices/status.ts";
import { toMajorUnits } from "../../domain/money.ts";
import { NEWEST_FIRST } from "../../domain/order.ts";
import { builder } from "../builder.ts";
import { Track } from "../catalogue/track.ts";
import { actor, businessCurrencyOf } from "../context.ts";
import { NEWEST_ISSUED } from "../learning/certificates.ts";
import { Enrollment } from "../learning/enrollment.ts";
import { commonErrors } from "../schema/errors.ts";
import { Money, money } from "../schema/money.ts";
import { pageArgs, pagedConnection, pagedConnectionType, refuseOversizedPage, wordsWhere } from "../schema/paging.ts";
import { Learner } from "./account.ts";
import { MessagePayload } from "./auth.ts";

builder.prismaObjectFields("Learner", (t) => ({
  trackCount: t.relationCount("enrollments", { description: "How many tracks the learner is enrolled in." }),
  totalPaid: t.float({
    description:
      "What the learner paid (paid invoices less refunds), in major units of totalPaidMoney's currency: the one they paid in, or the business currency (dollars by default) when they paid in several including it, or nothing. Other currencies: totalsPaid.",
    select: { invoices: PAID_INVOICES },
    resolve: async (learner, _args, ctx) => {
      const total = await learnerTotal(paidTotals(learner.invoices), () => businessCurrencyOf(ctx));
      return toMajorUnits(total.cents, total.currency);
    },
  }),
  totalPaidMoney: t.field({
    type: Money,
    description: "`totalPaid` with its currency.",
    select: { invoices: PAID_INVOICES },
    resolve: async (learner, _args, ctx) => {
      const total = await learnerTotal(paidTotals(learner.invoices), () => businessCurrencyOf(ctx));
      return money(total.cents, total.currency);
    },
  }),
  totalsPaid: t.field({
    type: [Money],
    description: "What the learner paid per currency (paid invoices less refunds), only currencies paid in; never added across currencies.",
    select: { invoices: PAID_INVOICES },
    resolve: (learner) => paidTotals(learner.invoices).map((t) => money(t.cents, t.currency)),
  }),
  enrollments: t.relatedConnection(
    "enrollments",
    { cursor: "id", query: { orderBy: NEWEST_FIRST }, maxSize: refuseOversizedPage, description: "The learner's tracks, newest first." },
    { description: "A page of a learner's enrollments." },
  ),
  invoices: t.relatedConnection(
    "invoices",
    {
      cursor: "id",
      query: { where: listedInvoices(), orderBy: NEWEST_FIRST },
      maxSize: refuseOversizedPage,
      description: "The learner's invoices, newest first; abandoned checkouts are not listed.",
    },
    { description: "A page of a learner's invoices." },
  ),
  certificates: t.relation("certificates", {
    query: { orderBy: NEWEST_ISSUED },
    description: "The learner's certificates, valid and revoked, newest first.",
  }),
}));

const LearnerConnection = pagedConnectionType(Learner, "LearnerConnection", "A page of learners.");

const LearnersCsv = builder.objectRef<{ csv: string }>("LearnersCsv").implement({
  description: "Learners as a CSV file.",
  fields: (t) => ({ csv: t.exposeString("csv", { description: "The CSV text, header row first." }) }),
});

builder.queryFields((t) => ({
  learnersCsv: t.field({
    type: LearnersCsv,
    authScopes: { can: "readLearners" },
    description: "The learners `search` selects (all if left out) as CSV, newest first, at most 10,000; formulas neutralised.",
    args: { search: t.arg.string({ description: "Words the first name, last name or e-mail must contain." }) },
    resolve: async (_root, args, ctx) => ({
      csv: await learnersCsv(ctx.services, wordsWhere(args.search, ["firstName", "lastName", "email"])),
    }),
  }),
  learners: t.field({
    type: LearnerConnection,
    authScopes: { can: "readLearners" },
    description: "All learners, newest first, 10 a page; `search` matches first and last name and e-mail.",
    args: { search: t.arg.string({ description: "Words the first name, last name or e-mail must contain." }), ...pageArgs },
    resolve: (_root, args, ctx, info) => {
      const { prisma } = ctx.services.db;
      const where = wordsWhere(args.search, ["firstName", "lastName", "email"]);
      return pagedConnection(args, ctx, info, {
        count: () => prisma.learner.count({ where }),
        rows: (query, skip, take) => prisma.learner.findMany({ ...query, where, orderBy: NEWEST_FIRST, skip, take }),
      });
    },
  }),
}));

const LearnerPayload = builder.objectRef<{ learner: typeof Learner.$inferType }>("LearnerPayload").implement({
  description: "A learner's account after a staff action.",
  fields: (t) => ({ learner: t.field({ type: Learner, description: "The learner as saved.", resolve: (p) => p.learner }) }),
});

const EnrollmentPayload = builder.objectRef<{ enrollment: typeof Enrollment.$inferType }>("EnrollmentPayload").implement({
  description: "An enrollment staff made.",
  fields: (t) => ({
    enrollment: t.field({ type: Enrollment, description: "The new enrollment.", resolve: (p) => p.enrollment }),
  }),
});

const errors = { types: commonErrors };

builder.mutationFields((t) => ({
  enrollLearner: t.field({
    type: EnrollmentPayload,
    errors,
    authScopes: { can: "manageLearners" },
    description: "Enrolls a learner in a published track without a payment (a comp), once; audited.",
    args: {
      learnerId: t.arg.globalID({ required: true, for: [Learner], description: "The learner's ID." }),
      trackId: t.arg.globalID({ required: true, for: [Track], description: "The track's ID." }),
    },
    resolve: async (_root, args, ctx) => ({
      enrollment: await compEnrollment(ctx.services, actor(ctx), { learnerId: args.learnerId.id, trackId: args.trackId.id }),
    }),
  }),
  disableLearner: t.field({
    type: LearnerPayload,
    errors,
    authScopes: { can: "manageLearners" },
    description: "Disables a learner's account: their sessions end at once and they cannot log in.",
    args: { id: t.arg.globalID({ required: true, for: [Learner], description: "The learner's ID." }) },
    resolve: async (_root, { id }, ctx) => ({ learner: await setLearnerDisabled(ctx.services, actor(ctx), id.id, true) }),
  }),
  enableLearner: t.field({
    type: LearnerPayload,
    errors,
    authScopes: { can: "manageLearners" },
    description: "Enables a disabled learner's account again.",
    args: { id: t.arg.globalID({ required: true, for: [Learner], description: "The learner's ID." }) },
    resolve: async (_root, { id }, ctx) => ({ learner: await setLearnerDisabled(ctx.services, actor(ctx), id.id, false) }),
  }),
  sendLearnerPasswordReset: t.field({
    type: MessagePayload,
    errors,
    authScopes: { can: "manageLearners" },
    description: "Mails the learner a password reset link (the same link as when they ask for one).",
    args: { id: t.arg.globalID({ required: true, for: [Learner], description: "The learner's ID." }) },
    resolve: (_root, { id }, ctx) => sendLearnerPasswordReset(ctx.services, actor(ctx), id.id),
  }),
}));
