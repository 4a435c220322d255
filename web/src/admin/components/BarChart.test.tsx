import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { axisTop, BarChart } from "./BarChart.tsx";

const months = (revenues: number[]) =>
  revenues.map((revenue, i) => ({ key: `m${i}`, label: `M${i + 1}`, value: revenue, valueText: `$${revenue.toFixed(2)}` }));

describe("bar chart", () => {
  it("keeps the dashboard's 0 to 3k axis until a month earns more, then scales to round steps", () => {
    expect(axisTop(2400, 3000)).toBe(3000);
    expect(axisTop(3000, 3000)).toBe(3000);
    expect(axisTop(3400, 3000)).toBe(4500);
    expect(axisTop(7400, 3000)).toBe(7500);
    expect(axisTop(12_500, 3000)).toBe(15_000);
  });

  it("draws bars up to 240 px against the axis, with each value for screen readers", () => {
    render(<BarChart label="Revenue per month" minTop={3000} height={240} bars={months([1500, 3000, 0])} />);
    const chart = screen.getByRole("figure", { name: "Revenue per month" });
    const [axis, bars] = chart.querySelectorAll("ol");
    expect([...(axis as HTMLElement).querySelectorAll("li")].map((li) => li.textContent)).toEqual(["3k", "2k", "1k", "0"]);
    const heights = [...(bars as HTMLElement).querySelectorAll<HTMLElement>("[title]")].map((bar) => bar.style.height);
    expect(heights).toEqual(["120px", "240px", "0px"]);
    expect((bars as HTMLElement).querySelector("li")?.textContent).toContain("M1: $1500.00");
  });
});
