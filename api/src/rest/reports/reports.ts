import type { FastifyInstance } from "fastify";
import { type CsvReport, reportCsv, reportMonthsCsv, reportTracksCsv } from "../../domain/reports/report.ts";
import type { Services } from "../../services.ts";
import { CSV_TYPE, sendDownload } from "../download.ts";
import { dateParam } from "../input.ts";
import { ERROR_FIELDS, restRoutes } from "../pipeline.ts";
import { csvAnswer, errors, object, text } from "../schemas.ts";

const REPORT = `query($from: Date!, $to: Date!) {
  result: report(from: $from, to: $to) {
    ${ERROR_FIELDS}
    ... on Report {
      currency months { month revenueCents enrollments completions } tracks { name revenueCents enrollments }
      revenueByCurrency { currency months { month revenue { minor } } tracks { name revenue { minor } } }
    }
  }
}`;

type Node = Record<string, any>;

/** The report as GraphQL answers it, shaped as the CSV files read it (each currency's revenue in minor units). */
const csvReport = (report: Node): CsvReport => ({
  currency: report.currency,
  months: report.months,
  tracks: report.tracks,
  revenueByCurrency: (report.revenueByCurrency as Node[]).map((c) => ({
    currency: c.currency,
    months: (c.months as Node[]).map((m) => ({ month: m.month, revenueCents: m.revenue.minor })),
    tracks: (c.tracks as Node[]).map((t) => ({ name: t.name, revenueCents: t.revenue.minor })),
  })),
});

/**
 * The report's CSV exports: `export.csv` holds both tables (months, a blank line, tracks); `months.csv` and
 * `tracks.csv` hold one table each, with exactly one header row, as spreadsheets expect. Every amount has its currency
 * in the last column; other currencies' rows follow the business currency's, never added to them. The GraphQL `report`
 * query decides who may read them and validates the range.
 */
export async function reportRoutes(app: FastifyInstance, services: Services) {
  const exports = [
    { file: "export", operationId: "exportReport", summary: "Revenue and enrollments between two dates, as CSV.", body: reportCsv },
    {
      file: "months",
      operationId: "exportReportMonths",
      summary: "Revenue, enrollments and completions per month between two dates, as one CSV table.",
      body: reportMonthsCsv,
    },
    {
      file: "tracks",
      operationId: "exportReportTracks",
      summary: "Revenue and enrollments per track between two dates, as one CSV table.",
      body: reportTracksCsv,
    },
  ] as const;
  for (const { file, operationId, summary, body } of exports) {
    restRoutes(app, services).graphql({
      method: "GET",
      url: `/api/reports/${file}.csv`,
      schema: {
        operationId,
        summary,
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
        // The months table is the report over time and keeps the export's name; the tracks table says what it is.
        const name = file === "tracks" ? `report-by-track-${from}-to-${to}.csv` : `report-${from}-to-${to}.csv`;
        return sendDownload(call.reply, CSV_TYPE, name, body(csvReport(report)));
      },
    });
  }
}
