import { describe, expect, it } from "vitest";
import { formatMoney, formatMoneys, formatPrice } from "./format.ts";

const usd = (minor: number) => ({ minor, currency: "USD" });

describe("money", () => {
  it("shows a price of 0 as 'Free' and any other in dollars with 2 decimals, on both sites", () => {
    expect(formatPrice(usd(0))).toBe("Free");
    expect(formatPrice(usd(35_000))).toBe("$350.00");
    expect(formatPrice(usd(149_999))).toBe("$1,499.99");
    expect(formatPrice(usd(50))).toBe("$0.50");
  });

  it("shows amounts (invoices, revenue) in dollars, 0 included", () => {
    expect(formatMoney(usd(0))).toBe("$0.00");
    expect(formatMoney(usd(34_549))).toBe("$345.49");
  });

  it("shows every currency with its own symbol and locale, a free track in any currency as 'Free'", () => {
    expect(formatMoney({ minor: 15_000_000, currency: "NGN" })).toBe("₦150,000.00");
    expect(formatMoney({ minor: 120_000, currency: "GHS" })).toBe("GH₵1,200.00");
    expect(formatMoney({ minor: 1_500_000, currency: "KES" })).toBe("KSh\u00a015,000.00");
    expect(formatMoney({ minor: 250_000, currency: "ZAR" })).toBe("R\u00a02,500.00");
    expect(formatPrice({ minor: 0, currency: "NGN" })).toBe("Free");
    expect(formatPrice({ minor: 5, currency: "GHS" })).toBe("GH₵0.05");
  });

  it("writes totals in several currencies side by side, never added, and the zero of the given currency when none", () => {
    expect(formatMoneys([{ minor: 15_000_000, currency: "NGN" }, usd(2_000)], usd(0))).toBe("₦150,000.00 · $20.00");
    expect(formatMoneys([], { minor: 0, currency: "NGN" })).toBe("₦0.00");
  });
});
