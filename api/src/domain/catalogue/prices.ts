import { z } from "zod";
import { CURRENCY_CODES, type CurrencyCode, isCurrencyCode } from "../../../../common/money.ts";
import type { DomainServices as Services } from "../deps.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import { amountToMinor } from "../money.ts";
import { lockBusinessCurrency } from "../settings/settings.ts";
import { type Actor, recordAudit } from "../staff/audit.ts";
import { type FormInput, parseInput } from "../validation.ts";
import { TRACK_MESSAGES } from "./tracks.ts";

/**
 * A track's prices (docs/ARCHITECTURE.md, "Money"): its main price (`Track.priceCents`) is in the business currency,
 * and staff who edit the catalogue may give it explicit prices in further currencies (`TrackPrice`). A track is sold
 * in currency C when C is the business currency or it has a price in C; there are no exchange rates.
 */

export const TRACK_PRICE_MESSAGES = {
  currency: "Choose a currency: NGN, GHS, KES, ZAR or USD.",
  businessCurrency: (currency: string) => `${currency} is the business currency: change the track's main price instead.`,
  amountRequired: "Price is required.",
  invalidAmount: TRACK_MESSAGES.invalidPriceIn,
  notFound: TRACK_MESSAGES.notFound,
  noPrice: (currency: string) => `This track has no ${currency} price.`,
  notSold: (currency: string, sold: string[]) => `This track is not sold in ${currency}; it is sold in ${sold.join(", ")}.`,
} as const;

/** A price as the domain hands it out: minor units of its currency. */
export interface PriceIn {
  currency: CurrencyCode;
  priceCents: number;
}

/** What the price functions read of a track: its main price (business currency) and its explicit prices. */
export interface PricedTrack {
  priceCents: number;
  currency: string;
  prices?: { currency: string; amountCents: number }[];
}

/** Every price a track is sold at: the main one (business currency) first, then the others in the order of CURRENCY_CODES. */
export function trackPrices(track: PricedTrack): PriceIn[] {
  const main: PriceIn = { currency: track.currency as CurrencyCode, priceCents: track.priceCents };
  const others = (track.prices ?? [])
    .filter((p) => p.currency !== track.currency && isCurrencyCode(p.currency))
    .map((p) => ({ currency: p.currency as CurrencyCode, priceCents: p.amountCents }))
    .sort((a, b) => CURRENCY_CODES.indexOf(a.currency) - CURRENCY_CODES.indexOf(b.currency));
  return [main, ...others];
}

/**
 * The price a checkout in `currency` pays (the business currency when null or omitted), or a ValidationError on the
 * `currency` field naming what the track is sold in: nothing is made for a currency the track is not sold in.
 */
export function priceIn(track: PricedTrack, currency: string | null | undefined): PriceIn {
  const prices = trackPrices(track);
  const wanted = currency ?? track.currency;
  const found = prices.find((p) => p.currency === wanted);
  if (!found)
    throw ValidationError.forField(
      "currency",
      TRACK_PRICE_MESSAGES.notSold(
        wanted,
        prices.map((p) => p.currency),
      ),
    );
  return found;
}

/**
 * The currencies the learner site offers (its currency switcher): the business currency first, then every other
 * currency a published, active track has its own price in, in the order of CURRENCY_CODES. One statement.
 */
export async function currenciesOnSale(deps: Pick<Services, "db">, businessCurrency: string): Promise<CurrencyCode[]> {
  const rows = await deps.db.prisma.trackPrice.findMany({
    where: { track: { status: "PUBLISHED", archivedAt: null } },
    select: { currency: true },
    distinct: ["currency"],
  });
  const others = new Set(rows.map((r) => r.currency).filter((c) => c !== businessCurrency));
  return [businessCurrency as CurrencyCode, ...CURRENCY_CODES.filter((c) => others.has(c))];
}

/** The prices a track is read with (a Prisma `include`/`select` of the relation), in one statement with the track. */
export const TRACK_PRICES = { select: { currency: true, amountCents: true }, orderBy: { currency: "asc" as const } };

const currencyField = z.enum(CURRENCY_CODES, { error: TRACK_PRICE_MESSAGES.currency });

export type TrackPriceInput = FormInput<{ currency: string; amount: number | string }>;

/**
 * Sets (creates or replaces) a track's price in a currency other than the business one; audited `track.price`. The
 * business currency is read under a share lock on the settings row, so a change of it waits for this price or this
 * price sees the change (and is refused when its currency became the business one).
 */
export async function setTrackPrice(deps: Services, actor: Actor, trackId: string, raw: TrackPriceInput) {
  const { currency } = parseInput(z.object({ currency: currencyField }).loose(), raw);
  const { amount } = parseInput(
    z
      .object({ amount: amountToMinor(TRACK_PRICE_MESSAGES.amountRequired, TRACK_PRICE_MESSAGES.invalidAmount(currency), currency) })
      .loose(),
    raw,
  );
  const { prisma } = deps.db;
  const price = await prisma.$transaction(async (tx) => {
    if (currency === (await lockBusinessCurrency(tx)))
      throw ValidationError.forField("currency", TRACK_PRICE_MESSAGES.businessCurrency(currency));
    const track = await tx.track.findUnique({ where: { id: trackId }, select: { id: true } });
    if (!track) throw new NotFoundError(TRACK_PRICE_MESSAGES.notFound);
    const before = await tx.trackPrice.findUnique({ where: { trackId_currency: { trackId, currency } } });
    const after = await tx.trackPrice.upsert({
      where: { trackId_currency: { trackId, currency } },
      create: { trackId, currency, amountCents: amount },
      update: { amountCents: amount },
    });
    await recordAudit(tx, actor, { action: "track.price", entityType: "Track", entityId: trackId, before, after });
    return after;
  });
  deps.publicCache.clear();
  return price;
}

/** Removes a track's price in a currency (it is no longer sold in it; open invoices keep theirs); audited `track.price.remove`. */
export async function removeTrackPrice(deps: Services, actor: Actor, trackId: string, raw: { currency?: string | null }) {
  const { currency } = parseInput(z.object({ currency: currencyField }), raw);
  const { prisma } = deps.db;
  await prisma.$transaction(async (tx) => {
    const track = await tx.track.findUnique({ where: { id: trackId }, select: { id: true } });
    if (!track) throw new NotFoundError(TRACK_PRICE_MESSAGES.notFound);
    const before = await tx.trackPrice.findUnique({ where: { trackId_currency: { trackId, currency } } });
    if (!before) throw new NotFoundError(TRACK_PRICE_MESSAGES.noPrice(currency));
    await tx.trackPrice.delete({ where: { id: before.id } });
    await recordAudit(tx, actor, { action: "track.price.remove", entityType: "Track", entityId: trackId, before, after: null });
  });
  deps.publicCache.clear();
  return { trackId, currency };
}
