import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import { beforeEach, describe, expect, it } from "vitest";
import { money } from "../../../../test/money.ts";
import { answerQuery, renderAdminRoute, routeLoad } from "../../../testing.tsx";
import InvoicePageQuery from "./__generated__/InvoicePageQuery.graphql.ts";
import { PAID_LOCKED } from "./_components/InvoiceRowActions.tsx";
import { VOID_MESSAGES } from "./_components/VoidInvoiceDialog.tsx";

const oneInvoice: MockPayloadGenerator.MockResolvers = {
  InvoiceConnection: () => ({ totalCount: 1, edges: [{}] }),
  Invoice: () => ({
    id: "SW52b2ljZTpjMmY2ZjJiZS0zZjBiLTQ1ZjQtOGQ5Ny0wY2I1YjY0ZTFhMjM=",
    number: "INV-2026-000007",
    amount: 1234.5,
    total: money(1234.5),
    status: "PENDING",
    flaggedReason: null,
    paidRecord: false,
    description: null,
    track: null,
    dueDate: null,
    createdAt: "2026-03-04T10:00:00.000Z",
  }),
  Learner: () => ({ fullName: "Ada Nwosu", email: "ada@example.com", image: null }),
};

const flag = "Paid by card after it was settled by bank transfer; refund due.";
const flaggedInvoice: MockPayloadGenerator.MockResolvers = {
  ...oneInvoice,
  Invoice: () => ({
    number: "INV-2026-000008",
    amount: 45,
    total: money(45),
    status: "PAID",
    flaggedReason: flag,
    dueDate: null,
    createdAt: "2026-03-04T10:00:00.000Z",
  }),
};

const noInvoices: MockPayloadGenerator.MockResolvers = { InvoiceConnection: () => ({ totalCount: 0, edges: [] }) };
const threePages: MockPayloadGenerator.MockResolvers = { ...oneInvoice, InvoiceConnection: () => ({ totalCount: 25, edges: [{}] }) };

/** A paid, a pending and a void invoice, in that order. */
let shown = 0;
const rows: MockPayloadGenerator.MockResolvers = {
  ...oneInvoice,
  InvoiceConnection: () => ({ totalCount: 3, edges: [{}, {}, {}] }),
  Invoice: () => {
    const n = shown++;
    const [status, paidRecord, track, description] = [
      ["PAID", true, { name: "Data Science" }, null],
      ["PENDING", false, null, "Printed workbook"],
      ["VOID", false, null, null],
    ][n % 3] as [string, boolean, { name: string } | null, string | null];
    return {
      number: `INV-2026-00000${n % 3}`,
      amount: 450,
      total: money(450),
      status,
      paidRecord,
      track,
      description,
      dueDate: null,
      createdAt: "2026-03-04T10:00:00.000Z",
    };
  },
};

beforeEach(() => localStorage.clear());

