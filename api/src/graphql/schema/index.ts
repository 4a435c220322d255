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
import "./enrollment.ts";
import "./learner.ts";
import "./dashboard.ts";
import "./report.ts";
import "./payment.ts";
import "./staff.ts";

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});

export const schema = lexicographicSortSchema(builder.toSchema());
