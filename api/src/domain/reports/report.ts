import { stringify } from "csv-stringify/sync";
import { z } from "zod";
import { REPORT_MESSAGES } from "../../../../common/reports.ts";
import type { DomainServices as Services } from "../deps.ts";
import { parseInput } from "../validation.ts";
import { type CalendarMonth, calendarMonth, NET_CENTS, PAID_RECORD, sqlInstant, utcMonthStart } from "./dashboard.ts";

/**
 * The admin report: revenue (paid invoices, by paidAt) and enrollments (by createdAt) per month and per track over
 * a range of calendar dates. Dates and months are UTC, as on the dashboard (see dashboard.ts). Two aggregate
 * statements, whatever the range or the amount of data.
 */

// Shared with the report page (common/reports.ts).
export { REPORT_MESSAGES };

/** Revenue without a track: invoices recorded by hand, or whose track was deleted. */
export const NO_TRACK = "No track";

const MAX_YEARS = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight UTC of the date's UTC calendar day. */
const utcDay = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

const reportRange = z
  .object({
    from: z.date({ error: REPORT_MESSAGES.from }).transform(utcDay),
    to: z.date({ error: REPORT_MESSAGES.to }).transform(utcDay),
  })
  .superRefine(({ from, to }, ctx) => {
    if (from > to) ctx.addIssue({ code: "custom", path: ["from"], message: REPORT_MESSAGES.order });
    else if (to >= new Date(Date.UTC(from.getUTCFullYear() + MAX_YEARS, from.getUTCMonth(), from.getUTCDate()))) {
      ctx.addIssue({ code: "custom", path: ["to"], message: REPORT_MESSAGES.tooLong });
    }
  });

export type ReportRange = z.input<typeof reportRange>;

export interface ReportMonth extends CalendarMonth {
  revenueCents: number;
  enrollments: number;
  /** Enrollments that became COMPLETED in the month (every counted lesson of the track done). */
  completions: number;
}

export interface ReportTrack {
  /** Null for revenue without a track (see NO_TRACK). */
  trackId: string | null;
  name: string;
  revenueCents: number;
  enrollments: number;
}

export interface Report {
  /** First day of the range, midnight UTC. */
  from: Date;
  /** Last day of the range (included), midnight UTC. */
  to: Date;
  totalRevenueCents: number;
  totalEnrollments: number;
  totalCompletions: number;
  /** Every calendar month the range touches, oldest first, months without activity as 0. */
  months: ReportMonth[];
  /** Tracks with revenue or enrollments in the range, highest revenue first. */
  tracks: ReportTrack[];
}

export async function loadReport(deps: Services, raw: ReportRange): Promise<Report> {
  const { from, to } = parseInput(reportRange, raw);
  const { prisma } = deps.db;
  const start = sqlInstant(from);
  const end = sqlInstant(new Date(to.getTime() + DAY_MS));

  const [byMonth, byTrack] = await Promise.all([
    prisma.$queryRaw<{ month: string; revenueCents: bigint; enrollments: number; completions: number }[]>`
      WITH paid AS (
        SELECT to_char(date_trunc('month', "paidAt" AT TIME ZONE 'UTC'), 'YYYY-MM') AS month, sum(${NET_CENTS}) AS cents
        FROM "Invoice" WHERE ${PAID_RECORD} AND "paidAt" >= ${start} AND "paidAt" < ${end} GROUP BY 1
      ), enrolled AS (
        SELECT to_char(date_trunc('month', "createdAt" AT TIME ZONE 'UTC'), 'YYYY-MM') AS month, count(*) AS n
        FROM "Enrollment" WHERE "createdAt" >= ${start} AND "createdAt" < ${end} GROUP BY 1
      ), completed AS (
        SELECT to_char(date_trunc('month', "completedAt" AT TIME ZONE 'UTC'), 'YYYY-MM') AS month, count(*) AS n
        FROM "Enrollment" WHERE "completedAt" >= ${start} AND "completedAt" < ${end} GROUP BY 1
      )
      SELECT m.month, coalesce(p.cents, 0)::bigint AS "revenueCents", coalesce(e.n, 0)::int AS enrollments,
        coalesce(c.n, 0)::int AS completions
      FROM (SELECT month FROM paid UNION SELECT month FROM enrolled UNION SELECT month FROM completed) m
        LEFT JOIN paid p ON p.month = m.month LEFT JOIN enrolled e ON e.month = m.month LEFT JOIN completed c ON c.month = m.month`,
    prisma.$queryRaw<{ trackId: string | null; name: string | null; revenueCents: bigint; enrollments: number }[]>`
      WITH paid AS (
        SELECT "trackId", sum(${NET_CENTS}) AS cents
        FROM "Invoice" WHERE ${PAID_RECORD} AND "paidAt" >= ${start} AND "paidAt" < ${end} GROUP BY "trackId"
      ), enrolled AS (
        SELECT "trackId", count(*) AS n
        FROM "Enrollment" WHERE "createdAt" >= ${start} AND "createdAt" < ${end} GROUP BY "trackId"
      )
      SELECT coalesce(p."trackId", e."trackId") AS "trackId", t.name,
        coalesce(p.cents, 0)::bigint AS "revenueCents", coalesce(e.n, 0)::int AS enrollments
      FROM paid p
        FULL JOIN enrolled e ON e."trackId" = p."trackId"
        LEFT JOIN "Track" t ON t.id = coalesce(p."trackId", e."trackId")
      ORDER BY "revenueCents" DESC, enrollments DESC, t.name NULLS LAST, "trackId"`,
  ]);

  const activity = new Map(byMonth.map((row) => [row.month, row]));
  const months: ReportMonth[] = [];
  for (let monthStart = utcMonthStart(from); monthStart <= to; monthStart = utcMonthStart(monthStart, 1)) {
    const month = calendarMonth(monthStart);
    const row = activity.get(month.month);
    months.push({
      ...month,
      revenueCents: Number(row?.revenueCents ?? 0),
      enrollments: row?.enrollments ?? 0,
      completions: row?.completions ?? 0,
    });
  }

  return {
    from,
    to,
    totalRevenueCents: months.reduce((sum, m) => sum + m.revenueCents, 0),
    totalEnrollments: months.reduce((sum, m) => sum + m.enrollments, 0),
    totalCompletions: months.reduce((sum, m) => sum + m.completions, 0),
    months,
    tracks: byTrack.map((row) => ({
      trackId: row.trackId,
      name: row.name ?? NO_TRACK,
      revenueCents: Number(row.revenueCents),
      enrollments: row.enrollments,
    })),
  };
}

