import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { MockPayloadGenerator } from "relay-test-utils";
import { beforeEach, describe, expect, it, vi } from "vitest";
import PortalDashboardPageQuery from "../pages/learning/portal/__generated__/PortalDashboardPageQuery.graphql.ts";
import { isInstalmentPayment } from "../pages/payments/checkout/checkoutReturn.ts";
import { type Answer, errorResult, logInAs, operationName, renderLearner } from "../test/renderLearner.tsx";
import { partState } from "./PaymentPlans.tsx";
import { PAY_NOW_FAILED, paystackPage } from "./usePayInstalment.ts";

/** A UTC calendar day `offset` days from today (YYYY-MM-DD), as the server's due dates are. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const trackId = "VHJhY2s6MQ==";
const naira = (formatted: string) => ({ formatted, minor: 0, currency: "NGN" });
const part = (n: number, status: string, dueDate: string | null) => ({
  __typename: "Invoice",
  id: `SW52b2ljZTo${n}`,
  number: `INV-2026-00${n}`,
  partNumber: n,
  status,
  dueDate,
  total: naira(n === 1 ? "₦60,000.00" : "₦45,000.00"),
});

/** A 3-part plan: part 1 paid at checkout, part 2 overdue (access paused), part 3 upcoming. */
const overduePlan = {
  __typename: "PaymentPlan",
  id: "UGF5bWVudFBsYW46MQ==",
  status: "ACTIVE",
  currency: "NGN",
  partCount: 3,
  paidParts: 1,
  paused: true,
  nextDueOn: day(-10),
  overdueParts: 1,
  total: naira("₦150,000.00"),
  track: { __typename: "Track", id: trackId, name: "Cloud Computing Fundamentals" },
  parts: [part(1, "PAID", null), part(2, "PENDING", day(-10)), part(3, "PENDING", day(20))],
};

const visaCard = { brand: "visa", last4: "4081", expiry: "12/2030", currency: "NGN" };

// What the mock server answers; each test sets the plans, the cards and the learner's enrollment.
const server = { plans: [] as unknown[], cards: [] as unknown[], pausedReason: null as string | null };
const learner = () => ({
  __typename: "Learner",
  id: "TGVhcm5lcjox",
  enrollments: {
    edges: [
      {
        node: {
          id: "RW5yb2xsbWVudDox",
          status: "ACTIVE",
          progress: 40,
          continueLessonId: null,
          certificate: null,
          pausedReason: server.pausedReason,
          createdAt: "2026-10-01T09:00:00.000Z",
          track: { id: trackId, name: "Cloud Computing Fundamentals", image: null },
        },
      },
    ],
  },
});
const resolvers: MockPayloadGenerator.MockResolvers = {
  Query: () => ({ me: learner(), myPaymentPlans: server.plans, mySavedCards: server.cards }),
};

function openPortal({
  plans = [],
  cards = [],
  pausedReason = null,
  answer,
}: {
  plans?: unknown[];
  cards?: unknown[];
  pausedReason?: string | null;
  answer?: Answer;
} = {}) {
  Object.assign(server, { plans, cards, pausedReason });
  logInAs();
  return renderLearner("/portal", { preloaded: [[PortalDashboardPageQuery, {}]], resolvers, answer });
}

const payAnswer =
  (asked: unknown[], response: unknown = { authorizationUrl: "https://checkout.paystack.test/pay-2", reference: "lh-part-2" }) =>
  (operation: Parameters<Answer>[0]) => {
    if (operationName(operation) !== "usePayInstalmentMutation") return undefined;
    asked.push(operation.request.variables);
    return { data: { payInstalment: { __typename: "PayInstalmentPayload", ...(response as object) } } };
  };

beforeEach(() => localStorage.clear());

