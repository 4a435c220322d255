import { CURRENCY_CODES, type CurrencyCode } from "../../../../common/money.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import type { DomainServices as Services } from "../deps.ts";
import { PAID_RECORD_STATUSES } from "../invoices/status.ts";

/**
 * Revenue counts paid records (docs/ARCHITECTURE.md, "Money") at their net amount: what was received less what was
 * refunded, in the month it was paid. Both fragments are fixed SQL (no input), shared with the report.
 */
export const PAID_RECORD = Prisma.raw(`status IN (${PAID_RECORD_STATUSES.map((s) => `'${s}'`).join(", ")})`);
export const NET_CENTS = Prisma.raw(`("amountCents" - "refundedCents")`);

/**
 * The admin dashboard's figures, computed by the database in a fixed number of aggregate statements (three),
 * however many learners and invoices there are. Revenue is per currency (the business currency's figures in the
 * spec's fields, every currency's in `revenueByCurrency`); the business currency is read in the invoices' statement.
 *
 * Months are UTC calendar months: a month runs from 00:00 UTC on its 1st to 00:00 UTC on the next 1st, and SQL
 * truncates instants to months `AT TIME ZONE 'UTC'`. Neither the server's nor the database session's time zone
 * plays a part, so every API instance and every database agree on which month a payment belongs to.
 */

/**
 * An instant as a SQL timestamptz. The driver adapters send a Date as a zone-less UTC text, which PostgreSQL would
 * read in the session's time zone; an ISO string with its Z means the same instant whatever that zone is.
 */
export const sqlInstant = (date: Date) => Prisma.sql`${date.toISOString()}::timestamptz`;

const MONTH_LABELS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** The revenue chart shows this many calendar months, the current one last. */
export const REVENUE_MONTHS = 6;

/** 00:00 UTC on the 1st of the month `offset` months after the month of `date`. */
export function utcMonthStart(date: Date, offset = 0): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1));
}

export interface CalendarMonth {
  /** "2026-06", as SQL's `to_char(..., 'YYYY-MM')` writes it. */
  month: string;
  /** "Jun" */
  label: string;
  year: number;
}

export function calendarMonth(date: Date): CalendarMonth {
  const year = date.getUTCFullYear();
  const index = date.getUTCMonth();
  return { month: `${year}-${String(index + 1).padStart(2, "0")}`, label: MONTH_LABELS[index] as string, year };
}

/** A figure with its change versus last month: this calendar month's value against the previous one's. */
export interface Metric {
  value: number;
  currentMonth: number;
  previousMonth: number;
  /** Percent, to one decimal; null when last month was 0 (no meaningful percentage). */
  changePercent: number | null;
}

export function metric(value: number, currentMonth: number, previousMonth: number): Metric {
  const changePercent = previousMonth === 0 ? null : Math.round(((currentMonth - previousMonth) * 1000) / previousMonth) / 10;
  return { value, currentMonth, previousMonth, changePercent };
}

export interface MonthRevenue extends CalendarMonth {
  revenueCents: number;
}

/** One currency's revenue figures on the dashboard: the metric and the chart's months, in its minor units. */
export interface CurrencyRevenue {
  currency: CurrencyCode;
  revenue: Metric;
  revenueByMonth: MonthRevenue[];
}

export interface Dashboard {
  /** All learners; months compare learners who signed up in them. */
  totalLearners: Metric;
  /** The business currency: the one `revenue` and `revenueByMonth` count. */
  currency: CurrencyCode;
  /** Minor units of the business currency paid; months compare what was paid in them (by paidAt). */
  revenue: Metric;
  /** All invoices but abandoned checkouts; months compare invoices created in them. */
  invoices: Metric;
  /** The last REVENUE_MONTHS calendar months, oldest first, months without revenue as 0 (business currency). */
  revenueByMonth: MonthRevenue[];
  /**
   * Revenue per currency, never added across currencies: the business currency first (always, the same figures as
   * `revenue` and `revenueByMonth`), then each other currency ever paid in, in CURRENCY_CODES order.
   */
  revenueByCurrency: CurrencyRevenue[];
}

interface CountRow {
  total: number;
  current: number;
  previous: number;
}

interface InvoiceRow extends CountRow {
  businessCurrency: CurrencyCode;
  /** Null on the row of a business without paid records. */
  currency: CurrencyCode | null;
  revenue: bigint;
  revenueCurrent: bigint;
  revenuePrevious: bigint;
}

