import { useSyncExternalStore } from "react";
import { CURRENCIES, type CurrencyCode, isCurrencyCode } from "../../../../common/money.ts";
import type { MoneyValue } from "../../shared/format/format.ts";

/**
 * The currency a learner picked on this browser (docs/product.md, Storage keys: `learnerCurrency`): prices in the
 * catalogue, on the track page and at checkout show in it where a track is sold in it, in the business currency
 * otherwise (docs/ARCHITECTURE.md, "Currencies"). Nothing stored means the business currency.
 */
export const CURRENCY_KEY = "learnerCurrency";

// `storage` events only reach other tabs; this one tells this tab's components that the choice changed.
const CURRENCY_CHANGED = "learnhub:currency-changed";

function subscribe(onChange: () => void) {
  window.addEventListener("storage", onChange);
  window.addEventListener(CURRENCY_CHANGED, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CURRENCY_CHANGED, onChange);
  };
}

function readChoice(): CurrencyCode | null {
  const stored = localStorage.getItem(CURRENCY_KEY);
  return isCurrencyCode(stored) ? stored : null;
}

/** Remembers the learner's currency (null forgets it: the business currency again). */
export function chooseCurrency(currency: CurrencyCode | null) {
  if (currency) localStorage.setItem(CURRENCY_KEY, currency);
  else localStorage.removeItem(CURRENCY_KEY);
  window.dispatchEvent(new Event(CURRENCY_CHANGED));
}

/** The learner's stored currency, re-read when it changes (in this tab or another); null when none was picked. */
export function useChosenCurrency(): CurrencyCode | null {
  return useSyncExternalStore(subscribe, readChoice, () => null);
}

/** What a price reads of a track: its main price (business currency) and every price it is sold at (Track.prices). */
export interface TrackPrices {
  readonly priceMoney: MoneyValue;
  readonly prices: readonly MoneyValue[];
}

export interface ShownPrice {
  /** The price to show and to check out in. */
  price: MoneyValue;
  /** The currency the learner picked, when the track is not sold in it (the price is then the business currency's); null for a free track. */
  notSoldIn: CurrencyCode | null;
}

/** A track's price in the chosen currency, or its main (business-currency) price when it is not sold in it. */
export function priceIn(track: TrackPrices, chosen: CurrencyCode | null): ShownPrice {
  if (!chosen || chosen === track.priceMoney.currency) return { price: track.priceMoney, notSoldIn: null };
  const found = track.prices.find((p) => p.currency === chosen);
  // A free track is free in any currency: nothing to say.
  return found ? { price: found, notSoldIn: null } : { price: track.priceMoney, notSoldIn: track.priceMoney.minor === 0 ? null : chosen };
}

/** Said beside a price shown in the business currency because the track is not sold in the learner's: "Not sold in GHS; price in NGN." */
export const notSoldText = (chosen: string, shown: string) => `Not sold in ${chosen}; price in ${shown}.`;

/** A currency as the switcher lists it: "GHS · Ghanaian cedi". */
export const currencyLabel = (code: CurrencyCode) => `${code} · ${CURRENCIES[code].name}`;
