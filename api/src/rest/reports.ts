import type { FastifyInstance } from "fastify";
import { reportCsv } from "../domain/reports/report.ts";
import type { Services } from "../services.ts";
import { dateParam } from "./input.ts";
import { ERROR_FIELDS, restRoutes } from "./pipeline.ts";
import { csvAnswer, errors, object, text } from "./schemas.ts";

const REPORT = `query($from: Date!, $to: Date!) {
  result: report(from: $from, to: $to) {
    ${ERROR_FIELDS}
    ... on Report { months { month revenueCents enrollments } tracks { name revenueCents enrollments } }
  }
}`;

/** The report page's CSV export; the GraphQL `report` query decides who may read it and validates the range. */
export async function reportRoutes(app: FastifyInstance, services: Services) {
  restRoutes(app, services).graphql({
    method: "GET",
    url: "/api/reports/export.csv",
    schema: {
      operationId: "exportReport",
      summary: "Revenue and enrollments between two dates, as CSV.",
      tags: ["reports"],
      querystring: object({
        from: text("First day, YYYY-MM-DD.", { format: "date" }),
        to: text("Last day, YYYY-MM-DD.", { format: "date" }),
      }),
      response: { 200: csvAnswer("The report."), ...errors(400) },
    },
    handle: async (call) => {
      const from = dateParam(call.req, "from");
      const to = dateParam(call.req, "to");
      // The report query answers a result union like a mutation (a range it refuses is a typed error).
      const report = await call.mutate(REPORT, { from, to });
      return call.reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="report-${from}-to-${to}.csv"`)
        .header("cache-control", "no-store")
        .send(reportCsv(report));
    },
  });
}
