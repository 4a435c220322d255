import { randomInt } from "node:crypto";
import { z } from "zod";
import { COUPON_MESSAGES } from "../../../../common/coupons.ts";
import { CURRENCIES, CURRENCY_CODES, formatMoney } from "../../../../common/money.ts";
import type { Prisma } from "../../db/client.ts";
import type { Coupon } from "../../generated/prisma/client.ts";
import { priceIn, TRACK_PRICES } from "../catalogue/prices.ts";
import type { DomainServices as Services } from "../deps.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import { priceParts } from "../money.ts";
import { hit, LIMITS } from "../rate-limit.ts";
import { csv } from "../reports/report.ts";
import { businessCurrency, businessIdentity } from "../settings/settings.ts";
import { type Actor, recordAudit } from "../staff/audit.ts";
import { type FormInput, parseInput } from "../validation.ts";

/**
 * Coupons (docs/ARCHITECTURE.md, "Coupons"): a code takes a percentage or a fixed amount off a track's price. A
 * checkout that applies one makes a redemption beside its invoice, RESERVED while the invoice is pending; a trigger
 * makes it follow the invoice (REDEEMED when paid, RELEASED when abandoned, voided, expired or failed). The caps count
 * RESERVED + REDEEMED under the coupon's row lock, so they hold under concurrent checkouts on any number of instances.
 */
// The messages are shared with the coupon forms and the checkout's coupon field (common/coupons.ts).
export { COUPON_MESSAGES };

/** Codes as learners type them: upper-cased, spaces around dropped. */
export const normaliseCode = (code: string) => code.trim().toUpperCase();

const CODE = /^[A-Z0-9][A-Z0-9-]{1,38}[A-Z0-9]$/;

/** What a coupon takes off a list price, in minor units of the price's currency (never more than the price). */
export function couponDiscount(coupon: Pick<Coupon, "kind" | "value">, listCents: number): number {
  const off = coupon.kind === "PERCENT" ? Math.round((listCents * coupon.value) / 100) : coupon.value;
  return Math.min(off, listCents);
}

/** A coupon the checkout cannot take: a 400 naming the coupon field, so the page shows it under the code. */
const refuse = (message: string) => ValidationError.forField("coupon", message);

type Db = Prisma.TransactionClient | Services["db"]["prisma"];

/** What a coupon is tried on: a track, sold in a currency (a fixed amount applies only in its own currency). */
export interface Sale {
  trackId: string;
  currency: string;
}

/**
 * The coupon a learner may apply to a track in a currency now, or the refusal (each a 4xx with its message). With
 * `lock` (inside a checkout transaction) the coupon's row is locked first, so the counts it reads hold until the
 * invoice is made.
 */
export async function usableCoupon(
  db: Db,
  rawCode: string,
  sale: Sale,
  learnerId: string | null,
  options: { lock?: boolean } = {},
): Promise<Coupon> {
  const { trackId } = sale;
  const code = normaliseCode(rawCode);
  if (!code || code.length > 40) throw refuse(COUPON_MESSAGES.unknown);
  if (options.lock) await db.$executeRaw`SELECT 1 FROM "Coupon" WHERE "code" = ${code} FOR UPDATE`;
  const coupon = await db.coupon.findUnique({ where: { code }, include: { tracks: { select: { trackId: true } } } });
  if (!coupon) throw refuse(COUPON_MESSAGES.unknown);
  if (!coupon.active) throw refuse(COUPON_MESSAGES.deactivated);
  const now = Date.now();
  if (coupon.startsAt && coupon.startsAt.getTime() > now) throw refuse(COUPON_MESSAGES.notStarted);
  if (coupon.endsAt && coupon.endsAt.getTime() <= now) throw refuse(COUPON_MESSAGES.expired);
  if (!coupon.allTracks && !coupon.tracks.some((t) => t.trackId === trackId)) throw refuse(COUPON_MESSAGES.notForTrack);
  if (coupon.kind === "FIXED" && coupon.currency !== sale.currency)
    throw refuse(COUPON_MESSAGES.otherCurrency(formatMoney(coupon.value, coupon.currency ?? "USD"), sale.currency));
  const counting = { couponId: coupon.id, state: { in: ["RESERVED", "REDEEMED"] as const } } satisfies Prisma.CouponRedemptionWhereInput;
  // The learner's own open checkout of this track with this coupon is reused (or left to lapse) by a repeated
  // checkout: it does not count against them a second time.
  const ownOpen = learnerId
    ? await db.couponRedemption.count({ where: { couponId: coupon.id, learnerId, state: "RESERVED", invoice: { trackId } } })
    : 0;
  if (learnerId && coupon.oncePerLearner && (await db.couponRedemption.count({ where: { ...counting, learnerId } })) - ownOpen > 0)
    throw refuse(COUPON_MESSAGES.alreadyUsed);
  if (coupon.maxRedemptions !== null && (await db.couponRedemption.count({ where: counting })) - ownOpen >= coupon.maxRedemptions)
    throw refuse(COUPON_MESSAGES.usedUp);
  const { tracks: _tracks, ...plain } = coupon;
  return plain;
}

