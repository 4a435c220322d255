import { lexicographicSortSchema } from "graphql";
import { builder } from "../builder.ts";
import "./errors.ts";
import "./scalars.ts";
import "./node.ts";
import "./money.ts";
// Each area's types and root fields, from the area folders beside this one.
import "../accounts/account.ts";
import "../accounts/auth.ts";
import "../accounts/learner.ts";
import "../staff/staff.ts";
import "../catalogue/track.ts";
import "../catalogue/course.ts";
import "../catalogue/archive.ts";
import "../catalogue/outline.ts";
import "../learning/enrollment.ts";
import "../learning/lessons.ts";
import "../learning/staff-progress.ts";
import "../learning/quizzes.ts";
import "../learning/lesson-media.ts";
import "../learning/certificates.ts";
import "../payments/payment.ts";
import "../payments/settlement.ts";
import "../payments/plans.ts";
import "../catalogue/instalment-plan.ts";
import "../invoices/invoice.ts";
import "../invoices/invoice-void.ts";
import "../invoices/refund.ts";
import "../coupons/coupon.ts";
import "../reports/dashboard.ts";
import "../reports/report.ts";
import "../settings/settings.ts";
import "../settings/business-profile.ts";
import "../cohorts/cohort.ts";

builder.queryType({ description: "What can be read: the catalogue, the signed-in account, and the back office's lists and figures." });
builder.mutationType({
  description: "What can be changed. Each answers its payload, or a typed error (see `Error`) when it was refused.",
});
builder.subscriptionType({
  description:
    "Live updates, over Server-Sent Events in graphql-sse's distinct connections mode: each subscription is its own request (POST or GET /graphql with Accept: text/event-stream) and its own stream. The single connection mode (a PUT reservation, then one stream for several operations) is not served: PUT /graphql answers 405.",
});

export const schema = lexicographicSortSchema(builder.toSchema());
