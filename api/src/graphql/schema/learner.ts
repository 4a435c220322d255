import { PAID_INVOICES, paidCents } from "../../domain/invoices/invoices.ts";
import { toDollars } from "../../domain/money.ts";
import { builder } from "../builder.ts";
import { Learner } from "./account.ts";
import { pageArgs, pagedConnection, pagedConnectionType, refuseOversizedPage, wordsWhere } from "./paging.ts";
import "./enrollment.ts";
import "./invoice.ts";
import { NEWEST_FIRST } from "../../domain/order.ts";

builder.prismaObjectFields("Learner", (t) => ({
  trackCount: t.relationCount("enrollments", { description: "How many tracks the learner is enrolled in." }),
  totalPaid: t.float({
    description: "Dollars paid: the sum of the learner's paid invoices.",
    select: { invoices: PAID_INVOICES },
    resolve: (learner) => toDollars(paidCents(learner.invoices)),
  }),
  enrollments: t.relatedConnection(
    "enrollments",
    { cursor: "id", query: { orderBy: NEWEST_FIRST }, maxSize: refuseOversizedPage, description: "The learner's tracks, newest first." },
    { description: "A page of a learner's enrollments." },
  ),
  invoices: t.relatedConnection(
    "invoices",
    { cursor: "id", query: { orderBy: NEWEST_FIRST }, maxSize: refuseOversizedPage, description: "The learner's invoices, newest first." },
    { description: "A page of a learner's invoices." },
  ),
}));

const LearnerConnection = pagedConnectionType(Learner, "LearnerConnection", "A page of learners.");

builder.queryFields((t) => ({
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
