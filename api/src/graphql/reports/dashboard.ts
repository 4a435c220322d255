import { toDollars } from "../../domain/money.ts";
import { type Dashboard, loadDashboard, type Metric, type MonthRevenue } from "../../domain/reports/dashboard.ts";
import { builder } from "../builder.ts";

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

const dollarMetric = (m: Metric): Metric => ({
  ...m,
  value: toDollars(m.value),
  currentMonth: toDollars(m.currentMonth),
  previousMonth: toDollars(m.previousMonth),
});

const MonthRevenueRef = builder.objectRef<MonthRevenue>("MonthRevenue").implement({
  description: "One month of the dashboard's revenue chart.",
  fields: (t) => ({
    month: t.exposeString("month", { description: 'The calendar month (UTC), e.g. "2026-06".' }),
    label: t.exposeString("label", { description: 'Short month name, e.g. "Jun".' }),
    year: t.exposeInt("year", { description: "The year, e.g. 2026." }),
    revenue: t.float({ description: "Dollars paid in the month.", resolve: (m) => toDollars(m.revenueCents) }),
  }),
});

const DashboardRef = builder.objectRef<Dashboard>("Dashboard").implement({
  description: "The admin dashboard's figures. Recent tracks and latest invoices are `tracks(first: 4)` and `invoices(first: 4)`.",
  fields: (t) => ({
    totalLearners: t.field({ type: MetricRef, description: "Learners; months count sign-ups.", resolve: (d) => d.totalLearners }),
    revenue: t.field({
      type: MetricRef,
      description: "Dollars of paid invoices; months count what was paid in them.",
      resolve: (d) => dollarMetric(d.revenue),
    }),
    invoices: t.field({
      type: MetricRef,
      description: "Invoices of any status but abandoned checkouts; months count those created.",
      resolve: (d) => d.invoices,
    }),
    revenueByMonth: t.field({
      type: [MonthRevenueRef],
      description: "The last 6 calendar months, oldest first, the current month last.",
      resolve: (d) => d.revenueByMonth,
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
