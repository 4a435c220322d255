import { lexicographicSortSchema } from "graphql";
import { builder } from "../builder.ts";
import "./errors.ts";
import "./scalars.ts";
import "./node.ts";
import "./account.ts";
import "./auth.ts";
import "./track.ts";
import "./course.ts";
import "./invoice.ts";
import "./invoice-void.ts";
import "./refund.ts";
import "./enrollment.ts";
import "./learner.ts";
import "./dashboard.ts";
import "./report.ts";
import "./payment.ts";
import "./staff.ts";
import "./archive.ts";
import "./settlement.ts";
import "./settings.ts";
import "./business-profile.ts";
import "./coupon.ts";
import "./lessons.ts";
import "./staff-progress.ts";
import "./quizzes.ts";
import "./lesson-media.ts";
import "./certificates.ts";

builder.queryType({ description: "What can be read: the catalogue, the signed-in account, and the back office's lists and figures." });
builder.mutationType({
  description: "What can be changed. Each answers its payload, or a typed error (see `Error`) when it was refused.",
});
builder.subscriptionType({
  description:
    "Live updates, over Server-Sent Events in graphql-sse's distinct connections mode: each subscription is its own request (POST or GET /graphql with Accept: text/event-stream) and its own stream. The single connection mode (a PUT reservation, then one stream for several operations) is not served: PUT /graphql answers 405.",
});

export const schema = lexicographicSortSchema(builder.toSchema());
