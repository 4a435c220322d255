import { screen, within } from "@testing-library/react";
import { createMockEnvironment, type MockPayloadGenerator } from "relay-test-utils";
import { beforeEach, describe, expect, it } from "vitest";
import { money, trackPrice } from "../../../../test/money.ts";
import { answerQuery, renderAdminRoute, routeLoad } from "../../../testing.tsx";
import DashboardPageQuery from "./__generated__/DashboardPageQuery.graphql.ts";

const figures: MockPayloadGenerator.MockResolvers = {
  Dashboard: () => ({
    currency: "USD",
    revenueByCurrency: [],
    totalLearners: { value: 1204, currentMonth: 12, previousMonth: 8, changePercent: 50 },
    revenue: { value: 98250.5, currentMonth: 1200, previousMonth: 1500, changePercent: -20 },
    invoices: { value: 310, currentMonth: 3, previousMonth: 0, changePercent: null },
    revenueByMonth: [],
  }),
  Track: () => ({ name: "Intro to Git", ...trackPrice(0) }),
  Invoice: () => ({ createdAt: "2026-06-01T10:00:00.000Z", amount: 350, total: money(350) }),
};

/** A naira business that was also paid in cedis. */
const inNaira: MockPayloadGenerator.MockResolvers = {
  ...figures,
  Dashboard: () => ({
    totalLearners: { value: 1204, currentMonth: 12, previousMonth: 8, changePercent: 50 },
    invoices: { value: 310, currentMonth: 3, previousMonth: 0, changePercent: null },
    currency: "NGN",
    revenue: { value: 150_000, currentMonth: 50_000, previousMonth: 100_000, changePercent: -50 },
    revenueByMonth: [{ month: "2026-06", label: "Jun", revenue: 50_000 }],
    revenueByCurrency: [
      { currency: "NGN", total: money(150_000, "NGN"), currentMonth: money(50_000, "NGN") },
      { currency: "GHS", total: money(1_200, "GHS"), currentMonth: money(200, "GHS") },
    ],
  }),
};

beforeEach(() => localStorage.clear());

describe("dashboard", () => {
  it("labels each summary figure for what it covers: all-time totals, this month against last month", async () => {
    const environment = createMockEnvironment();
    answerQuery(environment, DashboardPageQuery, {}, figures);
    renderAdminRoute("/dashboard", environment);
    const cards = await screen.findByRole("list", { name: "Summary" }, routeLoad);
    const [learners, revenue, invoices] = within(cards).getAllByRole("listitem") as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(learners).getByText("Total Learners")).toBeTruthy();
    expect(learners.textContent).toContain("1,204 all time");
    expect(learners.textContent).toContain("12 signed up this month, 8 last month");
    expect(learners.textContent).toContain("50.0%vs last month");
    expect(revenue.textContent).toContain("$98,250.50 all time");
    expect(revenue.textContent).toContain("$1,200.00 paid this month, $1,500.00 last month");
    // The invoice card no longer sets a lifetime count beside a month-on-month change without saying so.
    expect(invoices.textContent).toContain("310 all time");
    expect(invoices.textContent).toContain("3 created this month, 0 last month");
    expect(invoices.textContent).toContain("No figures for last month yet");
    expect(screen.getByText("All-time totals, and how this month compares with last month.")).toBeTruthy();
  });

  it("shows a free recent track as 'Free'", async () => {
    const environment = createMockEnvironment();
    answerQuery(environment, DashboardPageQuery, {}, figures);
    renderAdminRoute("/dashboard", environment);
    const recent = (await screen.findByRole("heading", { name: "Recent Tracks" }, routeLoad)).closest("section")!;
    expect(within(recent).getAllByText("Free").length).toBeGreaterThan(0);
    expect(within(recent).queryByText("$0.00")).toBeNull();
  });

  it("shows a naira business's figures in naira and what was paid in cedis beside them, never added in", async () => {
    const environment = createMockEnvironment();
    answerQuery(environment, DashboardPageQuery, {}, inNaira);
    renderAdminRoute("/dashboard", environment);
    const cards = await screen.findByRole("list", { name: "Summary" }, routeLoad);
    const revenue = within(cards).getAllByRole("listitem")[1] as HTMLElement;
    expect(revenue.textContent).toContain("₦150,000.00 all time");
    expect(revenue.textContent).toContain("₦50,000.00 paid this month, ₦100,000.00 last month");
    expect(revenue.textContent).toContain("Also paid: GH₵1,200.00 (GH₵200.00 this month)");
    expect(screen.getByText("Paid invoices over the last six months: ₦50,000.00")).toBeTruthy();
  });
});
