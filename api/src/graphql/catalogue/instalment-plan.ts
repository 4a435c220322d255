import { TRACK_PRICES, trackPrices } from "../../domain/catalogue/prices.ts";
import { taxSetting } from "../../domain/coupons/coupons.ts";
import { priceParts } from "../../domain/money.ts";
import { planSchedule, removeInstalmentPlan, setInstalmentPlan } from "../../domain/payments/instalment-plans.ts";
import { builder } from "../builder.ts";
import { actor } from "../context.ts";
import { commonErrors } from "../schema/errors.ts";
import { CurrencyCode, Money, money } from "../schema/money.ts";
import { Track, TrackPayload } from "./track.ts";

/** Instalment plans (docs/payments.md, "Instalments"): a track's offer, its schedule, and the staff mutations. */

export const InstalmentInterval = builder.enumType("InstalmentInterval", {
  description: "How often an instalment plan's parts fall due.",
  values: { WEEKLY: { description: "Every week." }, MONTHLY: { description: "Every month (same day, or the month's last)." } } as const,
});

interface PartValue {
  number: number;
  amountCents: number;
  currency: string;
  dueOn: Date;
}

const InstalmentPart = builder.objectRef<PartValue>("InstalmentPart").implement({
  description: "One part of an instalment schedule.",
  fields: (t) => ({
    number: t.int({ description: "1 for the part paid at checkout.", resolve: (p) => p.number }),
    amount: t.field({ type: Money, description: "What the part charges.", resolve: (p) => money(p.amountCents, p.currency) }),
    dueOn: t.string({ description: "The day it is due (YYYY-MM-DD, UTC).", resolve: (p) => p.dueOn.toISOString().slice(0, 10) }),
  }),
});

interface OfferValue {
  parts: number;
  interval: "WEEKLY" | "MONTHLY";
  firstAmountCents: number;
  mainPriceCents: number;
  currency: string;
  prices: { currency: string; priceCents: number }[];
}

const InstalmentOffer = builder.objectRef<OfferValue>("InstalmentOffer").implement({
  description:
    "A track's instalment plan: `parts` parts every `interval`, the first `firstAmount` (main currency), the rest split evenly, the last absorbing the rounding.",
  fields: (t) => ({
    parts: t.int({ description: "How many parts (2..12).", resolve: (o) => o.parts }),
    interval: t.field({ type: InstalmentInterval, description: "How often.", resolve: (o) => o.interval }),
    firstAmount: t.field({
      type: Money,
      description: "The first part in the track's main currency.",
      resolve: (o) => money(o.firstAmountCents, o.currency),
    }),
    schedule: t.field({
      type: [InstalmentPart],
      description:
        "The parts of a purchase made today in `currency`, tax included (added when prices exclude it), as checkout charges them (the main currency when omitted; another the track is sold in keeps the plan's proportions). Empty for a currency the track is not sold in.",
      args: { currency: t.arg({ type: CurrencyCode, description: "The checkout's currency." }) },
      resolve: async (o, { currency }, ctx) => {
        const price = o.prices.find((p) => p.currency === (currency ?? o.currency));
        if (!price) return [];
        // What the checkout would charge in all (with tax added when prices exclude it), split as it splits it.
        const total = priceParts(price.priceCents, 0, await taxSetting(ctx.services)).amountCents;
        const schedule = planSchedule(o, o.mainPriceCents, total, new Date()) ?? [];
        return schedule.map((p) => ({ ...p, currency: price.currency }));
      },
    }),
  }),
});

builder.prismaObjectFields(Track, (t) => ({
  instalmentPlan: t.field({
    type: InstalmentOffer,
    nullable: true,
    select: { instalmentPlan: true, prices: TRACK_PRICES, priceCents: true, currency: true },
    description: "The track's instalment plan, or null when it has none (or its first part is no longer less than the price).",
    resolve: (track) => {
      const plan = track.instalmentPlan;
      if (!plan || plan.firstAmountCents >= track.priceCents) return null;
      return {
        parts: plan.parts,
        interval: plan.interval,
        firstAmountCents: plan.firstAmountCents,
        mainPriceCents: track.priceCents,
        currency: track.currency,
        prices: trackPrices(track),
      };
    },
  }),
}));

const InstalmentPlanInput = builder.inputType("InstalmentPlanInput", {
  description: "A track's instalment plan.",
  fields: (t) => ({
    parts: t.int({ required: true, description: "How many parts, 2 to 12." }),
    interval: t.field({ type: InstalmentInterval, required: true, description: "Weekly or monthly." }),
    firstAmount: t.float({
      required: true,
      description: "The first part in major units of the track's main currency: more than 0, less than the price.",
    }),
  }),
});

const errors = { types: commonErrors };

builder.mutationFields((t) => ({
  setInstalmentPlan: t.field({
    type: TrackPayload,
    errors,
    authScopes: { can: "editCatalogue" },
    description: "Sets (or replaces) a track's instalment plan. Plans learners already bought keep their amounts and dates.",
    args: {
      id: t.arg.globalID({ required: true, for: [Track], description: "The track's ID." }),
      input: t.arg({ type: InstalmentPlanInput, required: true, description: "The plan." }),
    },
    resolve: async (_root, { id, input }, ctx) => {
      await setInstalmentPlan(ctx.services, actor(ctx), id.id, input);
      return { track: await ctx.services.db.prisma.track.findUniqueOrThrow({ where: { id: id.id } }) };
    },
  }),
  removeInstalmentPlan: t.field({
    type: TrackPayload,
    errors,
    authScopes: { can: "editCatalogue" },
    description: "Removes a track's instalment plan: it is sold in full only (plans already bought go on).",
    args: { id: t.arg.globalID({ required: true, for: [Track], description: "The track's ID." }) },
    resolve: async (_root, { id }, ctx) => {
      await removeInstalmentPlan(ctx.services, actor(ctx), id.id);
      return { track: await ctx.services.db.prisma.track.findUniqueOrThrow({ where: { id: id.id } }) };
    },
  }),
}));
