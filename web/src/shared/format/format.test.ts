import { describe, expect, it } from "vitest";
import { formatMoney, formatPrice } from "./format.ts";

describe("money", () => {
  it("shows a price of 0 as 'Free' and any other in dollars with 2 decimals, on both sites", () => {
    expect(formatPrice(0)).toBe("Free");
    expect(formatPrice(350)).toBe("$350.00");
    expect(formatPrice(1499.99)).toBe("$1,499.99");
    expect(formatPrice(0.5)).toBe("$0.50");
  });

  it("shows amounts (invoices, revenue) in dollars, 0 included", () => {
    expect(formatMoney(0)).toBe("$0.00");
    expect(formatMoney(345.49)).toBe("$345.49");
  });
});