/** One coupon's line of a report: its paid uses in the range and what they took off. */
export interface ReportCoupon {
  couponId: string;
  code: string;
  redemptions: number;
  discountCents: number;
}

/**
 * Discounts given over a report's range: paid records (by payment date, as revenue) priced with a coupon, in total
 * and per coupon, largest discount first. One aggregate statement; asked for only when the page shows it.
 */
export async function loadReportDiscounts(deps: Pick<Services, "db">, report: Pick<Report, "from" | "to">) {
  const start = sqlInstant(report.from);
  const end = sqlInstant(new Date(report.to.getTime() + DAY_MS));
  const rows = await deps.db.prisma.$queryRaw<{ couponId: string; code: string; redemptions: number; discountCents: bigint }[]>`
    SELECT i."couponId", c.code, count(*)::int AS redemptions, sum(i."discountCents")::bigint AS "discountCents"
    FROM "Invoice" i JOIN "Coupon" c ON c.id = i."couponId"
    WHERE i.${PAID_RECORD} AND i."paidAt" >= ${start} AND i."paidAt" < ${end}
    GROUP BY i."couponId", c.code
    ORDER BY "discountCents" DESC, c.code`;
  const coupons: ReportCoupon[] = rows.map((r) => ({ ...r, discountCents: Number(r.discountCents) }));
  return { totalDiscountCents: coupons.reduce((sum, c) => sum + c.discountCents, 0), coupons };
}

type CsvRow = Pick<ReportMonth, "revenueCents" | "enrollments">;

/**
 * The report's monthly table as its own CSV file: one `month,revenue,enrollments,completions` header row; amounts in
 * dollars with 2 decimals. Completions came last, after the first columns, so readers of the older file keep working.
 */
export function reportMonthsCsv(report: { months: (CsvRow & { month: string; completions: number })[] }): string {
  return csv([
    ["month", "revenue", "enrollments", "completions"],
    ...report.months.map((m) => [m.month, dollars(m.revenueCents), m.enrollments, m.completions]),
  ]);
}

/** The months table of the combined export (export.csv), as it has always been: `month,revenue,enrollments`. */
function reportMonthsTableCsv(report: { months: (CsvRow & { month: string })[] }): string {
  return csv([["month", "revenue", "enrollments"], ...report.months.map((m) => [m.month, dollars(m.revenueCents), m.enrollments])]);
}

/** The report's per-track table as its own CSV file: one `track,revenue,enrollments` header row. */
export function reportTracksCsv(report: { tracks: (CsvRow & { name: string })[] }): string {
  return csv([["track", "revenue", "enrollments"], ...report.tracks.map((t) => [t.name, dollars(t.revenueCents), t.enrollments])]);
}

/**
 * The report as one CSV (the original export): the months table, a blank line, then the tracks table. Spreadsheets
 * read only one table per file, so the report page downloads the two tables as separate files instead.
 */
export function reportCsv(report: { months: (CsvRow & { month: string })[]; tracks: (CsvRow & { name: string })[] }): string {
  return `${reportMonthsTableCsv(report)}\n${reportTracksCsv(report)}`;
}

/** Rows as CSV, with spreadsheet formulas neutralised. */
export const csv = (rows: unknown[][]) => stringify(rows, { cast: { string: neutraliseFormula } });
const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * Spreadsheets run a cell that starts with = + - @ (or a tab or carriage return) as a formula; track names are
 * admin-typed text, so such cells get a leading apostrophe (OWASP's advice against CSV injection).
 */
const neutraliseFormula = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
