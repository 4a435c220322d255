import { toDollars } from "../../domain/money.ts";
import {
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

const ReportMonthRef = builder.objectRef<ReportMonth>("ReportMonth").implement({
  description: "One calendar month of a report.",
  fields: (t) => ({
    month: t.exposeString("month", { description: 'The calendar month (UTC), e.g. "2026-06".' }),
    label: t.exposeString("label", { description: 'Short month name, e.g. "Jun".' }),
    year: t.exposeInt("year", { description: "The year, e.g. 2026." }),
    revenue: t.float({ description: "Dollars paid in the month (within the range).", resolve: (m) => toDollars(m.revenueCents) }),
    revenueCents: t.exposeInt("revenueCents", { description: "The same revenue in cents." }),
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
    revenue: t.float({ description: "Dollars paid in the range.", resolve: (r) => toDollars(r.revenueCents) }),
    revenueCents: t.exposeInt("revenueCents", { description: "The same revenue in cents." }),
    enrollments: t.exposeInt("enrollments", { description: "Enrollments made in the range." }),
  }),
});

export const ReportRef = builder.objectRef<Report>("Report").implement({
  description: "Revenue (paid invoices, by payment date) and enrollments over a range of dates, per month and per track.",
  fields: (t) => ({
    from: t.expose("from", { type: "Date", description: "The first day of the range." }),
    to: t.expose("to", { type: "Date", description: "The last day of the range (included)." }),
    totalRevenue: t.float({ description: "Dollars.", resolve: (r) => toDollars(r.totalRevenueCents) }),
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
  description: "One coupon's paid uses over a report's range.",
  fields: (t) => ({
    code: t.exposeString("code", { description: "The coupon's code." }),
    redemptions: t.exposeInt("redemptions", { description: "Paid invoices in the range that used it." }),
    discount: t.float({ description: "Dollars taken off by it in the range.", resolve: (c) => toDollars(c.discountCents) }),
  }),
});

const ReportDiscounts = builder.objectRef<{ totalDiscountCents: number; coupons: ReportCoupon[] }>("ReportDiscounts").implement({
  description: "Discounts given over a report's range (paid records, by payment date, as revenue).",
  fields: (t) => ({
    total: t.float({ description: "Dollars taken off by coupons in the range.", resolve: (d) => toDollars(d.totalDiscountCents) }),
    coupons: t.field({ type: [ReportCouponRef], description: "Per coupon, largest discount first.", resolve: (d) => d.coupons }),
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
