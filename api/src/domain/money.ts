import { z } from "zod";

/** Money is stored as integer cents; the API speaks dollars with 2 decimals. */
export const toDollars = (cents: number) => cents / 100;

/**
 * How an amount may be written as text: plain decimal digits with an optional fraction ("12", "12.5", "12.50").
 * `Number()` alone would also take "0x10" (16), "1e3", " 12 " and "Infinity".
 */
export const DECIMAL_TEXT = /^\d{1,15}(\.\d{1,15})?$/;

/** A dollar amount written as text, as a number, or NaN when it is not plain decimal digits. */
export const decimalText = (text: string) => (DECIMAL_TEXT.test(text) ? Number(text) : Number.NaN);

/** A dollar amount >= 0 with at most 2 decimals, as cents. */
export const dollarsToCents = (required: string, invalid: string) =>
  z
    .union([z.number(), z.string().refine((v) => v.trim() !== "", required)], { error: required })
    .transform((v) => (typeof v === "string" ? decimalText(v) : v))
    .pipe(
      z
        .number({ error: invalid })
        .refine(Number.isFinite, invalid)
        .min(0, invalid)
        .max(1_000_000, invalid)
        .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, "Amounts have at most 2 decimals."),
    )
    .transform((v) => Math.round(v * 100));

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
