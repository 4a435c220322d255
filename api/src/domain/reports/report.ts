import { stringify } from "csv-stringify/sync";
import { z } from "zod";
import { CURRENCY_CODES, type CurrencyCode, plainAmount } from "../../../../common/money.ts";
import { REPORT_MESSAGES } from "../../../../common/reports.ts";
import type { DomainServices as Services } from "../deps.ts";
import { parseInput } from "../validation.ts";
import { type CalendarMonth, calendarMonth, NET_CENTS, PAID_RECORD, sqlInstant, utcMonthStart } from "./dashboard.ts";

/**
 * The admin report: revenue (paid invoices, by paidAt) and enrollments (by createdAt) per month and per track over
 * a range of calendar dates. Dates and months are UTC, as on the dashboard (see dashboard.ts). Revenue is per currency,
 * never added across currencies: the spec's figures (`totalRevenueCents`, each month's and track's `revenueCents`) are
 * the business currency's, and `revenueByCurrency` has the same figures for every currency paid in. Two aggregate
 * statements, whatever the range or the amount of data (the business currency is read inside the first).
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
  /** The business currency's (the report's `currency`). */
  revenueCents: number;
  currency: CurrencyCode;
  enrollments: number;
  /** Enrollments that became COMPLETED in the month (every counted lesson of the track done). */
  completions: number;
}

export interface ReportTrack {
  /** Null for revenue without a track (see NO_TRACK). */
  trackId: string | null;
  name: string;
  /** The business currency's (the report's `currency`). */
  revenueCents: number;
  currency: CurrencyCode;
  enrollments: number;
}

/** One currency's revenue over the report's range: in total, per month (every month of the range) and per track. */
export interface CurrencyReport {
  currency: CurrencyCode;
  totalRevenueCents: number;
  months: (CalendarMonth & { revenueCents: number })[];
  /** Tracks with revenue in this currency in the range, highest first. */
  tracks: Omit<ReportTrack, "enrollments" | "currency">[];
}

