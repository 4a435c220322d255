import { toMajorUnits } from "../../domain/money.ts";
import { type CurrencyRevenue, type Dashboard, loadDashboard, type Metric, type MonthRevenue } from "../../domain/reports/dashboard.ts";
import { builder } from "../builder.ts";
import { CurrencyCode, Money, money } from "../schema/money.ts";

const MetricRef = builder.objectRef<Metric>("Metric").implement({
  description: "A figure with its change versus last month (UTC calendar months).",
  fields: (t) => ({
    value: t.exposeFloat("value", { description: "The figure over all time." }),
    currentMonth: t.exposeFloat("currentMonth", { description: "This calendar month's part of the figure." }),
    previousMonth: t.exposeFloat("previousMonth", { description: "Last calendar month's part of the figure." }),
    changePercent: t.exposeFloat("changePercent", {
      nullable: true,
      description: "Change of this month versus last month in percent, to one decimal; null when last month was 0.",
    }),
  }),
});

/** A money metric in major units of its currency (the spec's plain numbers). */
const majorMetric = (m: Metric, currency: string): Metric => ({
  ...m,
  value: toMajorUnits(m.value, currency),
  currentMonth: toMajorUnits(m.currentMonth, currency),
  previousMonth: toMajorUnits(m.previousMonth, currency),
});

type CurrencyMonth = MonthRevenue & { currency: string };

const MonthRevenueRef = builder.objectRef<CurrencyMonth>("MonthRevenue").implement({
  description: "One month of the dashboard's revenue chart, in one currency.",
  fields: (t) => ({
    month: t.exposeString("month", { description: 'The calendar month (UTC), e.g. "2026-06".' }),
    label: t.exposeString("label", { description: 'Short month name, e.g. "Jun".' }),
    year: t.exposeInt("year", { description: "The year, e.g. 2026." }),
    revenue: t.float({
      description:
        "Paid in the month, in major units of its currency (the business currency in Dashboard.revenueByMonth: dollars by default).",
      resolve: (m) => toMajorUnits(m.revenueCents, m.currency),
    }),
    revenueMoney: t.field({ type: Money, description: "`revenue` with its currency.", resolve: (m) => money(m.revenueCents, m.currency) }),
  }),
});

const DashboardRevenue = builder.objectRef<CurrencyRevenue>("DashboardRevenue").implement({
  description: "The dashboard's revenue in one currency: amounts in different currencies are never added together.",
  fields: (t) => ({
    currency: t.field({ type: CurrencyCode, description: "The currency.", resolve: (r) => r.currency }),
    total: t.field({
      type: Money,
      description: "Paid over all time (net of refunds).",
      resolve: (r) => money(r.revenue.value, r.currency),
    }),
    currentMonth: t.field({
      type: Money,
      description: "Paid this calendar month.",
      resolve: (r) => money(r.revenue.currentMonth, r.currency),
    }),
    previousMonth: t.field({
      type: Money,
      description: "Paid last calendar month.",
      resolve: (r) => money(r.revenue.previousMonth, r.currency),
    }),
    changePercent: t.float({
      nullable: true,
      description: "Change of this month versus last month in percent, to one decimal; null when last month was 0.",
      resolve: (r) => r.revenue.changePercent,
    }),
    months: t.field({
      type: [MonthRevenueRef],
      description: "The last 6 calendar months, oldest first, the current month last.",
      resolve: (r) => r.revenueByMonth.map((m) => ({ ...m, currency: r.currency })),
    }),
  }),
});

const DashboardRef = builder.objectRef<Dashboard>("Dashboard").implement({
  description: "The admin dashboard's figures. Recent tracks and latest invoices are `tracks(first: 4)` and `invoices(first: 4)`.",
  fields: (t) => ({
    totalLearners: t.field({ type: MetricRef, description: "Learners; months count sign-ups.", resolve: (d) => d.totalLearners }),
    revenue: t.field({
      type: MetricRef,
      description:
        "Paid invoices in major units of the business currency (`currency`: dollars by default); months count what was paid in them. Other currencies: revenueByCurrency.",
      resolve: (d) => majorMetric(d.revenue, d.currency),
    }),
    currency: t.field({
      type: CurrencyCode,
      description: "The business currency: the one `revenue` and `revenueByMonth` count.",
      resolve: (d) => d.currency,
    }),
    revenueByCurrency: t.field({
      type: [DashboardRevenue],
      description:
        "Revenue per currency, the business currency first (always), then each other currency ever paid in; never a sum across currencies.",
      resolve: (d) => d.revenueByCurrency,
    }),
    invoices: t.field({
      type: MetricRef,
      description: "Invoices of any status but abandoned checkouts; months count those created.",
      resolve: (d) => d.invoices,
    }),
    revenueByMonth: t.field({
      type: [MonthRevenueRef],
      description: "The last 6 calendar months, oldest first, the current month last (business currency).",
      resolve: (d) => d.revenueByMonth.map((m) => ({ ...m, currency: d.currency })),
    }),
  }),
});

builder.queryFields((t) => ({
  dashboard: t.field({
    type: DashboardRef,
    authScopes: { can: "readDashboard" },
    description: "The admin dashboard's summary cards and revenue chart.",
    resolve: (_root, _args, ctx) => loadDashboard(ctx.services),
  }),
}));
