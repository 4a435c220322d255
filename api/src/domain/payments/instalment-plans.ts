import { z } from "zod";
import type { InstalmentInterval, Prisma } from "../../generated/prisma/client.ts";
import type { DomainServices as Services } from "../deps.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import { amountToMinor } from "../money.ts";
import { type Actor, recordAudit } from "../staff/audit.ts";
import { type FormInput, parseInput } from "../validation.ts";

/**
 * Instalment plans (docs/payments.md, "Instalments"). A track's offer (`InstalmentPlan`: parts, interval, the first
 * part's amount in the track's main currency) and the schedule rule every screen, checkout and the settlement share:
 *
 * - In the main currency the first part is `firstAmountCents`; in another currency the track is sold in (its own
 *   `TrackPrice`) the first part keeps the plan's proportion, `round(price × first / mainPrice)` in that currency's
 *   minor units. No exchange rate is involved: only the track's own prices.
 * - The rest is split evenly over the later parts, each `floor(rest / (parts - 1))`; the last part absorbs the
 *   rounding (it is the largest by at most parts - 2 minor units).
 * - Part 1 is due on the day of purchase (it is paid at checkout); part k on that day plus k - 1 weeks or months (a
 *   month later than the 31st is the last day of the shorter month). Later parts' dates are fixed when part 1 is
 *   settled, from the settlement date.
 */

export const INSTALMENT_MESSAGES = {
  parts: "Choose between 2 and 12 parts.",
  interval: "Choose weekly or monthly.",
  firstRequired: "The first part's amount is required.",
  firstInvalid: (currency: string) => `Enter the first part as an amount of ${currency}.`,
  firstTooLarge: "The first part must be less than the price, leaving at least one minor unit for each later part.",
  firstZero: "The first part must be more than 0.",
  freeTrack: "A free track has no instalments.",
  notFound: "Track not found.",
  noPlan: "This track has no instalment plan.",
  notOffered: "This track cannot be paid in instalments.",
  noCoupon: "Coupons cannot be combined with instalments: pay in full to use a coupon.",
  cardOnly: "Instalments are paid through Paystack: choose card checkout.",
} as const;

/** One part of a schedule: its number (1..parts), amount (minor units) and due date (UTC day). */
export interface SchedulePart {
  number: number;
  amountCents: number;
  dueOn: Date;
}

export interface PlanTerms {
  parts: number;
  interval: InstalmentInterval;
  firstAmountCents: number;
}

/**
 * Splits `totalCents` into `parts` amounts in the plan's proportion: the first `round(total × first / of)`, the rest
 * evenly, the last absorbing the rounding. Null when that leaves a later part at 0 or the first at 0 or all of it.
 */
export function splitAmount(totalCents: number, parts: number, first: number, of: number): number[] | null {
  if (of <= 0 || parts < 2) return null;
  const firstCents = first === of ? totalCents : Math.round((totalCents * first) / of);
  const rest = totalCents - firstCents;
  if (firstCents <= 0 || rest < parts - 1) return null;
  const each = Math.floor(rest / (parts - 1));
  const amounts = [firstCents, ...Array.from({ length: parts - 1 }, () => each)];
  amounts[parts - 1] = rest - each * (parts - 2);
  return amounts;
}

/** The UTC day `k` intervals after `start` (k = 0: start's day). Months clamp to the month's last day. */
export function dueOn(start: Date, interval: InstalmentInterval, k: number): Date {
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth();
  const d = start.getUTCDate();
  if (interval === "WEEKLY") return new Date(Date.UTC(y, m, d + 7 * k));
  const lastDay = new Date(Date.UTC(y, m + k + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m + k, Math.min(d, lastDay)));
}

/**
 * A plan's schedule for a purchase of `totalCents` (in the checkout's currency) starting `start`: the amounts by
 * splitAmount, scaled by the track's main price (`mainPriceCents`), and the due dates. Null when the plan cannot be
 * offered at this price (the first part is no longer less than the price).
 */
export function planSchedule(terms: PlanTerms, mainPriceCents: number, totalCents: number, start: Date): SchedulePart[] | null {
  if (terms.firstAmountCents >= mainPriceCents) return null;
  // The proportion is the plan's (first / main price); in the main currency without added tax that is the first itself.
  const amounts = splitAmount(totalCents, terms.parts, terms.firstAmountCents, mainPriceCents);
  if (!amounts) return null;
  return amounts.map((amountCents, i) => ({ number: i + 1, amountCents, dueOn: dueOn(start, terms.interval, i) }));
}

/** The tax inside each part, split like the amounts (the last absorbing the rounding). */
export function splitTax(taxCents: number, amounts: number[], totalCents: number): number[] {
  if (taxCents === 0 || totalCents === 0) return amounts.map(() => 0);
  const shares = amounts.map((a) => Math.floor((taxCents * a) / totalCents));
  const given = shares.slice(0, -1).reduce((s, v) => s + v, 0);
  shares[shares.length - 1] = taxCents - given;
  return shares;
}

