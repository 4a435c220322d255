import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import styles from "./Table.module.css";
import { type Column, Table } from "./Table.tsx";

interface Invoice {
  id: string;
  learner: string;
  amount: string;
  status: string;
}

const columns: Column<Invoice>[] = [
  { key: "learner", header: "Learner", cell: (row) => row.learner },
  { key: "amount", header: "Amount", align: "end", cell: (row) => row.amount },
  { key: "status", header: "Status", cell: (row) => row.status },
  {
    key: "action",
    header: <span>Action</span>,
    label: "Action",
    align: "end",
    cell: (row) => <button type="button">Edit {row.learner}</button>,
  },
];

const rows: Invoice[] = [
  { id: "1", learner: "Ada Nwosu", amount: "$350.00", status: "Paid" },
  { id: "2", learner: "Ben Okafor", amount: "Free", status: "Pending" },
];

describe("Table", () => {
  it("stacks on narrow screens by default: every cell carries its column's label for the card layout", () => {
    render(<Table caption="Invoices" columns={columns} rows={rows} rowKey={(row) => row.id} emptyMessage="No invoices found." />);
    const region = screen.getByRole("region", { name: "Invoices" });
    // The stacked class switches on the container query that turns rows into cards under 640 px.
    expect(region.className).toContain(styles.stacked);
    const [, first] = within(region).getAllByRole("row");
    const labels = within(first as HTMLElement)
      .getAllByRole("cell")
      .map((cell) => [cell.getAttribute("data-label"), cell.textContent]);
    expect(labels).toEqual([
      ["Learner", "Ada Nwosu"],
      ["Amount", "$350.00"],
      ["Status", "Paid"],
      ["Action", "Edit Ada Nwosu"],
    ]);
  });

  it("stays a table for screen readers: caption, column headers and cells", () => {
    render(<Table caption="Invoices" columns={columns} rows={rows} rowKey={(row) => row.id} emptyMessage="No invoices found." />);
    const table = screen.getByRole("table", { name: "Invoices" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => [th.textContent, th.getAttribute("scope")]),
    ).toEqual([
      ["Learner", "col"],
      ["Amount", "col"],
      ["Status", "col"],
      ["Action", "col"],
    ]);
    expect(within(table).getAllByRole("row")).toHaveLength(3);
  });

  it("can opt out of stacking, then scrolls sideways without labels", () => {
    render(<Table caption="Wide" columns={columns} rows={rows} rowKey={(row) => row.id} emptyMessage="None." stackOnPhone={false} />);
    const region = screen.getByRole("region", { name: "Wide" });
    expect(region.className).not.toContain(styles.stacked);
    expect(region.querySelector("td[data-label]")).toBeNull();
  });
});