/** The owner's tax setting, read once per checkout (before its transaction). */
export type TaxSetting = { taxRateBasisPoints: number; taxInclusive: boolean };

export const taxSetting = (deps: Pick<Services, "db">): Promise<TaxSetting> => businessIdentity(deps);

/** The invoice fields of a price: its parts and the coupon (id and code as text). */
export function invoicePrice(track: { priceCents: number }, coupon: Coupon | null, tax: TaxSetting) {
  const parts = priceParts(track.priceCents, coupon ? couponDiscount(coupon, track.priceCents) : 0, tax);
  return { ...parts, couponId: coupon?.id ?? null, couponCode: coupon?.code ?? null };
}

/**
 * Inside a checkout transaction (learner and track rows already locked): the coupon checked again under its row lock
 * and the price the invoice records, for the track at its price in the checkout's currency. The page's figure is
 * never used.
 */
export async function priceWithin(
  tx: Prisma.TransactionClient,
  track: { id: string; priceCents: number; currency: string },
  learnerId: string,
  code: string | null | undefined,
  tax: TaxSetting,
) {
  const coupon = code?.trim()
    ? await usableCoupon(tx, code, { trackId: track.id, currency: track.currency }, learnerId, { lock: true })
    : null;
  return invoicePrice(track, coupon, tax);
}

/**
 * For an abandoned checkout being paid late (its coupon use was RELEASED when it was abandoned, so another checkout may
 * have taken it since): the coupon's code when paying it now goes over the coupon's cap or its once-per-learner rule,
 * else null. Locks the coupon's row like a checkout does, so the counts hold until the settlement commits. The money
 * was taken either way: the settlement goes ahead and finance is told (see settle.ts).
 */
export async function couponOverLimit(db: Db, couponId: string, invoiceId: string, learnerId: string | null): Promise<string | null> {
  await db.$executeRaw`SELECT 1 FROM "Coupon" WHERE "id" = ${couponId}::uuid FOR UPDATE`;
  const coupon = await db.coupon.findUnique({
    where: { id: couponId },
    select: { code: true, maxRedemptions: true, oncePerLearner: true },
  });
  if (!coupon) return null;
  const others = {
    couponId,
    invoiceId: { not: invoiceId },
    state: { in: ["RESERVED", "REDEEMED"] as const },
  } satisfies Prisma.CouponRedemptionWhereInput;
  if (coupon.maxRedemptions !== null && (await db.couponRedemption.count({ where: others })) >= coupon.maxRedemptions) return coupon.code;
  if (coupon.oncePerLearner && learnerId && (await db.couponRedemption.count({ where: { ...others, learnerId } })) > 0) return coupon.code;
  return null;
}

/** Records the coupon's use by the invoice just made (RESERVED; the trigger moves it with the invoice's status). */
export async function reserveCoupon(db: Db, couponId: string, learnerId: string, invoiceId: string) {
  await db.couponRedemption.create({ data: { couponId, learnerId, invoiceId } });
}

/** One code tried by a learner, on the checkout page's quote or at checkout: both count against the same tries. */
export const countCouponTry = (deps: Services, learnerId: string) =>
  hit(deps, `coupon-quote:learner:${learnerId}`, LIMITS.couponQuotePerLearner);

/**
 * The checkout page's preview: list price, discount, tax and total for a track in a currency (the business one when
 * omitted) with an optional code, checked as the checkout will check it (the checkout recomputes it; the page's figure
 * is never trusted). A currency the track is not sold in is refused as the checkout refuses it.
 */
export async function checkoutQuote(
  deps: Services,
  learnerId: string | null,
  trackId: string,
  code: string | null | undefined,
  currency?: string | null,
) {
  if (learnerId && code?.trim()) await countCouponTry(deps, learnerId);
  const track = await deps.db.prisma.track.findUnique({
    where: { id: trackId, status: "PUBLISHED", archivedAt: null },
    include: { prices: TRACK_PRICES },
  });
  if (!track) throw new NotFoundError(COUPON_MESSAGES.trackNotFound);
  const price = priceIn(track, currency);
  const coupon = code?.trim() ? await usableCoupon(deps.db.prisma, code, { trackId: track.id, currency: price.currency }, learnerId) : null;
  return { ...invoicePrice(price, coupon, await taxSetting(deps)), currency: price.currency };
}

