import { describe, expect, it } from "vitest";
import { priceParts } from "./money.ts";

const noTax = { taxRateBasisPoints: 0, taxInclusive: true };

describe("priceParts", () => {
  it("without tax the learner pays the list price less the discount", () => {
    expect(priceParts(45_000, 0, noTax)).toEqual({ subtotalCents: 45_000, discountCents: 0, taxCents: 0, amountCents: 45_000 });
    expect(priceParts(45_000, 4_500, noTax)).toEqual({ subtotalCents: 45_000, discountCents: 4_500, taxCents: 0, amountCents: 40_500 });
  });

  it("a discount larger than the price makes it free, never negative", () => {
    expect(priceParts(1_000, 5_000, noTax)).toEqual({ subtotalCents: 1_000, discountCents: 1_000, taxCents: 0, amountCents: 0 });
    expect(priceParts(1_000, -50, noTax).discountCents).toBe(0);
  });

  it("an inclusive rate is contained in the amount, computed on the discounted price", () => {
    // 7.5% inside 107.50 is 7.50
    expect(priceParts(10_750, 0, { taxRateBasisPoints: 750, taxInclusive: true })).toEqual({
      subtotalCents: 10_750,
      discountCents: 0,
      taxCents: 750,
      amountCents: 10_750,
    });
    // 20% inside 40.00 (50.00 less 10.00) is 6.67 (6.666.. rounded)
    expect(priceParts(5_000, 1_000, { taxRateBasisPoints: 2_000, taxInclusive: true }).taxCents).toBe(667);
  });

  it("an exclusive rate is added to the discounted price, rounded to the cent", () => {
    expect(priceParts(10_000, 0, { taxRateBasisPoints: 750, taxInclusive: false })).toEqual({
      subtotalCents: 10_000,
      discountCents: 0,
      taxCents: 750,
      amountCents: 10_750,
    });
    expect(priceParts(999, 0, { taxRateBasisPoints: 1_650, taxInclusive: false })).toEqual({
      subtotalCents: 999,
      discountCents: 0,
      taxCents: 165,
      amountCents: 1_164,
    });
    expect(priceParts(1_000, 1_000, { taxRateBasisPoints: 1_650, taxInclusive: false }).amountCents).toBe(0);
  });
});
