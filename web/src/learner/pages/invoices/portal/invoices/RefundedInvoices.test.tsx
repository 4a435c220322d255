import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { logInAs, renderLearner } from "../../../../test/renderLearner.tsx";
import InvoicesPageQuery from "./__generated__/InvoicesPageQuery.graphql.ts";

const invoice = (id: string, track: string, status: string) => ({
  node: {
    id,
    number: `INV-2026-${id.slice(-2)}`,
    amount: 100,
    status,
    dueDate: null,
    createdAt: "2026-10-02T09:30:00.000Z",
    track: { name: track },
    couponCode: null,
  },
});

// The learner the mock server answers with (module level, as the mock resolvers are).
const learner = {
  __typename: "Learner",
  id: "TGVhcm5lcjox",
  invoices: {
    edges: [invoice("SW52b2ljZTox", "DevOps Engineering", "REFUNDED"), invoice("SW52b2ljZToy", "UI/UX Design", "PARTIALLY_REFUNDED")],
  },
};
const resolvers = { Query: () => ({ me: learner }) };

beforeEach(() => localStorage.clear());

describe("portal invoices: refunds", () => {
  it("says Refunded and Partially refunded in words", async () => {
    logInAs();
    renderLearner("/portal/invoices", { preloaded: [[InvoicesPageQuery, {}]], resolvers });
    const table = await screen.findByRole("table", { name: "Your invoices" });
    const statuses = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) => row.querySelector("[data-status]")?.textContent);
    expect(statuses).toEqual(["Refunded", "Partially refunded"]);
  });
});
