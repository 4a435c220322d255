import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { reportCsv } from "../domain/reports/report.ts";
import type { Services } from "../services.ts";
import { ERROR_FIELDS, HttpError, restContext, run, unwrap } from "./graphql.ts";
import { csvAnswer, errors, object, text } from "./schemas.ts";

const schema = {
  operationId: "exportReport",
  summary: "Revenue and enrollments between two dates, as CSV.",
  tags: ["reports"],
  querystring: object({
    from: text("First day, YYYY-MM-DD.", { format: "date" }),
    to: text("Last day, YYYY-MM-DD.", { format: "date" }),
  }),
  response: { 200: csvAnswer("The report."), ...errors(400) },
};

const REPORT = `query($from: Date!, $to: Date!) {
  result: report(from: $from, to: $to) {
    ${ERROR_FIELDS}
    ... on Report { months { month revenueCents enrollments } tracks { name revenueCents enrollments } }
  }
}`;

/** `?from=` or `?to=`: a real calendar date YYYY-MM-DD (2026-02-30 is refused, not rolled over to March). */
function dateParam(query: Record<string, unknown>, name: "from" | "to"): string {
  const value = query[name];
  const time = typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value) {
    throw new HttpError(400, `${name} must be a date like 2026-01-31.`);
  }
  return value as string;
}

/** The report page's CSV export; the GraphQL `report` query decides who may read it and validates the range. */
export async function reportRoutes(server: FastifyInstance, services: Services) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  app.get("/api/reports/export.csv", { schema }, async (req, reply) => {
    const query = (req.query ?? {}) as Record<string, unknown>;
    const from = dateParam(query, "from");
    const to = dateParam(query, "to");
    const ctx = await restContext(services, req);
    const { result } = await run(ctx, REPORT, { from, to });
    const report = unwrap(reply, result);
    if (!report) return;
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="report-${from}-to-${to}.csv"`)
      .header("cache-control", "no-store")
      .send(reportCsv(report));
  });
}
