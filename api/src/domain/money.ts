import { z } from "zod";
import { currencyRules, DECIMAL_TEXT, decimalText, toMajorUnits, toMinorUnits } from "../../../common/money.ts";

/**
 * Money is stored as integer minor units with its currency (common/money.ts); the API speaks major units (REST's
 * `price`/`amount`, GraphQL's `Money.amount`). `toDollars` is the spec's USD reading, kept for the figures the spec
 * names in dollars; every other amount goes through `toMajorUnits` with its currency.
 */
export const toDollars = (cents: number) => cents / 100;

export { DECIMAL_TEXT, decimalText, toMajorUnits };

/**
 * An amount >= 0 in `currency`'s major units with at most its minor-unit digits (a number, or text as DECIMAL_TEXT
 * allows), as minor units; `required` when it is missing or blank, `invalid` when it is not such an amount or above
 * the currency's maximum (common/money.ts, `maxAmount`).
 */
export const amountToMinor = (required: string, invalid: string, currency: string) =>
  z.union([z.number(), z.string().refine((v) => v.trim() !== "", required)], { error: required }).transform((v, ctx) => {
    const result = toMinorUnits(v, currency);
    if ("minor" in result) return result.minor;
    const digits = currencyRules(currency).digits;
    ctx.addIssue({ code: "custom", message: result.refused === "decimals" ? `Amounts have at most ${digits} decimals.` : invalid });
    return z.NEVER;
  });

/** A dollar amount >= 0 with at most 2 decimals, as cents (amountToMinor in USD). */
export const dollarsToCents = (required: string, invalid: string) => amountToMinor(required, invalid, "USD");

/** What an invoice charges, in cents: the parts an invoice records (subtotalCents, discountCents, taxCents, amountCents). */
export interface PriceParts {
  /** The list price before the discount. */
  subtotalCents: number;
  discountCents: number;
  /** The tax contained in (inclusive) or added to (exclusive) the amount. */
  taxCents: number;
  /** What the learner pays. */
  amountCents: number;
}

/**
 * Prices a sale from the list price, a discount (a coupon's, already capped by its caller or not: it is capped at the
 * price here) and the owner's tax setting (`taxRateBasisPoints`, 750 = 7.5%; inclusive: the price contains the tax;
 * exclusive: the tax is added). Tax is computed on the discounted price and rounded half up to the cent. The server
 * prices every checkout with this; a page's own figure is only ever a preview.
 */
export function priceParts(
  listCents: number,
  discountCents: number,
  tax: { taxRateBasisPoints: number; taxInclusive: boolean },
): PriceParts {
  const discount = Math.min(Math.max(0, Math.round(discountCents)), listCents);
  const net = listCents - discount;
  const rate = tax.taxRateBasisPoints;
  if (rate <= 0 || net === 0) return { subtotalCents: listCents, discountCents: discount, taxCents: 0, amountCents: net };
  if (tax.taxInclusive) {
    // net = base + tax, tax = base * rate / 10000  =>  tax = net * rate / (10000 + rate)
    const taxCents = Math.round((net * rate) / (10_000 + rate));
    return { subtotalCents: listCents, discountCents: discount, taxCents, amountCents: net };
  }
  const taxCents = Math.round((net * rate) / 10_000);
  return { subtotalCents: listCents, discountCents: discount, taxCents, amountCents: net + taxCents };
}
