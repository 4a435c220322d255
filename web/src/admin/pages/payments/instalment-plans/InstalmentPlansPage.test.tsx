import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { answerQuery, renderAdminRoute, routeLoad, staffViewer } from "../../../testing.tsx";
import InstalmentPlansPageQuery from "./__generated__/InstalmentPlansPageQuery.graphql.ts";
import { NO_PLANS } from "./_components/PaymentPlanTable.tsx";
import { REASON_MESSAGES } from "./_components/ReasonFormDialog.tsx";

const PLAN_ID = "UGF5bWVudFBsYW46MQ==";
const money = (formatted: string) => ({ formatted });
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** A 3-part NGN plan: part 1 paid, part 2 overdue (access paused), part 3 to come (parts numbered as they are drawn). */
let drawn = 0;
const plan: MockPayloadGenerator.MockResolvers = {
  PaymentPlanConnection: () => ({ totalCount: 1, edges: [{}] }),
  PaymentPlan: () => ({
    id: PLAN_ID,
    status: "ACTIVE",
    partCount: 3,
    paidParts: 1,
    waivedParts: 0,
    nextDueOn: "2026-11-20",
    overdueParts: 1,
    paused: true,
    total: money("₦150,000.00"),
    parts: [{}, {}, {}],
  }),
  Learner: () => ({ fullName: "Ada Nwosu", email: "ada@example.com", image: null }),
  Track: () => ({ name: "Data Science" }),
  Invoice: () => {
    const n = (drawn++ % 3) + 1;
    return {
      id: `SW52b2ljZTo${n}`,
      number: `INV-2026-00000${n}`,
      partNumber: n,
      status: n === 1 ? "PAID" : "PENDING",
      dueDate: n === 1 ? null : n === 2 ? isoDay(-10) : isoDay(20),
      paidAt: n === 1 ? "2026-10-20T10:00:00.000Z" : null,
      voidReason: null,
      total: money("₦50,000.00"),
    };
  },
};

const threePages: MockPayloadGenerator.MockResolvers = { ...plan, PaymentPlanConnection: () => ({ totalCount: 25, edges: [{}] }) };
const cancelled: MockPayloadGenerator.MockResolvers = {
  ...plan,
  PaymentPlan: () => ({
    id: PLAN_ID,
    status: "CANCELLED",
    partCount: 3,
    paidParts: 1,
    waivedParts: 2,
    nextDueOn: null,
    overdueParts: 0,
    paused: false,
    parts: [{}, {}, {}],
  }),
  Invoice: () => ({
    partNumber: 2,
    status: "VOID",
    dueDate: "2026-12-20",
    paidAt: null,
    voidReason: "Plan cancelled: Learner withdrew",
    total: money("₦50,000.00"),
  }),
};
const noPlans: MockPayloadGenerator.MockResolvers = { PaymentPlanConnection: () => ({ totalCount: 0, edges: [] }) };

beforeEach(() => {
  localStorage.clear();
  drawn = 0;
});

function renderPlans(resolvers: MockPayloadGenerator.MockResolvers, viewer = staffViewer()) {
  const environment = createMockEnvironment();
  answerQuery(environment, InstalmentPlansPageQuery, { first: 10 }, resolvers);
  return renderAdminRoute("/instalment-plans", environment, viewer);
}

async function openSchedule() {
  const table = await screen.findByRole("table", { name: "Instalment plans" }, routeLoad);
  await act(async () => fireEvent.click(within(table).getByRole("button", { name: "Schedule of Ada Nwosu's plan" })));
  return screen.findByRole("dialog", { name: "Ada Nwosu's instalment plan" });
}