describe("the portal's payment plans", () => {
  it("shows nothing about plans to a learner without any", async () => {
    openPortal();
    expect(await screen.findByRole("heading", { name: "My tracks" })).toBeTruthy();
    await screen.findByText("Cloud Computing Fundamentals");
    expect(screen.queryByRole("heading", { name: "Payment plans" })).toBeNull();
  });

  it("lists each plan's parts (paid, overdue, upcoming) with amounts in its currency, and the card later parts are charged to", async () => {
    openPortal({ plans: [overduePlan], cards: [visaCard] });
    const section = (await screen.findByRole("heading", { name: "Payment plans" })).closest("section")!;
    const plan = within(section).getByRole("article", { name: "Cloud Computing Fundamentals" });
    expect(within(plan).getByText("Access paused")).toBeTruthy();
    expect(plan.textContent).toContain("1 of 3 parts paid · Total ₦150,000.00");
    expect(plan.textContent).toContain("Card ending 4081 (Visa, expires 12/2030) is charged on each due date.");
    const rows = within(within(plan).getByRole("table", { name: "Instalments of Cloud Computing Fundamentals" }))
      .getAllByRole("row")
      .slice(1);
    const cells = rows.map((row) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    );
    expect(cells.map((c) => [c[0], c[2], c[3], c[4]])).toEqual([
      ["1 of 3", "₦60,000.00", "Paid", ""],
      ["2 of 3", "₦45,000.00", "Overdue", "Pay now"],
      ["3 of 3", "₦45,000.00", "Upcoming", ""],
    ]);
  });

  it("offers no 'Pay now' while every unpaid part is more than 3 days away", async () => {
    const current = {
      ...overduePlan,
      paused: false,
      overdueParts: 0,
      parts: [part(1, "PAID", null), part(2, "PENDING", day(10)), part(3, "PENDING", day(40))],
    };
    openPortal({ plans: [current], cards: [visaCard] });
    const plan = await screen.findByRole("article", { name: "Cloud Computing Fundamentals" });
    expect(within(plan).queryByText("Access paused")).toBeNull();
    expect(within(plan).queryByRole("button", { name: /Pay now/ })).toBeNull();
    // No empty "Action" column either.
    expect(
      within(plan)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Part", "Due", "Amount", "Status"]);
  });

  it("says how later parts are paid without a saved card in the plan's currency", async () => {
    openPortal({ plans: [overduePlan], cards: [{ ...visaCard, currency: "USD" }] });
    const plan = await screen.findByRole("article", { name: "Cloud Computing Fundamentals" });
    expect(plan.textContent).toContain("No saved card: we e-mail you a payment link on each due date");
    expect(plan.textContent).not.toContain("4081");
  });

  it("'Pay now' asks payInstalment for the part and sends the browser to Paystack's page", async () => {
    const open = vi.spyOn(paystackPage, "open").mockImplementation(() => {});
    const asked: unknown[] = [];
    openPortal({ plans: [overduePlan], cards: [visaCard], answer: payAnswer(asked) });
    const plan = await screen.findByRole("article", { name: "Cloud Computing Fundamentals" });
    await act(async () => fireEvent.click(within(plan).getByRole("button", { name: /Pay now: part 2/ })));
    expect(asked).toEqual([{ id: "SW52b2ljZTo2" }]);
    await waitFor(() => expect(open).toHaveBeenCalledWith("https://checkout.paystack.test/pay-2"));
    // The payment page that Paystack comes back to thanks for an instalment, not an enrollment.
    expect(isInstalmentPayment("lh-part-2")).toBe(true);
  });

  it("shows the server's refusal of 'Pay now' and stays on the page", async () => {
    const open = vi.spyOn(paystackPage, "open").mockImplementation(() => {});
    const refusal = "This instalment is already paid.";
    openPortal({
      plans: [overduePlan],
      answer: (operation) =>
        operationName(operation) === "usePayInstalmentMutation"
          ? { data: { payInstalment: errorResult("ConflictError", refusal) } }
          : undefined,
    });
    const plan = await screen.findByRole("article", { name: "Cloud Computing Fundamentals" });
    await act(async () => fireEvent.click(within(plan).getByRole("button", { name: /Pay now: part 2/ })));
    expect((await screen.findByRole("alert")).textContent).toBe(refusal);
    expect(open).not.toHaveBeenCalled();
  });

  it("a paused track's card says why and its 'Pay now' pays the overdue part", async () => {
    vi.spyOn(paystackPage, "open").mockImplementation(() => {});
    const asked: unknown[] = [];
    const reason = "Instalment 2 of 3 is overdue.";
    openPortal({ plans: [overduePlan], cards: [visaCard], pausedReason: reason, answer: payAnswer(asked) });
    const resume = await screen.findByRole("button", { name: "Pay now to resume Cloud Computing Fundamentals" });
    expect(resume.closest("div")?.textContent).toContain(`Access paused. ${reason}`);
    await act(async () => fireEvent.click(resume));
    expect(asked).toEqual([{ id: "SW52b2ljZTo2" }]);
  });

  it("'Pay now' that fails to reach the server says so", async () => {
    openPortal({
      plans: [overduePlan],
      answer: (operation) => (operationName(operation) === "usePayInstalmentMutation" ? new Error("Failed to fetch") : undefined),
    });
    const plan = await screen.findByRole("article", { name: "Cloud Computing Fundamentals" });
    await act(async () => fireEvent.click(within(plan).getByRole("button", { name: /Pay now: part 2/ })));
    expect((await screen.findByRole("alert")).textContent).toBe(PAY_NOW_FAILED);
  });
});

describe("an instalment's state", () => {
  const now = new Date("2026-12-10T12:00:00Z");
  it.each([
    [{ status: "PAID", dueDate: "2026-11-01" }, "ACTIVE", "paid"],
    [{ status: "REFUNDED", dueDate: "2026-11-01" }, "ACTIVE", "refunded"],
    [{ status: "VOID", dueDate: "2026-11-01" }, "COMPLETED", "waived"],
    [{ status: "VOID", dueDate: "2026-11-01" }, "CANCELLED", "cancelled"],
    [{ status: "PENDING", dueDate: "2026-12-09" }, "ACTIVE", "overdue"],
    [{ status: "PENDING", dueDate: "2026-12-10" }, "ACTIVE", "due"],
    [{ status: "PENDING", dueDate: "2026-12-13" }, "ACTIVE", "due"],
    [{ status: "PENDING", dueDate: "2026-12-14" }, "ACTIVE", "upcoming"],
  ] as const)("%o of a plan %s is %s", (part, planStatus, state) => {
    expect(partState(part, planStatus, now)).toBe(state);
  });
});
