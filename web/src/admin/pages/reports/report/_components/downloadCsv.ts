import { downloadCsv } from "../../../../components/downloadCsv.ts";
import type { ReportRange } from "../reportRange.ts";

/** The report's two tables, each exported as its own CSV file (one header row each, as spreadsheets expect). */
export type ReportTable = "months" | "tracks";

/** Downloads one table of the report of a date range as CSV: per month (`report-…`) or per track (`report-by-track-…`). */
export function downloadReportCsv({ from, to }: ReportRange, table: ReportTable): Promise<void> {
  const fallback = table === "tracks" ? `report-by-track-${from}-to-${to}.csv` : `report-${from}-to-${to}.csv`;
  return downloadCsv(`/api/reports/${table}.csv?${new URLSearchParams({ from, to })}`, fallback);
}
