import { describe, expect, it } from "vitest";
import { leftToRefund, REFUND_MESSAGES, validateRefund } from "./RefundInvoiceDialog.tsx";

describe("refund form rules", () => {
  it("leaves to refund the amount less every refund that did not fail (pending card refunds hold theirs)", () => {
    const refunds = [
      { amount: 10.1, status: "PROCESSED" },
      { amount: 5.2, status: "PENDING" },
      { amount: 30, status: "FAILED" },
    ];
    expect(leftToRefund({ amount: 49.99, refunds })).toBe(34.69);
    expect(leftToRefund({ amount: 10, refunds: [{ amount: 10, status: "PROCESSED" }] })).toBe(0);
  });

  it("needs an amount above 0 with at most 2 decimals, no more than what is left, and a reason", () => {
    expect(validateRefund({ amount: "20.00", reason: "Late" }, 34.69)).toEqual({});
    expect(validateRefund({ amount: "34.69", reason: "Late" }, 34.69)).toEqual({});
    expect(validateRefund({ amount: "34.70", reason: "Late" }, 34.69).amount).toBe(REFUND_MESSAGES.tooMuch(34.69));
    for (const amount of ["", "0", "-1", "1.234", "abc", "1e3"]) {
      expect(validateRefund({ amount, reason: "x" }, 100).amount, amount).toBe(REFUND_MESSAGES.amountInvalid);
    }
    expect(validateRefund({ amount: "1", reason: "  " }, 100).reason).toBe(REFUND_MESSAGES.reason);
  });
});