/** The UTC day of `at` (midnight). */
export const utcDay = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

const termsInput = z.object({
  parts: z.coerce
    .number({ error: INSTALMENT_MESSAGES.parts })
    .int(INSTALMENT_MESSAGES.parts)
    .min(2, INSTALMENT_MESSAGES.parts)
    .max(12, INSTALMENT_MESSAGES.parts),
  interval: z.enum(["WEEKLY", "MONTHLY"], { error: INSTALMENT_MESSAGES.interval }),
});

export type InstalmentPlanInput = FormInput<{ parts: number; interval: string; firstAmount: number | string }>;

/**
 * Sets (creates or replaces) a track's instalment plan; staff who edit the catalogue (checked by the caller's scope).
 * The first part is in the track's main currency and less than its price, leaving each later part at least one minor
 * unit. Audited `track.instalmentPlan`. Learners' plans already bought keep their own amounts and dates.
 */
export async function setInstalmentPlan(deps: Services, actor: Actor, trackId: string, raw: InstalmentPlanInput) {
  const { prisma } = deps.db;
  const track = await prisma.track.findUnique({ where: { id: trackId }, select: { id: true, priceCents: true, currency: true } });
  if (!track) throw new NotFoundError(INSTALMENT_MESSAGES.notFound);
  const terms = parseInput(termsInput.loose(), raw);
  const { firstAmount } = parseInput(
    z
      .object({
        firstAmount: amountToMinor(INSTALMENT_MESSAGES.firstRequired, INSTALMENT_MESSAGES.firstInvalid(track.currency), track.currency),
      })
      .loose(),
    raw,
  );
  if (track.priceCents === 0) throw ValidationError.forField("firstAmount", INSTALMENT_MESSAGES.freeTrack);
  if (firstAmount === 0) throw ValidationError.forField("firstAmount", INSTALMENT_MESSAGES.firstZero);
  if (!planSchedule({ ...terms, firstAmountCents: firstAmount }, track.priceCents, track.priceCents, new Date()))
    throw ValidationError.forField("firstAmount", INSTALMENT_MESSAGES.firstTooLarge);
  const data = { parts: terms.parts, interval: terms.interval, firstAmountCents: firstAmount };
  const plan = await prisma.$transaction(async (tx) => {
    const before = await tx.instalmentPlan.findUnique({ where: { trackId } });
    const after = await tx.instalmentPlan.upsert({ where: { trackId }, create: { trackId, ...data }, update: data });
    await recordAudit(tx, actor, { action: "track.instalmentPlan", entityType: "Track", entityId: trackId, before, after });
    return after;
  });
  deps.publicCache.clear();
  return plan;
}

/** Removes a track's instalment plan (learners' plans already bought go on); audited `track.instalmentPlan.remove`. */
export async function removeInstalmentPlan(deps: Services, actor: Actor, trackId: string) {
  const { prisma } = deps.db;
  await prisma.$transaction(async (tx) => {
    const track = await tx.track.findUnique({ where: { id: trackId }, select: { id: true } });
    if (!track) throw new NotFoundError(INSTALMENT_MESSAGES.notFound);
    const before = await tx.instalmentPlan.findUnique({ where: { trackId } });
    if (!before) throw new NotFoundError(INSTALMENT_MESSAGES.noPlan);
    await tx.instalmentPlan.delete({ where: { id: before.id } });
    await recordAudit(tx, actor, { action: "track.instalmentPlan.remove", entityType: "Track", entityId: trackId, before, after: null });
  });
  deps.publicCache.clear();
}

/**
 * Inside a checkout transaction (learner and track locked): the learner's plan (PENDING until part 1 is paid) with
 * every part's amount and tax fixed, and the part-1 invoice data. `price` is the checkout's full price (no coupon).
 */
export async function createPaymentPlan(
  tx: Prisma.TransactionClient,
  learnerId: string,
  track: { id: string; currency: string; mainPriceCents: number },
  terms: PlanTerms,
  price: { amountCents: number; taxCents: number },
  now: Date,
) {
  const schedule = planSchedule(terms, track.mainPriceCents, price.amountCents, now);
  if (!schedule) throw new ValidationError(INSTALMENT_MESSAGES.notOffered);
  const amounts = schedule.map((p) => p.amountCents);
  const taxes = splitTax(price.taxCents, amounts, price.amountCents);
  const plan = await tx.paymentPlan.create({
    data: {
      learnerId,
      trackId: track.id,
      currency: track.currency,
      parts: terms.parts,
      interval: terms.interval,
      amountsCents: amounts,
      taxCents: taxes,
    },
  });
  return { plan, first: { amountCents: amounts[0] as number, taxCents: taxes[0] as number } };
}