export interface Report {
  /** First day of the range, midnight UTC. */
  from: Date;
  /** Last day of the range (included), midnight UTC. */
  to: Date;
  /** The business currency: the one `totalRevenueCents`, `months` and `tracks` count revenue in. */
  currency: CurrencyCode;
  /** Every currency with revenue in the range, the business currency first (always, if only with 0), then CURRENCY_CODES order. */
  revenueByCurrency: CurrencyReport[];
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
    // A row per month and currency paid in (one with a null currency for a month without revenue), and one row with a
    // null month when the range has no activity at all: the business currency comes with every row.
    prisma.$queryRaw<
      {
        businessCurrency: CurrencyCode;
        month: string | null;
        currency: CurrencyCode | null;
        revenueCents: bigint;
        enrollments: number;
        completions: number;
      }[]
    >`
      WITH paid AS (
        SELECT to_char(date_trunc('month', "paidAt" AT TIME ZONE 'UTC'), 'YYYY-MM') AS month, "currency", sum(${NET_CENTS}) AS cents
        FROM "Invoice" WHERE ${PAID_RECORD} AND "paidAt" >= ${start} AND "paidAt" < ${end} GROUP BY 1, 2
      ), enrolled AS (
        SELECT to_char(date_trunc('month', "createdAt" AT TIME ZONE 'UTC'), 'YYYY-MM') AS month, count(*) AS n
        FROM "Enrollment" WHERE "createdAt" >= ${start} AND "createdAt" < ${end} GROUP BY 1
      ), completed AS (
        SELECT to_char(date_trunc('month', "completedAt" AT TIME ZONE 'UTC'), 'YYYY-MM') AS month, count(*) AS n
        FROM "Enrollment" WHERE "completedAt" >= ${start} AND "completedAt" < ${end} GROUP BY 1
      ), months AS (
        SELECT month FROM paid UNION SELECT month FROM enrolled UNION SELECT month FROM completed
      )
      SELECT b."currency" AS "businessCurrency", m.month, p."currency", coalesce(p.cents, 0)::bigint AS "revenueCents",
        coalesce(e.n, 0)::int AS enrollments, coalesce(c.n, 0)::int AS completions
      FROM (SELECT "currency" FROM "BusinessSettings" WHERE "id" = 1) b
        LEFT JOIN months m ON true
        LEFT JOIN paid p ON p.month = m.month LEFT JOIN enrolled e ON e.month = m.month LEFT JOIN completed c ON c.month = m.month`,
    // A row per track and currency paid in (a null currency: enrollments only), highest business-currency revenue first.
    prisma.$queryRaw<
      { trackId: string | null; name: string | null; currency: CurrencyCode | null; revenueCents: bigint; enrollments: number }[]
    >`
      WITH paid AS (
        SELECT "trackId", "currency", sum(${NET_CENTS}) AS cents
        FROM "Invoice" WHERE ${PAID_RECORD} AND "paidAt" >= ${start} AND "paidAt" < ${end} GROUP BY "trackId", "currency"
      ), enrolled AS (
        SELECT "trackId", count(*) AS n
        FROM "Enrollment" WHERE "createdAt" >= ${start} AND "createdAt" < ${end} GROUP BY "trackId"
      ), lines AS (
        SELECT coalesce(p."trackId", e."trackId") AS "trackId", p."currency", coalesce(p.cents, 0) AS cents, coalesce(e.n, 0)::int AS enrollments
        FROM paid p FULL JOIN enrolled e ON e."trackId" = p."trackId"
      )
      SELECT l."trackId", t.name, l."currency", l.cents::bigint AS "revenueCents", l.enrollments,
        coalesce(max(l.cents) FILTER (WHERE l."currency" = (SELECT "currency" FROM "BusinessSettings" WHERE "id" = 1))
          OVER (PARTITION BY l."trackId"), 0)::bigint AS "mainCents"
      FROM lines l LEFT JOIN "Track" t ON t.id = l."trackId"
      ORDER BY "mainCents" DESC, l.enrollments DESC, t.name NULLS LAST, l."trackId", l."currency"`,
  ]);

  const business = (byMonth[0]?.businessCurrency ?? "USD") as CurrencyCode;
  const counts = new Map<string, { enrollments: number; completions: number }>();
  const revenue = new Map<string, number>(); // "<currency> <month>" -> cents
  const currencies = new Set<CurrencyCode>([business]);
  for (const row of byMonth) {
    if (!row.month) continue;
    counts.set(row.month, { enrollments: row.enrollments, completions: row.completions });
    if (row.currency) {
      currencies.add(row.currency);
      revenue.set(`${row.currency} ${row.month}`, Number(row.revenueCents));
    }
  }
  const calendar: CalendarMonth[] = [];
  for (let monthStart = utcMonthStart(from); monthStart <= to; monthStart = utcMonthStart(monthStart, 1))
    calendar.push(calendarMonth(monthStart));
  const months: ReportMonth[] = calendar.map((month) => ({
    ...month,
    revenueCents: revenue.get(`${business} ${month.month}`) ?? 0,
    currency: business,
    enrollments: counts.get(month.month)?.enrollments ?? 0,
    completions: counts.get(month.month)?.completions ?? 0,
  }));

  // The lines of one track come together (one ordering key): the first makes its line, carrying the enrollments.
  const tracks = new Map<string | null, ReportTrack>();
  for (const row of byTrack) {
    if (row.currency) currencies.add(row.currency);
    let line = tracks.get(row.trackId);
    if (!line) {
      line = { trackId: row.trackId, name: row.name ?? NO_TRACK, revenueCents: 0, currency: business, enrollments: row.enrollments };
      tracks.set(row.trackId, line);
    }
    if (row.currency === business) line.revenueCents = Number(row.revenueCents);
  }

  const order = [business, ...CURRENCY_CODES.filter((c) => c !== business && currencies.has(c))];
  const revenueByCurrency: CurrencyReport[] = order.map((currency) => {
    const inCurrency = calendar.map((month) => ({ ...month, revenueCents: revenue.get(`${currency} ${month.month}`) ?? 0 }));
    return {
      currency,
      totalRevenueCents: inCurrency.reduce((sum, m) => sum + m.revenueCents, 0),
      months: inCurrency,
      tracks: byTrack
        .filter((r) => r.currency === currency)
        .map((r) => ({ trackId: r.trackId, name: r.name ?? NO_TRACK, revenueCents: Number(r.revenueCents) }))
        .sort((a, b) => b.revenueCents - a.revenueCents),
    };
  });

  return {
    from,
    to,
    currency: business,
    revenueByCurrency,
    totalRevenueCents: months.reduce((sum, m) => sum + m.revenueCents, 0),
    totalEnrollments: months.reduce((sum, m) => sum + m.enrollments, 0),
    totalCompletions: months.reduce((sum, m) => sum + m.completions, 0),
    months,
    tracks: [...tracks.values()],
  };
}

/** One coupon's line of a report in one currency: its paid uses in the range and what they took off (a percentage used in two currencies has two lines). */
export interface ReportCoupon {
  couponId: string;
  code: string;
  currency: CurrencyCode;
  redemptions: number;
  discountCents: number;
}

/**
 * Discounts given over a report's range: paid records (by payment date, as revenue) priced with a coupon, in total
 * and per coupon and currency, largest discount first. `totalDiscountCents` is the business currency's (`currency`,
 * null when nothing was discounted and the report did not say it), `totals` every currency's: never added across currencies. One aggregate statement; asked for
 * only when the page shows it.
 */
