import type { CurrencyCode as Code } from "../../../../common/money.ts";
import {
  batchCsv,
  checkoutQuote,
  createCoupon,
  deactivateCoupon,
  generateCouponBatch,
  normaliseCode,
} from "../../domain/coupons/coupons.ts";
import { NEWEST_FIRST } from "../../domain/order.ts";
import { builder } from "../builder.ts";
import { Track } from "../catalogue/track.ts";
import { actor } from "../context.ts";
import { commonErrors } from "../schema/errors.ts";
import { CurrencyCode, Money, money } from "../schema/money.ts";
import { pageArgs, pagedConnection, pagedConnectionType } from "../schema/paging.ts";

const CouponKind = builder.enumType("CouponKind", {
  description: "How a coupon takes money off.",
  values: {
    PERCENT: { description: "A percentage of the list price (value 1..100)." },
    FIXED: { description: "A fixed amount (value in minor units of the coupon's currency), for checkouts in that currency only." },
  } as const,
});

export const CouponBatch = builder.prismaNode("CouponBatch", {
  id: { field: "id" },
  nullable: true,
  authScopes: { can: "manageCoupons" },
  description: "Single-use codes generated for one sponsor organisation and track.",
  fields: (t) => ({
    organisation: t.exposeString("organisation", { description: "Who the codes are for." }),
    count: t.exposeInt("count", { description: "How many codes were generated." }),
    track: t.relation("track", { nullable: true, description: "The track the codes are for." }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When the codes were generated." }),
  }),
});

export const Coupon = builder.prismaNode("Coupon", {
  id: { field: "id" },
  nullable: true,
  authScopes: { can: "manageCoupons" },
  description: "A discount code: a percentage or a fixed amount off all tracks or chosen ones.",
  fields: (t) => ({
    code: t.exposeString("code", { description: "The code (upper-case; learners may type it in any case)." }),
    kind: t.expose("kind", { type: CouponKind, description: "Percent or fixed amount." }),
    value: t.exposeInt("value", {
      description: "PERCENT: the percentage (1..100); FIXED: minor units of `currency` (cents, kobo, pesewas).",
    }),
    currency: t.field({
      type: CurrencyCode,
      nullable: true,
      description: "FIXED: the currency of the amount; the coupon applies only to checkouts in it. PERCENT: null (any currency).",
      resolve: (c) => c.currency as Code | null,
    }),
    fixedAmount: t.field({
      type: Money,
      nullable: true,
      description: "FIXED: the amount taken off, in its currency; PERCENT: null.",
      resolve: (c) => (c.kind === "FIXED" && c.currency ? money(c.value, c.currency) : null),
    }),
    allTracks: t.exposeBoolean("allTracks", { description: "True: valid for every track; false: for `tracks` only." }),
    tracks: t.field({
      type: [Track],
      description: "The tracks it is valid for when not all tracks.",
      select: { tracks: { select: { track: true } } },
      resolve: (c) => c.tracks.map((t) => t.track),
    }),
    startsAt: t.expose("startsAt", { type: "DateTime", nullable: true, description: "Valid from; null: at once." }),
    endsAt: t.expose("endsAt", { type: "DateTime", nullable: true, description: "Valid until (exclusive); null: no end." }),
    maxRedemptions: t.exposeInt("maxRedemptions", { nullable: true, description: "Total uses allowed; null: no cap." }),
    oncePerLearner: t.exposeBoolean("oncePerLearner", { description: "A learner may use it once." }),
    active: t.exposeBoolean("active", { description: "False once deactivated." }),
    redemptionCount: t.relationCount("redemptions", {
      where: { state: "REDEEMED" },
      description: "Paid invoices that used it.",
    }),
    reservedCount: t.relationCount("redemptions", {
      where: { state: "RESERVED" },
      description: "Pending invoices that hold a use of it (counted against the cap until paid or released).",
    }),
    batch: t.relation("batch", { nullable: true, description: "The sponsor batch it belongs to, if any." }),
    redemptions: t.field({
      type: [CouponRedemption],
      description: "Who used it (reserved or redeemed), oldest first, at most 50.",
      select: (_args, _ctx, nested) => ({
        redemptions: {
          where: { state: { in: ["RESERVED", "REDEEMED"] } },
          orderBy: { createdAt: "asc" },
          take: 50,
          include: { learner: nested(true) },
        },
      }),
      resolve: (c) => c.redemptions,
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was created." }),
  }),
});

const RedemptionState = builder.enumType("RedemptionState", {
  description: "Where a use of a coupon stands; it follows its invoice.",
  values: {
    RESERVED: { description: "The invoice is pending." },
    REDEEMED: { description: "The invoice is paid." },
    RELEASED: { description: "The invoice was abandoned, voided, expired or failed." },
  } as const,
});

const CouponRedemption = builder.prismaObject("CouponRedemption", {
  description: "One use of a coupon.",
  fields: (t) => ({
    state: t.expose("state", { type: RedemptionState, description: "Reserved, redeemed or released." }),
    learner: t.relation("learner", { nullable: true, description: "Who used it." }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When the checkout applied it." }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", description: "When its state last changed (redeemed at)." }),
  }),
});

const CouponConnection = pagedConnectionType(Coupon, "CouponConnection", "A page of coupons.");

const CheckoutQuote = builder
  .objectRef<{
    subtotalCents: number;
    discountCents: number;
    taxCents: number;
    amountCents: number;
    couponCode: string | null;
    currency: string;
  }>("CheckoutQuote")
  .implement({
    description: "What a checkout would charge now: the preview the checkout page shows (the checkout computes it again).",
    fields: (t) => ({
      subtotalCents: t.exposeInt("subtotalCents", { description: "The list price, in minor units of `currency` (cents, kobo, pesewas)." }),
      discountCents: t.exposeInt("discountCents", { description: "Taken off by the coupon, in minor units of `currency`." }),
      taxCents: t.exposeInt("taxCents", { description: "The tax contained in (inclusive) or added to (exclusive) the total." }),
      amountCents: t.exposeInt("amountCents", { description: "What the learner pays, in minor units of `currency`." }),
      couponCode: t.exposeString("couponCode", { nullable: true, description: "The coupon applied, as stored." }),
      currency: t.exposeString("currency", { description: "The checkout's currency code, e.g. USD." }),
      total: t.field({
        type: Money,
        description: "What the learner pays, with its currency.",
        resolve: (q) => money(q.amountCents, q.currency),
      }),
    }),
  });

const CouponBatchCsv = builder.objectRef<{ csv: string }>("CouponBatchCsv").implement({
  description: "A sponsor batch's codes as CSV.",
  fields: (t) => ({
    csv: t.exposeString("csv", {
      description: "Columns code, state (unused, reserved, redeemed, deactivated), redeemed by, redeemed at; one header row.",
    }),
  }),
});

builder.queryFields((t) => ({
  couponBatchCsv: t.field({
    type: CouponBatchCsv,
    authScopes: { can: "manageCoupons" },
    description: "A sponsor batch's codes and who redeemed them, as CSV.",
    args: { batchId: t.arg.globalID({ for: [CouponBatch], required: true, description: "The batch." }) },
    resolve: async (_root, args, ctx) => ({ csv: await batchCsv(ctx.services, args.batchId.id) }),
  }),
  coupons: t.field({
    type: CouponConnection,
    authScopes: { can: "manageCoupons" },
    description: "Coupons, newest first, 10 a page; `search` matches the code (any case) or a batch's organisation.",
    args: {
      search: t.arg.string({ description: "Part of the code or of the sponsor organisation." }),
      ...pageArgs,
    },
    resolve: (_root, args, ctx, info) => {
      const { prisma } = ctx.services.db;
      const words = args.search?.trim().replaceAll("\u0000", "");
      const where = words
        ? {
            OR: [
              { code: { contains: normaliseCode(words) } },
              { batch: { organisation: { contains: words, mode: "insensitive" as const } } },
            ],
          }
        : {};
      return pagedConnection(args, ctx, info, {
        count: () => prisma.coupon.count({ where }),
        rows: (query, skip, take) => prisma.coupon.findMany({ ...query, where, orderBy: NEWEST_FIRST, skip, take }),
      });
    },
  }),
  checkoutQuote: t.field({
    type: CheckoutQuote,
    errors: { types: commonErrors },
    authScopes: { learner: true },
    description: "The price of a track for the signed-in learner with an optional coupon: list price, discount, tax, total.",
    args: {
      trackId: t.arg.globalID({ for: [Track], required: true, description: "The track." }),
      couponCode: t.arg.string({ description: "A coupon code, any case; omitted or empty: no coupon." }),
      currency: t.arg({
        type: CurrencyCode,
        description: "The currency to pay in (one of Track.prices): the business currency when omitted; another is refused.",
      }),
    },
    resolve: (_root, args, ctx) =>
      checkoutQuote(ctx.services, ctx.viewer?.accountId ?? null, args.trackId.id, args.couponCode, args.currency),
  }),
}));

const CouponInput = builder.inputType("CouponInput", {
  description: "The coupon form.",
  fields: (t) => ({
    code: t.string({ description: "3 to 40 letters, digits or dashes; stored upper-case." }),
    kind: t.field({ type: CouponKind, description: "Percent or fixed amount." }),
    value: t.int({ description: "PERCENT: 1..100; FIXED: minor units of `currency` (at least 1)." }),
    currency: t.field({
      type: CurrencyCode,
      description: "FIXED: the currency of the amount (the business currency when omitted); ignored for PERCENT, which applies in any.",
    }),
    allTracks: t.boolean({ description: "Valid for every track (the default); false: give trackIds." }),
    trackIds: t.globalIDList({ for: [Track], description: "The tracks it is valid for when not all tracks." }),
    startsAt: t.field({ type: "DateTime", description: "Valid from; omitted: at once." }),
    endsAt: t.field({ type: "DateTime", description: "Valid until; omitted: no end." }),
    maxRedemptions: t.int({ description: "Total uses allowed (1..1,000,000); omitted: no cap." }),
    oncePerLearner: t.boolean({ description: "A learner may use it once (the default)." }),
  }),
});

const CouponBatchInput = builder.inputType("CouponBatchInput", {
  description: "Bulk single-use codes for a sponsor.",
  fields: (t) => ({
    organisation: t.string({ description: "The sponsor organisation (at most 120 characters)." }),
    trackId: t.globalID({ for: [Track], description: "The track the codes are for." }),
    count: t.int({ description: "How many codes, 1..1000." }),
    percent: t.int({ description: "Percentage off, 1..100 (100 if omitted)." }),
    endsAt: t.field({ type: "DateTime", description: "Valid until; omitted: no end." }),
  }),
});

const CouponPayload = builder.objectRef<{ id: string }>("CouponPayload").implement({
  description: "The coupon as saved.",
  fields: (t) => ({
    coupon: t.prismaField({
      type: Coupon,
      description: "The coupon.",
      resolve: (query, p, _args, ctx) => ctx.services.db.prisma.coupon.findUniqueOrThrow({ ...query, where: { id: p.id } }),
    }),
  }),
});

const CouponBatchPayload = builder.objectRef<{ id: string }>("CouponBatchPayload").implement({
  description: "The generated batch; its codes are listed by `coupons(search: organisation)` and exported as CSV.",
  fields: (t) => ({
    batch: t.prismaField({
      type: CouponBatch,
      description: "The batch.",
      resolve: (query, p, _args, ctx) => ctx.services.db.prisma.couponBatch.findUniqueOrThrow({ ...query, where: { id: p.id } }),
    }),
  }),
});

const errors = { types: commonErrors };

builder.mutationFields((t) => ({
  createCoupon: t.field({
    type: CouponPayload,
    errors,
    authScopes: { can: "manageCoupons" },
    description: "Creates a coupon.",
    args: { input: t.arg({ type: CouponInput, required: true, description: "The coupon." }) },
    resolve: async (_root, { input }, ctx) =>
      createCoupon(ctx.services, actor(ctx), { ...input, trackIds: input.trackIds?.map((id) => id.id) ?? null }),
  }),
  deactivateCoupon: t.field({
    type: CouponPayload,
    errors,
    authScopes: { can: "manageCoupons" },
    description: "Deactivates a coupon: later checkouts refuse it; invoices keep it.",
    args: { id: t.arg.globalID({ for: [Coupon], required: true, description: "The coupon." }) },
    resolve: async (_root, args, ctx) => deactivateCoupon(ctx.services, actor(ctx), args.id.id),
  }),
  generateCouponBatch: t.field({
    type: CouponBatchPayload,
    errors,
    authScopes: { can: "manageCoupons" },
    description: "Generates single-use codes for one sponsor organisation and track.",
    args: { input: t.arg({ type: CouponBatchInput, required: true, description: "The batch." }) },
    resolve: async (_root, { input }, ctx) =>
      generateCouponBatch(ctx.services, actor(ctx), { ...input, trackId: input.trackId?.id ?? null }),
  }),
}));