describe("Instalment plans", () => {
  it("lists each plan's learner, track, paid parts, total with its currency, next due date, overdue parts and paused access", async () => {
    renderPlans(plan);
    const table = await screen.findByRole("table", { name: "Instalment plans" }, routeLoad);
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Learner", "Track", "Paid", "Total", "Next due", "Status", "Action"]);
    const [, row] = within(table).getAllByRole("row");
    await waitFor(() =>
      expect(
        within(row!)
          .getAllByRole("cell")
          .map((td) => td.textContent),
      ).toEqual([
        "ANAda Nwosuada@example.com",
        "Data Science",
        "1 of 3",
        "₦150,000.00",
        "Nov 20, 2026",
        "Active1 overdueAccess paused",
        "Schedule",
      ]),
    );
  });

  it("says so when there are no plans", async () => {
    renderPlans(noPlans);
    expect(await screen.findByText(NO_PLANS, {}, routeLoad)).toBeTruthy();
  });

  it("shows the console's error page when the plans cannot be loaded", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const environment = createMockEnvironment();
    environment.mock.queuePendingOperation(InstalmentPlansPageQuery, { first: 10 });
    environment.mock.queueOperationResolver(() => new Error("offline"));
    renderAdminRoute("/instalment-plans", environment);
    expect(await screen.findByRole("heading", { name: /Something went wrong/ }, routeLoad)).toBeTruthy();
    vi.mocked(console.error).mockRestore();
  });

  it("filters All / Active / Overdue / Paused, refetching page 1 and keeping the filter for the next page", async () => {
    const { environment } = renderPlans(threePages);
    const filter = await screen.findByRole("combobox", { name: "Plans shown" }, routeLoad);
    expect(
      within(filter)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["All plans", "Active", "Overdue", "Paused"]);
    expect(screen.queryByRole("searchbox")).toBeNull();
    await act(async () => fireEvent.change(filter, { target: { value: "PAUSED" } }));
    const refetch = environment.mock.getMostRecentOperation();
    expect(refetch.request.node.params.name).toBe("PaymentPlanListRefetchQuery");
    expect(refetch.request.variables).toMatchObject({ filter: "PAUSED", page: 1 });
    await act(async () => environment.mock.resolveMostRecentOperation((op) => MockPayloadGenerator.generate(op, threePages)));
    const pages = await screen.findByRole("navigation", { name: "Instalment plan pages" });
    await act(async () => fireEvent.click(within(pages).getByRole("button", { name: "Page 2" })));
    expect(environment.mock.getMostRecentOperation().request.variables).toMatchObject({ filter: "PAUSED", page: 2 });
  });

  it("shows a plan's schedule: each part's amount, due date and state, actions only on unpaid later parts", async () => {
    renderPlans(plan);
    const dialog = await openSchedule();
    const parts = within(within(dialog).getByRole("list", { name: "Parts" })).getAllByRole("listitem");
    expect(parts).toHaveLength(3);
    expect(parts[0]!.textContent).toContain("Part 1 of 3 · ₦50,000.00");
    expect(parts[0]!.textContent).toContain("Paid");
    expect(within(parts[0]!).queryByRole("button")).toBeNull();
    expect(within(parts[1]!).getByText("Overdue")).toBeTruthy();
    expect(within(parts[1]!).getByRole("button", { name: "Move due date of part 2" })).toBeTruthy();
    expect(within(parts[2]!).getByRole("button", { name: "Waive part 3" })).toBeTruthy();
    expect(within(parts[2]!).queryByText("Overdue")).toBeNull();
    expect(within(dialog).getByRole("button", { name: "Cancel plan" })).toBeTruthy();
  });

  it("shows a cancelled plan's voided parts and offers no more actions on it", async () => {
    renderPlans(cancelled);
    const table = await screen.findByRole("table", { name: "Instalment plans" }, routeLoad);
    const [, row] = within(table).getAllByRole("row");
    const cells = within(row!).getAllByRole("cell");
    expect(cells[2]!.textContent).toBe("1 of 3 · 2 voided");
    expect(cells[4]!.textContent).toBe("—");
    expect(cells[5]!.textContent).toBe("Cancelled");
    const dialog = await openSchedule();
    expect(within(dialog).getAllByText("Plan cancelled: Learner withdrew")).toHaveLength(3);
    expect(within(dialog).getAllByText("Void")).toHaveLength(3);
    expect(within(dialog).queryByRole("button", { name: /Move due date|Waive|Cancel plan/ })).toBeNull();
  });

  it("lets a role that only reads invoices look at the schedule without actions", async () => {
    renderPlans(plan, staffViewer({ staffRole: "MANAGER", permissions: ["readInvoices", "readCatalogue"] }));
    const dialog = await openSchedule();
    expect(within(dialog).queryByRole("button", { name: /Move due date|Waive|Cancel plan/ })).toBeNull();
  });

  it("moves a part's due date with moveInstalmentDueDate and shows the server's refusal", async () => {
    const { environment } = renderPlans(plan);
    const dialog = await openSchedule();
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Move due date of part 2" })));
    const move = await screen.findByRole("dialog", { name: "Move due date" });
    const date = within(move).getByLabelText(/New due date/) as HTMLInputElement;
    // An overdue part starts from today, the earliest date the API takes.
    expect(date.value).toBe(isoDay(0));
    fireEvent.change(date, { target: { value: isoDay(7) } });
    await act(async () => fireEvent.click(within(move).getByRole("button", { name: "Move due date" })));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe("MoveDueDateDialogMutation");
    expect(operation.request.variables).toEqual({ id: "SW52b2ljZTo2", dueOn: isoDay(7) });
    const message = "A payment of this instalment is open at Paystack; try again once it has ended.";
    await act(async () =>
      environment.mock.resolve(operation, {
        data: { moveInstalmentDueDate: { __typename: "ConflictError", __isError: "ConflictError", message } },
      }),
    );
    expect(within(move).getByRole("alert").textContent).toBe(message);
  });

  it("waives a part with a reason through waiveInstalment, then reloads the list", async () => {
    const { environment } = renderPlans(plan);
    const dialog = await openSchedule();
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Waive part 3" })));
    const waive = await screen.findByRole("dialog", { name: "Waive instalment" });
    await act(async () => fireEvent.click(within(waive).getByRole("button", { name: "Waive instalment" })));
    expect(within(waive).getByText(REASON_MESSAGES.reason)).toBeTruthy();
    fireEvent.change(within(waive).getByLabelText(/Reason/), { target: { value: " Scholarship " } });
    await act(async () => fireEvent.click(within(waive).getByRole("button", { name: "Waive instalment" })));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe("WaiveInstalmentDialogMutation");
    expect(operation.request.variables).toEqual({ id: "SW52b2ljZTo3", reason: "Scholarship" });
    await act(async () =>
      environment.mock.resolve(operation, {
        data: {
          waiveInstalment: {
            __typename: "InstalmentPayload",
            invoice: { id: "SW52b2ljZTo3", status: "VOID", voidReason: "Instalment waived: Scholarship" },
          },
        },
      }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Waive instalment" })).toBeNull());
    expect(environment.mock.getMostRecentOperation().request.node.params.name).toBe("PaymentPlanListRefetchQuery");
  });

  it("cancels the plan with a reason through cancelPaymentPlan", async () => {
    const { environment } = renderPlans(plan);
    const dialog = await openSchedule();
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Cancel plan" })));
    const cancel = await screen.findByRole("dialog", { name: "Cancel plan" });
    fireEvent.change(within(cancel).getByLabelText(/Reason/), { target: { value: "Learner withdrew" } });
    await act(async () => fireEvent.click(within(cancel).getByRole("button", { name: "Cancel plan" })));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe("CancelPlanDialogMutation");
    expect(operation.request.variables).toEqual({ id: PLAN_ID, reason: "Learner withdrew" });
    const message = "This plan is not active.";
    await act(async () =>
      environment.mock.resolve(operation, {
        data: { cancelPaymentPlan: { __typename: "ConflictError", __isError: "ConflictError", message } },
      }),
    );
    expect(within(cancel).getByRole("alert").textContent).toBe(message);
  });
});
