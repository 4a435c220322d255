import { render, screen, within } from "@testing-library/react";
import { Suspense } from "react";
import { loadQuery, RelayEnvironmentProvider } from "react-relay/hooks";
import { MemoryRouter } from "react-router-dom";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { money } from "../../../../../test/money.ts";
import { logInAs, operationName, renderLearner } from "../../../../test/renderLearner.tsx";
import InvoicesPageQuery, { type InvoicesPageQuery as InvoicesPageQueryType } from "./__generated__/InvoicesPageQuery.graphql.ts";
import InvoicesPage from "./InvoicesPage.tsx";

const invoice = (id: string, track: string, amount: number, status: string, dueDate: string | null) => ({
  node: {
    id,
    number: `INV-2026-${id.slice(-2)}`,
    amount,
    currency: "USD",
    total: money(amount),
    status,
    dueDate,
    createdAt: "2026-10-02T09:30:00.000Z",
    track: { name: track },
    couponCode: null,
  },
});

// The learner the mock server answers with; each test sets the invoices.
const learner = { __typename: "Learner", id: "TGVhcm5lcjox", invoices: { edges: [] as ReturnType<typeof invoice>[] } };
const resolvers = { Query: () => ({ me: learner }) };

function openInvoices(edges: ReturnType<typeof invoice>[] | Error) {
  logInAs();
  learner.invoices.edges = edges instanceof Error ? [] : edges;
  return renderLearner("/portal/invoices", {
    preloaded: [[InvoicesPageQuery, {}]],
    resolvers,
    answer: (operation) => (edges instanceof Error && operationName(operation) === "InvoicesPageQuery" ? edges : undefined),
  });
}

beforeEach(() => localStorage.clear());

describe("portal invoices", () => {
  it("shows what an invoice written by staff is for: its track, or the line they described", async () => {
    const other = invoice("SW52b2ljZTo0", "", 20, "PENDING", null);
    const bare = invoice("SW52b2ljZTo1", "", 5, "PENDING", null);
    openInvoices([
      { node: { ...other.node, track: null, description: "Printed workbook" } as never },
      { node: { ...bare.node, track: null, description: null } as never },
    ]);
    const table = await screen.findByRole("table", { name: "Your invoices" });
    const firstCells = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) => within(row).getAllByRole("cell")[0]?.textContent);
    expect(firstCells).toEqual(["Printed workbook", "—"]);
  });

  it("lists track, amount in dollars, status (paid green, anything else yellow) and date", async () => {
    openInvoices([
      invoice("SW52b2ljZTox", "Cloud Computing Fundamentals", 350, "PAID", null),
      invoice("SW52b2ljZToy", "DevOps Engineering", 1499.5, "PENDING", "2026-11-30"),
      invoice("SW52b2ljZToz", "UI/UX Design", 300, "FAILED", null),
    ]);
    const table = await screen.findByRole("table", { name: "Your invoices" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ["Cloud Computing Fundamentals", "$350.00", "Paid", "Oct 2, 2026", "INV-2026-ox"],
      ["DevOps Engineering", "$1,499.50", "Pending", "Nov 30, 2026", "INV-2026-oy"],
      ["UI/UX Design", "$300.00", "Failed", "Oct 2, 2026", "INV-2026-oz"],
    ]);
    // Each number links to the invoice's PDF (a receipt once paid).
    expect(within(rows[0]!).getByRole("link", { name: "INV-2026-ox (PDF)" }).getAttribute("href")).toBe("/api/invoices/1/pdf");
    const badges = rows.map((row) => row.querySelector("[data-status] > span")!);
    // Phones get the same invoices as a list of cards.
    const cards = within(screen.getByRole("list", { name: "Your invoices" })).getAllByRole("listitem");
    expect(cards.map((card) => card.textContent)).toEqual([
      "Cloud Computing Fundamentals$350.00PaidOct 2, 2026INV-2026-ox",
      "DevOps Engineering$1,499.50PendingNov 30, 2026INV-2026-oy",
      "UI/UX Design$300.00FailedOct 2, 2026INV-2026-oz",
    ]);
    expect(badges[0]!.className).toMatch(/success/);
    expect(badges[1]!.className).toMatch(/warning/);
    expect(badges[2]!.className).toMatch(/warning/);
  });

  it("says 'You have no invoices yet.' when there are none", async () => {
    openInvoices([]);
    const table = await screen.findByRole("table", { name: "Your invoices" });
    expect(within(table).getByRole("cell").textContent).toBe("You have no invoices yet.");
  });

  it("says 'Could not load your invoices. Please try again later.' when they cannot be loaded", async () => {
    // React Router reports the caught error on the console; expected here.
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    openInvoices(new Error("Failed to fetch"));
    expect((await screen.findByRole("alert")).textContent).toBe("Could not load your invoices. Please try again later.");
    // The portal's tabs stay, so the learner can go elsewhere.
    expect(screen.getByRole("navigation", { name: "Portal" })).toBeTruthy();
    consoleError.mockRestore();
  });

  it("says 'Authentication token not found. Please log in.' without a stored token", async () => {
    const environment = createMockEnvironment();
    environment.mock.queuePendingOperation(InvoicesPageQuery, {});
    environment.mock.queueOperationResolver((operation) => MockPayloadGenerator.generate(operation));
    const queryRef = loadQuery<InvoicesPageQueryType>(environment, InvoicesPageQuery, {});
    render(
      <RelayEnvironmentProvider environment={environment}>
        <MemoryRouter>
          <Suspense fallback={null}>
            <InvoicesPage queryRef={queryRef} />
          </Suspense>
        </MemoryRouter>
      </RelayEnvironmentProvider>,
    );
    expect((await screen.findByRole("alert")).textContent).toBe("Authentication token not found. Please log in.");
  });
});
