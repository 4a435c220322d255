/**
 * The report's messages: what the API answers for a date range it refuses (api/src/domain/reports/report.ts) and what
 * the report page says when it checks the range first, written once. Plain values, like the rest of common/.
 */
export const REPORT_MESSAGES = {
  from: "Start date (from) is required, as a date like 2026-01-31.",
  to: "End date (to) is required, as a date like 2026-01-31.",
  order: "The start date must be on or before the end date.",
  tooLong: "A report covers at most 5 years; choose a shorter range.",
} as const;