// ---- Staff: create, deactivate, bulk codes --------------------------------------------------------------------------

const optionalDate = z.date({ error: "Dates look like 2026-01-31." }).nullish();

const couponInput = z
  .object({
    code: z.string({ error: COUPON_MESSAGES.code }).transform(normaliseCode).pipe(z.string().regex(CODE, COUPON_MESSAGES.code)),
    kind: z.enum(["PERCENT", "FIXED"], { error: COUPON_MESSAGES.kind }),
    /** PERCENT: the percentage; FIXED: minor units of `currency`. */
    value: z.number({ error: COUPON_MESSAGES.amount }).int(COUPON_MESSAGES.amount),
    /** FIXED: the currency of its amount (the business currency when omitted); a percentage ignores it (any currency). */
    currency: z.enum(CURRENCY_CODES, { error: COUPON_MESSAGES.currency }).nullish(),
    allTracks: z.boolean().default(true),
    trackIds: z.array(z.string().uuid(COUPON_MESSAGES.trackNotFound)).max(500).nullish(),
    startsAt: optionalDate,
    endsAt: optionalDate,
    maxRedemptions: z
      .number({ error: COUPON_MESSAGES.cap })
      .int(COUPON_MESSAGES.cap)
      .min(1, COUPON_MESSAGES.cap)
      .max(1_000_000, COUPON_MESSAGES.cap)
      .nullish(),
    oncePerLearner: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "PERCENT" && (v.value < 1 || v.value > 100))
      ctx.addIssue({ code: "custom", path: ["value"], message: COUPON_MESSAGES.percent });
    if (v.kind === "FIXED" && (v.value < 1 || v.value > CURRENCIES[v.currency ?? "USD"].maxAmount * 100))
      ctx.addIssue({ code: "custom", path: ["value"], message: COUPON_MESSAGES.amount });
    if (!v.allTracks && !v.trackIds?.length) ctx.addIssue({ code: "custom", path: ["trackIds"], message: COUPON_MESSAGES.tracks });
    if (v.startsAt && v.endsAt && v.startsAt >= v.endsAt)
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: COUPON_MESSAGES.dates });
  });

export type CouponInput = FormInput<z.input<typeof couponInput>>;

async function checkTracks(tx: Prisma.TransactionClient, trackIds: string[]) {
  const found = await tx.track.count({ where: { id: { in: trackIds } } });
  if (found !== new Set(trackIds).size) throw ValidationError.forField("trackIds", COUPON_MESSAGES.trackNotFound);
}

const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === "P2002";

/**
 * Finance or an owner creates a coupon (audited `coupon.create`). A fixed amount is in one currency (the business
 * currency unless named) and applies only to checkouts in it; a percentage applies in any currency.
 */
