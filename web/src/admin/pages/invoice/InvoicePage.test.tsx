import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createMockEnvironment, type MockPayloadGenerator } from "relay-test-utils";
import { beforeEach, describe, expect, it } from "vitest";
import { answerQuery, renderAdminRoute, routeLoad } from "../../testing.tsx";
import InvoicePageQuery from "./__generated__/InvoicePageQuery.graphql.ts";

const oneInvoice: MockPayloadGenerator.MockResolvers = {
  InvoiceConnection: () => ({ totalCount: 1, edges: [{}] }),
  Invoice: () => ({ amount: 1234.5, status: "PENDING", flaggedReason: null, dueDate: null, createdAt: "2026-03-04T10:00:00.000Z" }),
  Learner: () => ({ fullName: "Ada Nwosu", email: "ada@example.com", image: null }),
};

const flag = "Paid by card after it was settled by bank transfer; refund due.";
const flaggedInvoice: MockPayloadGenerator.MockResolvers = {
  ...oneInvoice,
  Invoice: () => ({ amount: 45, status: "PAID", flaggedReason: flag, dueDate: null, createdAt: "2026-03-04T10:00:00.000Z" }),
};

const noInvoices: MockPayloadGenerator.MockResolvers = { InvoiceConnection: () => ({ totalCount: 0, edges: [] }) };
const threePages: MockPayloadGenerator.MockResolvers = { ...oneInvoice, InvoiceConnection: () => ({ totalCount: 25, edges: [{}] }) };

beforeEach(() => localStorage.clear());

describe("Manage Invoices", () => {
  it("shows each invoice's learner, e-mail, due date (the created date when none), amount in dollars and status", async () => {
    renderInvoices(oneInvoice);
    const table = await screen.findByRole("table", { name: "Invoices" }, routeLoad);
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Learner", "Email address", "Due date", "Amount", "Status", "Action"]);
    const [, row] = within(table).getAllByRole("row");
    // The avatar's initials appear a moment after the row (Radix shows the fallback once it knows there is no image).
    await waitFor(() =>
      expect(
        within(row!)
          .getAllByRole("cell")
          .map((td) => td.textContent),
      ).toEqual(["ANAda Nwosu", "ada@example.com", "Mar 4, 2026", "$1,234.50", "Pending", ""]),
    );
    expect(within(row!).getByRole("button", { name: "Edit invoice for Ada Nwosu" })).toBeTruthy();
    expect(within(row!).getByRole("button", { name: "Delete invoice for Ada Nwosu" })).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Invoice pages" })).toBeNull();
  });

  it("offers finance a Confirm payment action on a pending invoice, and shows why a paid one is flagged", async () => {
    renderInvoices(oneInvoice);
    const table = await screen.findByRole("table", { name: "Invoices" }, routeLoad);
    expect(within(table).getByRole("button", { name: "Confirm payment for Ada Nwosu" })).toBeTruthy();
    cleanup();
    renderInvoices(flaggedInvoice);
    const paid = await screen.findByRole("table", { name: "Invoices" }, routeLoad);
    expect(within(paid).getByText(flag)).toBeTruthy();
    expect(within(paid).queryByRole("button", { name: /Confirm payment/ })).toBeNull();
  });

  it("says 'No invoices found.' when there are none", async () => {
    renderInvoices(noInvoices);
    expect(await screen.findByText("No invoices found.", {}, routeLoad)).toBeTruthy();
  });

  it("offers page-number buttons beyond one page and refetches just the chosen page", async () => {
    const { environment } = renderInvoices(threePages);
    const pages = await screen.findByRole("navigation", { name: "Invoice pages" }, routeLoad);
    expect(
      within(pages)
        .getAllByRole("button", { name: /^Page / })
        .map((b) => b.textContent),
    ).toEqual(["1", "2", "3"]);
    await act(async () => fireEvent.click(within(pages).getByRole("button", { name: "Page 2" })));
    const refetch = environment.mock.getMostRecentOperation();
    expect(refetch.request.node.params.name).toBe("InvoiceListRefetchQuery");
    expect(refetch.request.variables).toMatchObject({ search: "", page: 2, first: 10 });
  });
});

function renderInvoices(resolvers: MockPayloadGenerator.MockResolvers) {
  const environment = createMockEnvironment();
  answerQuery(environment, InvoicePageQuery, { first: 10 }, resolvers);
  return renderAdminRoute("/invoice", environment);
}
