export interface ReportRange {
  from: string;
  to: string;
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The last `months` calendar months up to today, in UTC like the report itself: from the 1st of the month
 * `months - 1` months ago until today. The report opens on the last 6 months.
 */
export function lastMonths(months: number, now = new Date()): ReportRange {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1));
  return { from: isoDate(from), to: isoDate(now) };
}

export const defaultReportRange = (now = new Date()) => lastMonths(6, now);
