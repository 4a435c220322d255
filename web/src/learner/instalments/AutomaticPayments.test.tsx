import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { MockPayloadGenerator } from "relay-test-utils";
import { beforeEach, describe, expect, it, vi } from "vitest";
import PortalDashboardPageQuery from "../pages/learning/portal/__generated__/PortalDashboardPageQuery.graphql.ts";
import { type Answer, errorResult, logInAs, operationName, renderLearner } from "../test/renderLearner.tsx";
import { ADD_CARD_FAILED } from "./useCardSetup.ts";
import { paystackPage } from "./usePayInstalment.ts";

/** Automatic payments in the portal (docs/payments.md, "Saving a card"): add a card, the check's outcome, remove. */

const naira = (formatted: string) => ({ formatted, minor: 0, currency: "NGN" });
const plan = {
  __typename: "PaymentPlan",
  id: "UGF5bWVudFBsYW46MQ==",
  status: "ACTIVE",
  currency: "NGN",
  partCount: 3,
  paidParts: 1,
  paused: false,
  nextDueOn: "2027-01-05",
  overdueParts: 0,
  total: naira("₦150,000.00"),
  track: { __typename: "Track", id: "VHJhY2s6MQ==", name: "Cloud Computing Fundamentals" },
  parts: [
    {
      __typename: "Invoice",
      id: "SW52b2ljZTox",
      number: "INV-1",
      partNumber: 1,
      status: "PAID",
      dueDate: null,
      total: naira("₦60,000.00"),
    },
  ],
};
const visa = { __typename: "SavedCard", id: "U2F2ZWRDYXJkOjE=", brand: "visa", last4: "4081", expiry: "12/2030", currency: "NGN" };

const server = { cards: [] as unknown[] };
const resolvers: MockPayloadGenerator.MockResolvers = {
  Query: () => ({
    me: { __typename: "Learner", id: "TGVhcm5lcjox", enrollments: { edges: [] } },
    myPaymentPlans: [plan],
    mySavedCards: server.cards,
  }),
};

function openPortal({ path = "/portal", cards = [] as unknown[], answer }: { path?: string; cards?: unknown[]; answer?: Answer } = {}) {
  server.cards = cards;
  logInAs();
  return renderLearner(path, { preloaded: [[PortalDashboardPageQuery, {}]], resolvers, answer });
}

/** Records each mutation's variables by name and answers it with `payloads[name]`. */
function mutations(payloads: Record<string, unknown>) {
  const asked: Record<string, unknown[]> = {};
  const answer: Answer = (operation) => {
    const name = operationName(operation);
    if (!(name in payloads)) return undefined;
    asked[name] = [...(asked[name] ?? []), operation.request.variables];
    const payload = payloads[name];
    return payload instanceof Error ? payload : { data: payload as Record<string, unknown> };
  };
  return { asked, answer };
}

const automaticPayments = () => screen.findByRole("article", { name: "Automatic payments" });

beforeEach(() => localStorage.clear());

