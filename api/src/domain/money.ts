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
