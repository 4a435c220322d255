import { GraphQLError, Kind } from "graphql";
import { builder } from "../builder.ts";

builder.scalarType("DateTime", {
  description: "An instant, ISO-8601 with time zone (e.g. 2026-11-21T10:00:00.000Z).",
  serialize: (v) => (v instanceof Date ? v.toISOString() : new Date(v).toISOString()),
  parseValue: (v) => parseDate(v, false),
  parseLiteral: (ast) => parseDate(ast.kind === Kind.STRING ? ast.value : null, false),
});

builder.scalarType("Date", {
  description: "A calendar date, YYYY-MM-DD.",
  serialize: (v) => (v instanceof Date ? v.toISOString() : new Date(v).toISOString()).slice(0, 10),
  parseValue: (v) => parseDate(v, true),
  parseLiteral: (ast) => parseDate(ast.kind === Kind.STRING ? ast.value : null, true),
});

builder.scalarType("Upload", {
  description: "A file sent with the GraphQL multipart request spec.",
  serialize: () => {
    throw new GraphQLError("Upload is input only");
  },
  parseValue: (v) => {
    if (isFile(v)) return v;
    throw new GraphQLError("Expected a file upload");
  },
});

/** Yoga hands over its own File implementation on Node (not an instance of the global File), so check the shape. */
function isFile(v: unknown): v is File {
  if (v instanceof File) return true;
  const f = v as Partial<File> | null;
  return (
    typeof f === "object" && f !== null && typeof f.name === "string" && typeof f.size === "number" && typeof f.arrayBuffer === "function"
  );
}

function parseDate(value: unknown, dateOnly: boolean): Date {
  const pattern = dateOnly ? /^\d{4}-\d{2}-\d{2}$/ : /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/;
  const date = typeof value === "string" && pattern.test(value) ? new Date(value) : null;
  // Date rolls impossible days over (2026-02-30 becomes March 2nd); refuse them instead.
  if (!date || Number.isNaN(date.getTime()) || (dateOnly && date.toISOString().slice(0, 10) !== value)) {
    throw new GraphQLError(dateOnly ? "Expected a date like 2026-01-31" : "Expected an ISO-8601 date-time");
  }
  return date;
}