describe("automatic payments in the portal", () => {
  it("a plan without a saved card offers 'Add a card' with the check amount; it opens Paystack's card check", async () => {
    const open = vi.spyOn(paystackPage, "open").mockImplementation(() => {});
    const { asked, answer } = mutations({
      useCardSetupAddMutation: {
        addPaymentCard: { __typename: "AddPaymentCardPayload", authorizationUrl: "https://checkout.paystack.test/card" },
      },
    });
    openPortal({ answer });
    const box = await automaticPayments();
    expect(box.textContent).toContain("Pay later parts automatically: add a card. ₦50.00 is charged to check it and refunded at once.");
    expect(screen.queryByRole("article", { name: "Saved cards" })).toBeNull();
    await act(async () => fireEvent.click(within(box).getByRole("button", { name: "Add a card" })));
    expect(asked.useCardSetupAddMutation).toEqual([{ currency: "NGN" }]);
    await waitFor(() => expect(open).toHaveBeenCalledWith("https://checkout.paystack.test/card"));
  });

  it("shows the server's refusal, or a failed request, and lets the learner try again", async () => {
    const open = vi.spyOn(paystackPage, "open").mockImplementation(() => {});
    const refusal = "You have no active payment plan in NGN, so there is nothing to save a card for.";
    const { answer } = mutations({
      useCardSetupAddMutation: { addPaymentCard: errorResult("ValidationError", refusal, { fieldErrors: [] }) },
    });
    openPortal({ answer });
    const box = await automaticPayments();
    await act(async () => fireEvent.click(within(box).getByRole("button", { name: "Add a card" })));
    expect((await within(box).findByRole("alert")).textContent).toBe(refusal);
    expect(open).not.toHaveBeenCalled();
    expect((within(box).getByRole("button", { name: "Add a card" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("a request that fails says so", async () => {
    const { answer } = mutations({ useCardSetupAddMutation: new Error("Failed to fetch") });
    openPortal({ answer });
    const box = await automaticPayments();
    await act(async () => fireEvent.click(within(box).getByRole("button", { name: "Add a card" })));
    expect((await within(box).findByRole("alert")).textContent).toBe(ADD_CARD_FAILED);
  });

  it("back from Paystack, the check is confirmed once: the card is saved, listed, and 'Add a card' goes", async () => {
    const { asked, answer } = mutations({
      useCardSetupConfirmMutation: {
        confirmPaymentCard: { __typename: "ConfirmPaymentCardPayload", status: "SAVED", reason: null, card: visa },
      },
    });
    openPortal({ path: "/portal?cardSetup=lhcard-abc&trxref=lhcard-abc&reference=lhcard-abc", answer });
    expect((await screen.findByText("Card saved: Visa •••• 4081")).closest("[role=status]")?.textContent).toContain(
      "Later parts in NGN are charged to it",
    );
    expect(asked.useCardSetupConfirmMutation).toEqual([{ reference: "lhcard-abc" }]);
    const saved = await screen.findByRole("article", { name: "Saved cards" });
    expect(saved.textContent).toContain("Visa •••• 4081 · expires 12/2030 · for payments in NGN");
    expect(screen.queryByRole("article", { name: "Automatic payments" })).toBeNull();
    expect(screen.getByText(/Card ending 4081/)).toBeTruthy();
  });

  it("a check that saved nothing says why, and 'Add a card' stays", async () => {
    const reason = "This card cannot be charged automatically. Nothing was kept, and the check amount is refunded.";
    const { answer } = mutations({
      useCardSetupConfirmMutation: {
        confirmPaymentCard: { __typename: "ConfirmPaymentCardPayload", status: "FAILED", reason, card: null },
      },
    });
    openPortal({ path: "/portal?cardSetup=lhcard-abc", answer });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(`Your card was not saved${reason}`);
    expect(await automaticPayments()).toBeTruthy();
  });

  it("another learner's (or an unknown) check reads as not found", async () => {
    const { answer } = mutations({
      useCardSetupConfirmMutation: { confirmPaymentCard: errorResult("NotFoundError", "Card check not found.") },
    });
    openPortal({ path: "/portal?cardSetup=lhcard-other", answer });
    expect((await screen.findByRole("alert")).textContent).toBe("Card check not found.");
  });

  it("'Remove' asks first; confirmed, the card goes and 'Add a card' comes back; cancelled, nothing is asked", async () => {
    const { asked, answer } = mutations({
      useCardSetupRemoveMutation: { removeSavedCard: { __typename: "DeletePayload", deletedId: visa.id } },
    });
    openPortal({ cards: [visa], answer });
    const saved = await screen.findByRole("article", { name: "Saved cards" });
    expect(screen.queryByRole("article", { name: "Automatic payments" })).toBeNull();
    fireEvent.click(within(saved).getByRole("button", { name: "Remove Visa •••• 4081" }));
    let dialog = await screen.findByRole("alertdialog", { name: "Remove this card?" });
    expect(dialog.textContent).toContain("Later parts in NGN will no longer be charged to Visa •••• 4081");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(asked.useCardSetupRemoveMutation).toBeUndefined();

    fireEvent.click(within(saved).getByRole("button", { name: "Remove Visa •••• 4081" }));
    dialog = await screen.findByRole("alertdialog", { name: "Remove this card?" });
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Remove card" })));
    expect(asked.useCardSetupRemoveMutation).toEqual([{ id: visa.id }]);
    await waitFor(() => expect(screen.queryByRole("article", { name: "Saved cards" })).toBeNull());
    expect(await automaticPayments()).toBeTruthy();
  });

  it("a refused removal stays in the dialog with the reason", async () => {
    const { answer } = mutations({
      useCardSetupRemoveMutation: { removeSavedCard: errorResult("NotFoundError", "Saved card not found.") },
    });
    openPortal({ cards: [visa], answer });
    const saved = await screen.findByRole("article", { name: "Saved cards" });
    fireEvent.click(within(saved).getByRole("button", { name: "Remove Visa •••• 4081" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Remove this card?" });
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Remove card" })));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Saved card not found.");
  });
});
