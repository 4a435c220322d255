import { screen, within } from "@testing-library/react";
import { createMockEnvironment, type MockPayloadGenerator } from "relay-test-utils";
import { beforeEach, describe, expect, it } from "vitest";
import { money } from "../../../../test/money.ts";
import { answerQuery, renderAdminRoute } from "../../../testing.tsx";
import ReportPageQuery from "./__generated__/ReportPageQuery.graphql.ts";
import { defaultReportRange } from "./reportRange.ts";

// A naira business paid in naira for one track and in cedis for another over the range.
const inNaira: MockPayloadGenerator.MockResolvers = {
  Query: () => ({
    report: {
      __typename: "Report",
      ...defaultReportRange(),
      currency: "NGN",
      totalRevenue: 150_000,
      totalEnrollments: 3,
      totalCompletions: 1,
      months: [],
      tracks: [{ name: "Cloud Computing", revenue: 150_000, enrollments: 2, track: { id: "VHJhY2s6MQ==" } }],
      revenueByCurrency: [
        {
          currency: "NGN",
          total: money(150_000, "NGN"),
          tracks: [{ name: "Cloud Computing", revenue: money(150_000, "NGN"), track: { id: "VHJhY2s6MQ==" } }],
        },
        {
          currency: "GHS",
          total: money(1_200, "GHS"),
          tracks: [{ name: "Data Science", revenue: money(1_200, "GHS"), track: { id: "VHJhY2s6Mg==" } }],
        },
      ],
      discounts: { totals: [money(5_000, "NGN"), money(20, "GHS")], coupons: [] },
    },
  }),
};

beforeEach(() => localStorage.clear());

describe("report", () => {
  it("shows the business currency's figures and each other currency's beside them, never added together", async () => {
    const environment = createMockEnvironment();
    answerQuery(environment, ReportPageQuery, defaultReportRange(), inNaira);
    renderAdminRoute("/report", environment);
    const totals = (await screen.findByText("Revenue", { selector: "li span" }, { timeout: 15_000 })).closest("li")!;
    expect(totals.textContent).toBe("Revenue₦150,000.00GH₵1,200.00");
    const perTrack = screen.getByRole("table", { name: "Revenue and enrollments per track" });
    expect(within(perTrack).getAllByText("₦150,000.00").length).toBe(2);
    const cedis = screen.getByRole("table", { name: "Revenue in GHS per track" });
    expect(within(cedis).getAllByText("GH₵1,200.00").length).toBe(2);
    expect(screen.getByRole("heading", { name: "Paid in GHS: GH₵1,200.00" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Discounts given: ₦5,000.00 · GH₵20.00" })).toBeTruthy();
  }, 30_000);
});
