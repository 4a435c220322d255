import { z } from "zod";

/** Money is stored as integer cents; the API speaks dollars with 2 decimals. */
export const toDollars = (cents: number) => cents / 100;

/** A dollar amount >= 0 with at most 2 decimals, as cents. */
export const dollarsToCents = (required: string, invalid: string) =>
  z
    .union([z.number(), z.string().trim().min(1, required)], { error: required })
    .transform((v) => (typeof v === "string" ? Number(v) : v))
    .pipe(
      z
        .number({ error: invalid })
        .refine(Number.isFinite, invalid)
        .min(0, invalid)
        .max(1_000_000, invalid)
        .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, "Amounts have at most 2 decimals."),
    )
    .transform((v) => Math.round(v * 100));
