import { describe, expect, it } from "vitest";
import { previewDueOn, previewSchedule } from "./instalmentPreview.ts";

describe("the instalment plan editor's preview (docs/payments.md, Instalments)", () => {
  it("takes the first part, splits the rest evenly and lets the last part absorb the rounding", () => {
    const parts = previewSchedule(
      { parts: 3, interval: "MONTHLY", firstMinor: 50_000_00 },
      150_000_01,
      "NGN",
      new Date("2026-01-31T12:00:00Z"),
    );
    expect(parts).toEqual([
      { number: 1, amount: "₦50,000.00", dueOn: "2026-01-31" },
      { number: 2, amount: "₦50,000.00", dueOn: "2026-02-28" },
      { number: 3, amount: "₦50,000.01", dueOn: "2026-03-31" },
    ]);
  });

  it("dates weekly parts 7 days apart", () => {
    expect([0, 1, 2].map((k) => previewDueOn(new Date("2026-12-28T00:00:00Z"), "WEEKLY", k))).toEqual([
      "2026-12-28",
      "2027-01-04",
      "2027-01-11",
    ]);
  });

  it("offers nothing for a first part of 0, or one that leaves a later part without a minor unit", () => {
    expect(previewSchedule({ parts: 3, interval: "WEEKLY", firstMinor: 0 }, 10_000, "USD")).toBeNull();
    expect(previewSchedule({ parts: 3, interval: "WEEKLY", firstMinor: 9_999 }, 10_000, "USD")).toBeNull();
    expect(previewSchedule({ parts: 3, interval: "WEEKLY", firstMinor: 9_998 }, 10_000, "USD")?.map((p) => p.amount)).toEqual([
      "$99.98",
      "$0.01",
      "$0.01",
    ]);
  });
});