describe("Manage Invoices", () => {
  it("shows each invoice's learner, e-mail, due date (the created date when none), amount in dollars and status", async () => {
    renderInvoices(oneInvoice);
    const table = await screen.findByRole("table", { name: "Invoices" }, routeLoad);
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Number", "Learner", "Email address", "Due date", "Amount", "Status", "Action"]);
    const [, row] = within(table).getAllByRole("row");
    // The avatar's initials appear a moment after the row (Radix shows the fallback once it knows there is no image).
    await waitFor(() =>
      expect(
        within(row!)
          .getAllByRole("cell")
          .map((td) => td.textContent),
      ).toEqual(["INV-2026-000007", "ANAda Nwosu", "ada@example.com", "Mar 4, 2026", "$1,234.50", "Pending", ""]),
    );
    // The number links to the invoice's PDF by its plain id (the page fetches it with the session's token).
    const pdf = within(row!).getByRole("link", { name: "INV-2026-000007 (PDF)" });
    expect(pdf.getAttribute("href")).toBe("/api/invoices/c2f6f2be-3f0b-45f4-8d97-0cb5b64e1a23/pdf");
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

  it("lists every status but abandoned checkouts by default; the status filter refetches page 1 of one status, and keeps it for the next page", async () => {
    const { environment } = renderInvoices(threePages);
    const filter = await screen.findByRole("combobox", { name: "Invoice status" }, routeLoad);
    expect((filter as HTMLSelectElement).value).toBe("");
    expect(
      within(filter)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["All but abandoned", "Pending", "Paid", "Failed", "Partially refunded", "Refunded", "Void", "Abandoned"]);
    await act(async () => fireEvent.change(filter, { target: { value: "ABANDONED" } }));
    const refetch = environment.mock.getMostRecentOperation();
    expect(refetch.request.node.params.name).toBe("InvoiceListRefetchQuery");
    expect(refetch.request.variables).toMatchObject({ status: "ABANDONED", page: 1 });
    await act(async () => environment.mock.resolveMostRecentOperation((op) => MockPayloadGenerator.generate(op, threePages)));
    const pages = await screen.findByRole("navigation", { name: "Invoice pages" });
    await act(async () => fireEvent.click(within(pages).getByRole("button", { name: "Page 2" })));
    expect(environment.mock.getMostRecentOperation().request.variables).toMatchObject({ status: "ABANDONED", page: 2 });
  });
});

describe("paid and void invoices are locked; pending ones can be voided", () => {
  it("a paid row offers refund but no edit or delete and says why; a pending row offers confirm, void, edit and delete; it shows what it is for", async () => {
    renderInvoices(rows);
    const table = await screen.findByRole("table", { name: "Invoices" }, routeLoad);
    const [, ...body] = within(table).getAllByRole("row");
    const byStatus = (status: string) => body.find((row) => within(row).queryByText(status)) as HTMLElement;
    const paid = byStatus("Paid");
    expect(
      within(paid)
        .getAllByRole("button")
        .map((b) => b.getAttribute("aria-label")),
    ).toEqual(["Refund invoice for Ada Nwosu"]);
    expect(
      within(paid)
        .getByText(/Locked/)
        .textContent?.trim(),
    ).toBe(`Locked: ${PAID_LOCKED}`);
    expect(within(paid).getByText("Data Science")).toBeTruthy();
    const pending = byStatus("Pending");
    expect(
      within(pending)
        .getAllByRole("button")
        .map((b) => b.getAttribute("aria-label")),
    ).toEqual([
      "Confirm payment for Ada Nwosu",
      "Void invoice for Ada Nwosu",
      "Edit invoice for Ada Nwosu",
      "Delete invoice for Ada Nwosu",
    ]);
    expect(within(pending).getByText("Printed workbook")).toBeTruthy();
    expect(within(byStatus("VOID")).queryByRole("button")).toBeNull();
  });

  it("Delete says the server's reason when it refuses (an invoice paid meanwhile is locked)", async () => {
    const { environment } = renderInvoices(rows);
    const table = await screen.findByRole("table", { name: "Invoices" }, routeLoad);
    await act(async () => fireEvent.click(await within(table).findByRole("button", { name: "Delete invoice for Ada Nwosu" })));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete invoice" });
    await act(async () => fireEvent.click(within(confirm).getByRole("button", { name: "Delete invoice" })));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe("DeleteInvoiceDialogMutation");
    const message = "Paid invoices can't be deleted; they stay for the books. Record a refund instead.";
    await act(async () =>
      environment.mock.resolve(operation, {
        data: { deleteInvoice: { __typename: "ConflictError", __isError: "ConflictError", message } },
      }),
    );
    expect(within(confirm).getByRole("alert").textContent).toContain(message);
  });

  it("Void asks for a reason, sends it, and keeps the dialog with the server's message when refused", async () => {
    const { environment } = renderInvoices(rows);
    const table = await screen.findByRole("table", { name: "Invoices" }, routeLoad);
    await act(async () =>
      fireEvent.click((await within(table).findAllByRole("button", { name: "Void invoice for Ada Nwosu" }))[0] as HTMLElement),
    );
    const dialog = await screen.findByRole("dialog", { name: "Void invoice" });
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Void invoice" })));
    expect(within(dialog).getByText(VOID_MESSAGES.reason)).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/Reason/));
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: " Sent twice " } });
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Void invoice" })));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe("VoidInvoiceDialogMutation");
    expect(operation.request.variables.input.reason).toBe("Sent twice");
    await act(async () =>
      environment.mock.resolve(operation, {
        data: {
          voidInvoice: {
            __typename: "ConflictError",
            __isError: "ConflictError",
            message: "Paid invoices can't be voided. Record a refund instead.",
          },
        },
      }),
    );
    expect(within(dialog).getByRole("alert").textContent).toBe("Paid invoices can't be voided. Record a refund instead.");
  });
});

function renderInvoices(resolvers: MockPayloadGenerator.MockResolvers) {
  const environment = createMockEnvironment();
  answerQuery(environment, InvoicePageQuery, { first: 10 }, resolvers);
  return renderAdminRoute("/invoice", environment);
}
