import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createMockEnvironment, type MockPayloadGenerator } from "relay-test-utils";
import { beforeEach, describe, expect, it } from "vitest";
import { answerQuery, renderAdminRoute, routeLoad, staffViewer } from "../../../testing.tsx";
import CouponsPageQuery from "./__generated__/CouponsPageQuery.graphql.ts";

const finance = staffViewer({ staffRole: "FINANCE", permissions: [...staffViewer().permissions, "manageCoupons"] });

const resolvers: MockPayloadGenerator.MockResolvers = {
  PaymentOptions: () => ({ currency: "USD" }),
  Query: () => ({
    coupons: {
      totalCount: 2,
      edges: [
        {
          node: {
            id: "Q291cG9uOjE=",
            code: "SPRING25",
            kind: "PERCENT",
            value: 25,
            allTracks: true,
            tracks: [],
            startsAt: null,
            endsAt: null,
            maxRedemptions: 100,
            oncePerLearner: true,
            active: true,
            redemptionCount: 3,
            reservedCount: 1,
            batch: null,
            redemptions: [],
          },
        },
        {
          node: {
            id: "Q291cG9uOjI=",
            code: "ABCD-EFGH-JKLM",
            kind: "PERCENT",
            value: 100,
            allTracks: false,
            tracks: [{ id: "VHJhY2s6MQ==", name: "DevOps Engineering" }],
            startsAt: null,
            endsAt: null,
            maxRedemptions: 1,
            oncePerLearner: true,
            active: true,
            redemptionCount: 1,
            reservedCount: 0,
            batch: { id: "Q291cG9uQmF0Y2g6MQ==", organisation: "Acme Ltd" },
            redemptions: [{ state: "REDEEMED", learner: { email: "ada@example.com" } }],
          },
        },
      ],
    },
    tracks: { edges: [{ node: { id: "VHJhY2s6MQ==", name: "DevOps Engineering" } }] },
  }),
};

function renderCoupons() {
  const environment = createMockEnvironment();
  answerQuery(environment, CouponsPageQuery, { first: 10, tracksFirst: 100 }, resolvers);
  return renderAdminRoute("/coupons", environment, finance);
}

const operations = (environment: ReturnType<typeof createMockEnvironment>, name: string) =>
  environment.mock.getAllOperations().filter((operation) => operation.request.node.params.name === name);

beforeEach(() => localStorage.clear());

describe("Coupons (finance and owners)", () => {
  it("lists coupons with their redemptions and who redeemed a sponsor's code", async () => {
    renderCoupons();
    await screen.findByRole("heading", { level: 1, name: "Coupons" }, routeLoad);
    const table = await screen.findByRole("table", { name: "Coupons" });
    const spring = within(table).getByRole("row", { name: /SPRING25/ });
    expect(within(spring).getByText("25% off")).toBeTruthy();
    expect(within(spring).getByText("3 of 100 redeemed, 1 pending")).toBeTruthy();
    const sponsor = within(table).getByRole("row", { name: /ABCD-EFGH-JKLM/ });
    expect(within(sponsor).getByText("Sponsor: Acme Ltd")).toBeTruthy();
    expect(within(sponsor).getByText("By ada@example.com")).toBeTruthy();
    expect(within(sponsor).getByRole("button", { name: "Export the codes of Acme Ltd" })).toBeTruthy();
  });

  it("creates a fixed-amount coupon for chosen tracks: dollars go as cents, dates as whole days", async () => {
    const { environment } = renderCoupons();
    await screen.findByRole("table", { name: "Coupons" }, routeLoad);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Create coupon" })));
    const dialog = await screen.findByRole("dialog", { name: "Create coupon" });
    fireEvent.change(within(dialog).getByLabelText(/^Code/), { target: { value: "june-10" } });
    fireEvent.change(within(dialog).getByLabelText(/^Kind/), { target: { value: "FIXED" } });
    fireEvent.change(within(dialog).getByLabelText(/^Amount \(USD\)/), { target: { value: "12.50" } });
    fireEvent.click(within(dialog).getByLabelText("All tracks"));
    fireEvent.click(within(dialog).getByLabelText("DevOps Engineering"));
    fireEvent.change(within(dialog).getByLabelText(/^Ends on/), { target: { value: "2026-06-30" } });
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Create coupon" })));
    await waitFor(() => expect(operations(environment, "CouponFormDialogMutation")).toHaveLength(1));
    expect(operations(environment, "CouponFormDialogMutation")[0]?.request.variables.input).toEqual({
      code: "june-10",
      kind: "FIXED",
      value: 1250,
      allTracks: false,
      trackIds: ["VHJhY2s6MQ=="],
      startsAt: null,
      endsAt: "2026-07-01T00:00:00.000Z",
      maxRedemptions: null,
      oncePerLearner: true,
    });
  });

  it("asks before deactivating", async () => {
    const { environment } = renderCoupons();
    await screen.findByRole("table", { name: "Coupons" }, routeLoad);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Deactivate SPRING25" })));
    const dialog = await screen.findByRole("alertdialog");
    expect(operations(environment, "DeactivateCouponDialogMutation")).toHaveLength(0);
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Deactivate coupon" })));
    await waitFor(() => expect(operations(environment, "DeactivateCouponDialogMutation")).toHaveLength(1));
    expect(operations(environment, "DeactivateCouponDialogMutation")[0]?.request.variables).toEqual({ id: "Q291cG9uOjE=" });
  });
});