export async function loadDashboard(deps: Services, now = new Date()): Promise<Dashboard> {
  const { prisma } = deps.db;
  const chartStart = utcMonthStart(now, -(REVENUE_MONTHS - 1));
  const current = sqlInstant(utcMonthStart(now));
  const previous = sqlInstant(utcMonthStart(now, -1));
  const next = sqlInstant(utcMonthStart(now, 1));
  const chartFrom = sqlInstant(chartStart);

  const [learnerRows, invoiceRows, paidByMonth] = await Promise.all([
    prisma.$queryRaw<CountRow[]>`
      SELECT count(*)::int AS total,
        count(*) FILTER (WHERE "createdAt" >= ${current} AND "createdAt" < ${next})::int AS current,
        count(*) FILTER (WHERE "createdAt" >= ${previous} AND "createdAt" < ${current})::int AS previous
      FROM "Learner"`,
    // One row per currency paid in (one with a null currency when nothing was ever paid), each with the counts.
    prisma.$queryRaw<InvoiceRow[]>`
      WITH counts AS (
        SELECT count(*)::int AS total,
          count(*) FILTER (WHERE "createdAt" >= ${current} AND "createdAt" < ${next})::int AS current,
          count(*) FILTER (WHERE "createdAt" >= ${previous} AND "createdAt" < ${current})::int AS previous
        FROM "Invoice" WHERE status <> 'ABANDONED'
      ), revenue AS (
        SELECT "currency", sum(${NET_CENTS}) AS revenue,
          coalesce(sum(${NET_CENTS}) FILTER (WHERE "paidAt" >= ${current} AND "paidAt" < ${next}), 0) AS "revenueCurrent",
          coalesce(sum(${NET_CENTS}) FILTER (WHERE "paidAt" >= ${previous} AND "paidAt" < ${current}), 0) AS "revenuePrevious"
        FROM "Invoice" WHERE ${PAID_RECORD} GROUP BY "currency"
      )
      SELECT c.total, c.current, c.previous, (SELECT "currency" FROM "BusinessSettings" WHERE "id" = 1) AS "businessCurrency",
        r."currency", coalesce(r.revenue, 0)::bigint AS revenue, coalesce(r."revenueCurrent", 0)::bigint AS "revenueCurrent",
        coalesce(r."revenuePrevious", 0)::bigint AS "revenuePrevious"
      FROM counts c LEFT JOIN revenue r ON true`,
    prisma.$queryRaw<{ month: string; currency: CurrencyCode; revenue: bigint }[]>`
      SELECT to_char(date_trunc('month', "paidAt" AT TIME ZONE 'UTC'), 'YYYY-MM') AS month, "currency", sum(${NET_CENTS})::bigint AS revenue
      FROM "Invoice"
      WHERE ${PAID_RECORD} AND "paidAt" >= ${chartFrom} AND "paidAt" < ${next}
      GROUP BY 1, 2`,
  ]);
  // An aggregate without GROUP BY always returns exactly one row; the invoices' statement at least one.
  const learners = learnerRows[0] as CountRow;
  const invoices = invoiceRows[0] as InvoiceRow;
  const business = invoices.businessCurrency;

  const paidIn = new Set<CurrencyCode>([business, ...invoiceRows.flatMap((r) => (r.currency ? [r.currency] : []))]);
  const revenueByCurrency: CurrencyRevenue[] = [business, ...CURRENCY_CODES.filter((c) => c !== business && paidIn.has(c))].map(
    (currency) => {
      const row = invoiceRows.find((r) => r.currency === currency);
      const revenueOf = new Map(paidByMonth.filter((m) => m.currency === currency).map((m) => [m.month, Number(m.revenue)]));
      return {
        currency,
        revenue: metric(Number(row?.revenue ?? 0), Number(row?.revenueCurrent ?? 0), Number(row?.revenuePrevious ?? 0)),
        revenueByMonth: Array.from({ length: REVENUE_MONTHS }, (_, i) => {
          const month = calendarMonth(utcMonthStart(chartStart, i));
          return { ...month, revenueCents: revenueOf.get(month.month) ?? 0 };
        }),
      };
    },
  );
  const main = revenueByCurrency[0] as CurrencyRevenue;

  return {
    totalLearners: metric(learners.total, learners.current, learners.previous),
    currency: business,
    revenue: main.revenue,
    invoices: metric(invoices.total, invoices.current, invoices.previous),
    revenueByMonth: main.revenueByMonth,
    revenueByCurrency,
  };
}