export async function createCoupon(deps: Services, actor: Actor, raw: CouponInput) {
  const fixedIn = raw.kind === "FIXED" ? (raw.currency ?? (await businessCurrency(deps))) : null;
  const input = parseInput(couponInput, { ...raw, currency: fixedIn });
  const currency = input.kind === "FIXED" ? (input.currency ?? null) : null;
  const trackIds = input.allTracks ? [] : [...new Set(input.trackIds ?? [])];
  try {
    return await deps.db.prisma.$transaction(async (tx) => {
      if (trackIds.length) await checkTracks(tx, trackIds);
      const coupon = await tx.coupon.create({
        data: {
          code: input.code,
          kind: input.kind,
          value: input.value,
          currency,
          allTracks: input.allTracks,
          startsAt: input.startsAt ?? null,
          endsAt: input.endsAt ?? null,
          maxRedemptions: input.maxRedemptions ?? null,
          oncePerLearner: input.oncePerLearner,
          tracks: { create: trackIds.map((trackId) => ({ trackId })) },
        },
      });
      await recordAudit(tx, actor, {
        action: "coupon.create",
        entityType: "Coupon",
        entityId: coupon.id,
        after: { ...coupon, trackIds },
      });
      return coupon;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw ValidationError.forField("code", COUPON_MESSAGES.codeTaken);
    throw error;
  }
}

/** Deactivates a coupon (never deleted: invoices keep it); audited `coupon.deactivate`. Open checkouts keep their price. */
export async function deactivateCoupon(deps: Services, actor: Actor, id: string) {
  return deps.db.prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT 1 FROM "Coupon" WHERE "id" = ${id}::uuid FOR UPDATE`;
    const before = await tx.coupon.findUnique({ where: { id } });
    if (!before) throw new NotFoundError(COUPON_MESSAGES.notFound);
    if (!before.active) throw new ConflictError(COUPON_MESSAGES.alreadyInactive);
    const after = await tx.coupon.update({ where: { id }, data: { active: false } });
    await recordAudit(tx, actor, { action: "coupon.deactivate", entityType: "Coupon", entityId: id, before, after });
    return after;
  });
}

/** No 0/O, 1/I/L: codes read aloud or copied from paper stay unambiguous. */
export const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** A random code of `length` characters from CODE_ALPHABET (crypto.randomInt: uniform, cryptographically random). */
export function randomCode(length = 10): string {
  let code = "";
  for (let i = 0; i < length; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

const batchInput = z.object({
  organisation: z
    .string({ error: COUPON_MESSAGES.organisation })
    .trim()
    .min(1, COUPON_MESSAGES.organisation)
    .max(120, COUPON_MESSAGES.organisation),
  trackId: z.string({ error: COUPON_MESSAGES.trackNotFound }).uuid(COUPON_MESSAGES.trackNotFound),
  count: z
    .number({ error: COUPON_MESSAGES.count })
    .int(COUPON_MESSAGES.count)
    .min(1, COUPON_MESSAGES.count)
    .max(1000, COUPON_MESSAGES.count),
  /** Defaults to 100 (the sponsor pays the whole price). */
  percent: z
    .number({ error: COUPON_MESSAGES.percent })
    .int(COUPON_MESSAGES.percent)
    .min(1, COUPON_MESSAGES.percent)
    .max(100, COUPON_MESSAGES.percent)
    .nullish(),
  endsAt: optionalDate,
});

export type BatchInput = FormInput<z.input<typeof batchInput>>;

/**
 * Bulk codes for a sponsor: N single-use codes (cap 1, once per learner) for one organisation and track, each a
 * percentage off (100 unless given), made in one transaction with one audit entry `coupon.batch`.
 */
export async function generateCouponBatch(deps: Services, actor: Actor, raw: BatchInput) {
  const input = parseInput(batchInput, raw);
  return deps.db.prisma.$transaction(async (tx) => {
    await checkTracks(tx, [input.trackId]);
    const batch = await tx.couponBatch.create({ data: { organisation: input.organisation, trackId: input.trackId, count: input.count } });
    const codes = new Set<string>();
    while (codes.size < input.count) codes.add(`${randomCode(4)}-${randomCode(4)}-${randomCode(4)}`);
    // 31^12 codes: a clash with an existing code is all but impossible; skipDuplicates plus the count check makes it an error, not a silent short batch.
    const made = await tx.coupon.createMany({
      data: [...codes].map((code) => ({
        code,
        kind: "PERCENT" as const,
        value: input.percent ?? 100,
        allTracks: false,
        endsAt: input.endsAt ?? null,
        maxRedemptions: 1,
        oncePerLearner: true,
        batchId: batch.id,
      })),
      skipDuplicates: true,
    });
    if (made.count !== input.count) throw new ConflictError("Some generated codes already existed; please try again.");
    const coupons = await tx.coupon.findMany({ where: { batchId: batch.id }, select: { id: true } });
    await tx.couponTrack.createMany({ data: coupons.map((c) => ({ couponId: c.id, trackId: input.trackId })) });
    await recordAudit(tx, actor, {
      action: "coupon.batch",
      entityType: "CouponBatch",
      entityId: batch.id,
      after: { organisation: input.organisation, trackId: input.trackId, count: input.count, percent: input.percent ?? 100 },
    });
    return batch;
  });
}

/** A batch's codes as CSV: code, state (unused, reserved, redeemed, deactivated), redeemed by, redeemed at. */
export async function batchCsv(deps: Pick<Services, "db">, batchId: string): Promise<string> {
  const batch = await deps.db.prisma.couponBatch.findUnique({ where: { id: batchId } });
  if (!batch) throw new NotFoundError(COUPON_MESSAGES.batchNotFound);
  const coupons = await deps.db.prisma.coupon.findMany({
    where: { batchId },
    orderBy: { code: "asc" },
    include: {
      redemptions: {
        where: { state: { in: ["RESERVED", "REDEEMED"] } },
        include: { learner: { select: { email: true } } },
        orderBy: { createdAt: "asc" },
        take: 1,
      },
    },
  });
  return csv([
    ["code", "state", "redeemed by", "redeemed at"],
    ...coupons.map((c) => {
      const use = c.redemptions[0];
      const state = use ? use.state.toLowerCase() : c.active ? "unused" : "deactivated";
      return [c.code, state, use?.learner?.email ?? "", use?.state === "REDEEMED" ? use.updatedAt.toISOString() : ""];
    }),
  ]);
}
