import { downloadCsv } from "../../../components/downloadCsv.ts";
import type { ReportRange } from "../reportRange.ts";

/** Downloads the report of a date range as CSV. */
export function downloadReportCsv({ from, to }: ReportRange): Promise<void> {
  return downloadCsv(`/api/reports/export.csv?${new URLSearchParams({ from, to })}`, `report-${from}-to-${to}.csv`);
}
