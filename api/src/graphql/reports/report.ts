import type { CurrencyCode as Code } from "../../../../common/money.ts";
import type { CurrencyCents } from "../../domain/invoices/invoices.ts";
import { toMajorUnits } from "../../domain/money.ts";
import {
  type CurrencyReport,
  loadReport,
  loadReportDiscounts,
  type Report,
  type ReportCoupon,
  type ReportMonth,
  type ReportTrack,
} from "../../domain/reports/report.ts";
import { builder } from "../builder.ts";
import { Track } from "../catalogue/track.ts";
import { commonErrors } from "../schema/errors.ts";
import { CurrencyCode, Money, money } from "../schema/money.ts";

/** A report row's figure in the spec's plain number: major units of the business currency (dollars by default). */
const major = (cents: number, currency: string) => toMajorUnits(cents, currency);

const ReportMonthRef = builder.objectRef<ReportMonth>("ReportMonth").implement({
  description: "One calendar month of a report.",
  fields: (t) => ({
    month: t.exposeString("month", { description: 'The calendar month (UTC), e.g. "2026-06".' }),
    label: t.exposeString("label", { description: 'Short month name, e.g. "Jun".' }),
    year: t.exposeInt("year", { description: "The year, e.g. 2026." }),
    revenue: t.float({
      description: "Paid in the month (within the range), in major units of the business currency (Report.currency): dollars by default.",
      resolve: (m) => major(m.revenueCents, m.currency),
    }),
    revenueCents: t.exposeInt("revenueCents", { description: "The same revenue in minor units (cents, kobo, pesewas)." }),
    enrollments: t.exposeInt("enrollments", { description: "Enrollments made in the month (within the range)." }),
    completions: t.exposeInt("completions", {
      description: "Enrollments completed in the month (within the range): the learner finished every lesson of the track.",
    }),
  }),
});

const ReportTrackRef = builder.objectRef<ReportTrack>("ReportTrack").implement({
  description: "One track's line of a report.",
  fields: (t) => ({
    track: t.prismaField({
      type: Track,
      nullable: true,
      description: "Null for revenue without a track (invoices recorded by hand, or whose track was deleted).",
      // Prisma batches the findUnique calls of one tick into a single query, so the list costs one statement.
      resolve: (query, row, _args, ctx) =>
        row.trackId ? ctx.services.db.prisma.track.findUnique({ ...query, where: { id: row.trackId } }) : null,
    }),
    name: t.exposeString("name", { description: 'The track\'s name, or "No track".' }),
    revenue: t.float({
      description: "Paid in the range, in major units of the business currency (Report.currency): dollars by default.",
      resolve: (r) => major(r.revenueCents, r.currency),
    }),
    revenueCents: t.exposeInt("revenueCents", { description: "The same revenue in minor units (cents, kobo, pesewas)." }),
    enrollments: t.exposeInt("enrollments", { description: "Enrollments made in the range." }),
  }),
});

type CurrencyLine = { revenueCents: number; currency: string };

const ReportCurrencyMonth = builder
  .objectRef<Pick<ReportMonth, "month" | "label" | "year"> & CurrencyLine>("ReportCurrencyMonth")
  .implement({
    description: "One calendar month of a report's revenue in one currency.",
    fields: (t) => ({
      month: t.exposeString("month", { description: 'The calendar month (UTC), e.g. "2026-06".' }),
      label: t.exposeString("label", { description: 'Short month name, e.g. "Jun".' }),
      year: t.exposeInt("year", { description: "The year, e.g. 2026." }),
      revenue: t.field({
        type: Money,
        description: "Paid in the month (within the range).",
        resolve: (m) => money(m.revenueCents, m.currency),
      }),
    }),
  });

const ReportCurrencyTrack = builder.objectRef<Pick<ReportTrack, "trackId" | "name"> & CurrencyLine>("ReportCurrencyTrack").implement({
  description: "One track's revenue in one currency over a report's range.",
  fields: (t) => ({
    track: t.prismaField({
      type: Track,
      nullable: true,
      description: "Null for revenue without a track (invoices recorded by hand, or whose track was deleted).",
      resolve: (query, row, _args, ctx) =>
        row.trackId ? ctx.services.db.prisma.track.findUnique({ ...query, where: { id: row.trackId } }) : null,
    }),
    name: t.exposeString("name", { description: 'The track\'s name, or "No track".' }),
    revenue: t.field({ type: Money, description: "Paid in the range.", resolve: (r) => money(r.revenueCents, r.currency) }),
  }),
});

