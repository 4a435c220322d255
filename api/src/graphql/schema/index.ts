import { lexicographicSortSchema } from "graphql";
import { builder } from "../builder.ts";
import "./errors.ts";
import "./scalars.ts";
import "./track.ts";

builder.queryType({});

export const schema = lexicographicSortSchema(builder.toSchema());