export async function loadReportDiscounts(deps: Pick<Services, "db">, report: Pick<Report, "from" | "to"> & { currency?: CurrencyCode }) {
  const start = sqlInstant(report.from);
  const end = sqlInstant(new Date(report.to.getTime() + DAY_MS));
  const rows = await deps.db.prisma.$queryRaw<
    { couponId: string; code: string; currency: CurrencyCode; redemptions: number; discountCents: bigint; businessCurrency: CurrencyCode }[]
  >`
    SELECT i."couponId", c.code, i."currency", count(*)::int AS redemptions, sum(i."discountCents")::bigint AS "discountCents",
      (SELECT "currency" FROM "BusinessSettings" WHERE "id" = 1) AS "businessCurrency"
    FROM "Invoice" i JOIN "Coupon" c ON c.id = i."couponId"
    WHERE i.${PAID_RECORD} AND i."paidAt" >= ${start} AND i."paidAt" < ${end}
    GROUP BY i."couponId", c.code, i."currency"
    ORDER BY "discountCents" DESC, c.code, i."currency"`;
  const coupons: ReportCoupon[] = rows.map(({ businessCurrency: _, ...r }) => ({ ...r, discountCents: Number(r.discountCents) }));
  const business = report.currency ?? rows[0]?.businessCurrency;
  const sums = new Map<CurrencyCode, number>();
  for (const c of coupons) sums.set(c.currency, (sums.get(c.currency) ?? 0) + c.discountCents);
  const totals = CURRENCY_CODES.filter((c) => sums.has(c)).map((currency) => ({ currency, cents: sums.get(currency) ?? 0 }));
  return { currency: business ?? null, totalDiscountCents: business ? (sums.get(business) ?? 0) : 0, totals, coupons };
}

/**
 * What the CSV files are made from: the report's business-currency tables and every currency's revenue (a Report, or
 * the same fields as GraphQL answers them to the REST routes).
 */
export interface CsvReport {
  /** The business currency, which `months` and `tracks` count revenue in. */
  currency: string;
  months: { month: string; revenueCents: number; enrollments: number; completions?: number }[];
  tracks: { name: string; revenueCents: number; enrollments: number }[];
  revenueByCurrency: {
    currency: string;
    months: { month: string; revenueCents: number }[];
    tracks: { name: string; revenueCents: number }[];
  }[];
}

/** The currencies other than the business one, each with its revenue: their rows follow the business currency's. */
const otherCurrencies = (report: CsvReport) => report.revenueByCurrency.filter((c) => c.currency !== report.currency);

/**
 * The report's monthly table as its own CSV file: one `month,revenue,enrollments,completions,currency` header row;
 * amounts in major units with 2 decimals, each row's currency beside them in the last column. A row per month in the
 * business currency (with the enrollments and completions), then, for each other currency paid in, a row per month
 * with its revenue only: amounts in different currencies are never added. New columns come last, after the first
 * ones, so readers of the older file keep working.
 */
export function reportMonthsCsv(report: CsvReport): string {
  return csv([
    ["month", "revenue", "enrollments", "completions", "currency"],
    ...report.months.map((m) => [
      m.month,
      plainAmount(m.revenueCents, report.currency),
      m.enrollments,
      m.completions ?? 0,
      report.currency,
    ]),
    ...otherCurrencies(report).flatMap((c) => c.months.map((m) => [m.month, plainAmount(m.revenueCents, c.currency), "", "", c.currency])),
  ]);
}

/** The months table of the combined export (export.csv): `month,revenue,enrollments` as it has always been, then `currency`. */
function reportMonthsTableCsv(report: CsvReport): string {
  return csv([
    ["month", "revenue", "enrollments", "currency"],
    ...report.months.map((m) => [m.month, plainAmount(m.revenueCents, report.currency), m.enrollments, report.currency]),
    ...otherCurrencies(report).flatMap((c) => c.months.map((m) => [m.month, plainAmount(m.revenueCents, c.currency), "", c.currency])),
  ]);
}

/**
 * The report's per-track table as its own CSV file: one `track,revenue,enrollments,currency` header row; the tracks'
 * business-currency lines, then each other currency's lines (tracks with revenue in it, enrollments left blank).
 */
export function reportTracksCsv(report: CsvReport): string {
  return csv([
    ["track", "revenue", "enrollments", "currency"],
    ...report.tracks.map((t) => [t.name, plainAmount(t.revenueCents, report.currency), t.enrollments, report.currency]),
    ...otherCurrencies(report).flatMap((c) => c.tracks.map((t) => [t.name, plainAmount(t.revenueCents, c.currency), "", c.currency])),
  ]);
}

/**
 * The report as one CSV (the original export): the months table, a blank line, then the tracks table. Spreadsheets
 * read only one table per file, so the report page downloads the two tables as separate files instead.
 */
export function reportCsv(report: CsvReport): string {
  return `${reportMonthsTableCsv(report)}\n${reportTracksCsv(report)}`;
}

/** Rows as CSV, with spreadsheet formulas neutralised. */
export const csv = (rows: unknown[][]) => stringify(rows, { cast: { string: neutraliseFormula } });

/**
 * Spreadsheets run a cell that starts with = + - @ (or a tab or carriage return) as a formula; track names are
 * admin-typed text, so such cells get a leading apostrophe (OWASP's advice against CSV injection).
 */
const neutraliseFormula = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