const ReportCurrency = builder.objectRef<CurrencyReport>("ReportCurrency").implement({
  description: "A report's revenue in one currency: amounts in different currencies are never added together.",
  fields: (t) => ({
    currency: t.field({ type: CurrencyCode, description: "The currency.", resolve: (c) => c.currency }),
    total: t.field({ type: Money, description: "Paid in the range.", resolve: (c) => money(c.totalRevenueCents, c.currency) }),
    months: t.field({
      type: [ReportCurrencyMonth],
      description: "Every calendar month the range touches, oldest first.",
      resolve: (c) => c.months.map((m) => ({ ...m, currency: c.currency })),
    }),
    tracks: t.field({
      type: [ReportCurrencyTrack],
      description: "Tracks with revenue in this currency in the range, highest first.",
      resolve: (c) => c.tracks.map((r) => ({ ...r, currency: c.currency })),
    }),
  }),
});

export const ReportRef = builder.objectRef<Report>("Report").implement({
  description:
    "Revenue (paid invoices, by payment date) and enrollments over a range of dates, per month and per track. The plain revenue figures are the business currency's (`currency`); `revenueByCurrency` has every currency's, never added together.",
  fields: (t) => ({
    from: t.expose("from", { type: "Date", description: "The first day of the range." }),
    to: t.expose("to", { type: "Date", description: "The last day of the range (included)." }),
    currency: t.field({
      type: CurrencyCode,
      description: "The business currency: the one totalRevenue, months' and tracks' revenue count.",
      resolve: (r) => r.currency as Code,
    }),
    revenueByCurrency: t.field({
      type: [ReportCurrency],
      description: "Revenue in every currency paid in within the range, the business currency first (always).",
      resolve: (r) => r.revenueByCurrency,
    }),
    totalRevenue: t.float({
      description: "Paid in the range, in major units of the business currency: dollars by default.",
      resolve: (r) => major(r.totalRevenueCents, r.currency),
    }),
    totalEnrollments: t.exposeInt("totalEnrollments", { description: "Enrollments made in the range." }),
    totalCompletions: t.exposeInt("totalCompletions", { description: "Enrollments completed in the range." }),
    months: t.field({
      type: [ReportMonthRef],
      description: "Every calendar month the range touches, oldest first.",
      resolve: (r) => r.months,
    }),
    tracks: t.field({
      type: [ReportTrackRef],
      description: "Tracks with revenue or enrollments in the range, highest revenue first.",
      resolve: (r) => r.tracks,
    }),
  }),
});

const ReportCouponRef = builder.objectRef<ReportCoupon>("ReportCoupon").implement({
  description: "One coupon's paid uses over a report's range, in one currency (a percentage used in two currencies has two lines).",
  fields: (t) => ({
    code: t.exposeString("code", { description: "The coupon's code." }),
    redemptions: t.exposeInt("redemptions", { description: "Paid invoices in the range, in this currency, that used it." }),
    discount: t.float({
      description: "Taken off by it in the range, in major units of `currency`.",
      resolve: (c) => major(c.discountCents, c.currency),
    }),
    currency: t.field({ type: CurrencyCode, description: "The currency of these uses.", resolve: (c) => c.currency }),
    discountMoney: t.field({
      type: Money,
      description: "`discount` with its currency.",
      resolve: (c) => money(c.discountCents, c.currency),
    }),
  }),
});

const ReportDiscounts = builder
  .objectRef<{ currency: string | null; totalDiscountCents: number; totals: CurrencyCents[]; coupons: ReportCoupon[] }>("ReportDiscounts")
  .implement({
    description: "Discounts given over a report's range (paid records, by payment date, as revenue).",
    fields: (t) => ({
      total: t.float({
        description: "Taken off by coupons in the range, in major units of the business currency (Report.currency): dollars by default.",
        resolve: (d) => major(d.totalDiscountCents, d.currency ?? "USD"),
      }),
      totals: t.field({
        type: [Money],
        description: "Taken off by coupons in the range, per currency (only currencies with discounts).",
        resolve: (d) => d.totals.map((c) => money(c.cents, c.currency)),
      }),
      coupons: t.field({
        type: [ReportCouponRef],
        description: "Per coupon and currency, largest discount first.",
        resolve: (d) => d.coupons,
      }),
    }),
  });

builder.objectFields(ReportRef, (t) => ({
  discounts: t.field({
    type: ReportDiscounts,
    description: "Discounts given and redemptions per coupon over the range (one more statement, only when asked for).",
    resolve: (report, _args, ctx) => loadReportDiscounts(ctx.services, report),
  }),
}));

builder.queryFields((t) => ({
  report: t.field({
    type: ReportRef,
    errors: { types: commonErrors },
    authScopes: { can: "readReports" },
    description: "From and to are calendar dates (UTC), both included; at most 5 years.",
    args: {
      from: t.arg({ type: "Date", required: true, description: "The first day." }),
      to: t.arg({ type: "Date", required: true, description: "The last day (included)." }),
    },
    resolve: (_root, args, ctx) => loadReport(ctx.services, args),
  }),
}));
