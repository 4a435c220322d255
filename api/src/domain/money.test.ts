import { describe, expect, it } from "vitest";
import { CURRENCIES, CURRENCY_CODES, formatMoney, plainAmount, toMajorUnits, toMinorUnits } from "../../../common/money.ts";
import { ValidationError } from "./errors.ts";
import { amountToMinor, dollarsToCents, priceParts } from "./money.ts";
import { parseInput } from "./validation.ts";

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

describe("minor units per currency (common/money.ts)", () => {
  it("knows the five currencies with 2 minor-unit digits each (kobo, pesewas, cents)", () => {
    expect(CURRENCY_CODES).toEqual(["NGN", "GHS", "KES", "ZAR", "USD"]);
    for (const code of CURRENCY_CODES) expect(CURRENCIES[code].digits, code).toBe(2);
  });

  it.each(CURRENCY_CODES)("%s: a major-unit amount, as a number or plain text, becomes integer minor units", (code) => {
    expect(toMinorUnits("150000", code)).toEqual({ minor: 15_000_000 });
    expect(toMinorUnits("1200.5", code)).toEqual({ minor: 120_050 });
    expect(toMinorUnits(0.1 + 0.2, code)).toEqual({ minor: 30 });
    expect(toMinorUnits(19.99, code)).toEqual({ minor: 1_999 });
    expect(toMinorUnits("0", code)).toEqual({ minor: 0 });
    expect(toMinorUnits("1.234", code)).toEqual({ refused: "decimals" });
    for (const bad of ["-1", " 12 ", "0x10", "1e3", "Infinity", "", "12,50"])
      expect(toMinorUnits(bad, code), bad).toEqual({ refused: "invalid" });
    expect(toMinorUnits(-0.01, code)).toEqual({ refused: "invalid" });
    expect(toMinorUnits(Number.NaN, code)).toEqual({ refused: "invalid" });
    expect(toMinorUnits(CURRENCIES[code].maxAmount, code)).toEqual({ minor: CURRENCIES[code].maxAmount * 100 });
    expect(toMinorUnits(CURRENCIES[code].maxAmount + 0.01, code)).toEqual({ refused: "invalid" });
    // Twice the largest amount (a 100% tax added) still fits a PostgreSQL integer of minor units.
    expect(2 * CURRENCIES[code].maxAmount * 100).toBeLessThan(2 ** 31);
    expect(toMajorUnits(120_050, code)).toBe(1200.5);
    expect(plainAmount(120_050, code)).toBe("1200.50");
  });

  it("parses form input per currency, naming the currency's unit in the refusal", () => {
    const naira = amountToMinor("Price is required.", "Price must be a number of naira, 0 or more.", "NGN");
    expect(parseInput(naira, "150000.50")).toBe(15_000_050);
    expect(parseInput(naira, 5_000_000)).toBe(500_000_000);
    const refusal = (value: unknown) => {
      try {
        parseInput(naira, value);
      } catch (error) {
        return (error as ValidationError).message;
      }
      return null;
    };
    expect(refusal("")).toBe("Price is required.");
    expect(refusal("-3")).toBe("Price must be a number of naira, 0 or more.");
    expect(refusal("1.005")).toBe("Amounts have at most 2 decimals.");
    // The dollar reading (the spec's) is the same rule in USD, with its 1,000,000 ceiling.
    expect(parseInput(dollarsToCents("r", "i"), "1000000")).toBe(100_000_000);
    expect(() => parseInput(dollarsToCents("r", "i"), "1000000.01")).toThrow(ValidationError);
    expect(parseInput(naira, "1000000.01")).toBe(100_000_001);
  });
});

describe("formatMoney (common/money.ts)", () => {
  // ICU's strings may change a little between Node versions (20, 22): these check the symbol, the digits and the
  // separators chosen, and are the same on both (ICU 78 here).
  const NBSP = "\u00a0";
  it.each([
    ["NGN", 15_000_000, "₦150,000.00"],
    ["GHS", 120_000, "GH₵1,200.00"],
    ["KES", 1_500_000, `KSh${NBSP}15,000.00`],
    ["ZAR", 250_000, `R${NBSP}2,500.00`],
    ["USD", 45_000, "$450.00"],
  ])("%s %i is %s", (currency, minor, expected) => {
    expect(formatMoney(minor, currency)).toBe(expected);
  });

  it("writes grouping commas and a decimal point with the currency's digits, and a sign before the symbol", () => {
    expect(formatMoney(123_456_789, "USD")).toBe("$1,234,567.89");
    expect(formatMoney(5, "NGN")).toBe("₦0.05");
    expect(formatMoney(0, "GHS")).toBe("GH₵0.00");
    expect(formatMoney(-5_000, "USD")).toBe("-$50.00");
    expect(formatMoney(-5_000, "KES")).toBe(`-KSh${NBSP}50.00`);
  });

  it("takes another locale when asked, and the symbol stays the currency's", () => {
    expect(formatMoney(250_000, "ZAR", "en-ZA")).toMatch(/^R\s2\s500,00$/u);
    expect(formatMoney(1_500_000, "KES", "en")).toBe(`KSh${NBSP}15,000.00`);
  });
});
