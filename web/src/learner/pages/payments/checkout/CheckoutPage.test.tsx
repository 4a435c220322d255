import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { MockPayloadGenerator } from "relay-test-utils";
import { beforeEach, describe, expect, it } from "vitest";
import { money, trackPrice } from "../../../../test/money.ts";
import { NGN_PLAN } from "../../../test/instalments.ts";
import { type Answer, errorResult, logInAs, operationName, renderLearner } from "../../../test/renderLearner.tsx";
import CheckoutPageQuery from "./__generated__/CheckoutPageQuery.graphql.ts";
import { validateCheckout } from "./_components/CheckoutForm.tsx";

const trackId = "VHJhY2s6MQ==";

const learner = {
  __typename: "Learner",
  id: "TGVhcm5lcjox",
  fullName: "Ada Nwosu",
  firstName: "Ada",
  lastName: "Nwosu",
  email: "ada@example.com",
  contact: "+234 800 555 0100",
  gender: "FEMALE",
  location: "Lagos",
  bio: null,
};

// What the mock server knows; each test sets the visitor, the price and whether bank transfer is offered.
const server = { signedIn: true, price: 350, offline: false, plan: null as typeof NGN_PLAN | null };
const resolvers: MockPayloadGenerator.MockResolvers = {
  Track: () => ({
    id: trackId,
    name: "Cloud Computing Fundamentals",
    ...trackPrice(server.price),
    // Also sold in cedis (only a learner who picked them sees it).
    prices: [money(server.price), money(1_200, "GHS")],
    instructor: "Amara Okafor",
    image: null,
    instalmentPlan: server.plan,
  }),
  InstalmentOffer: () => server.plan,
  // `me` is null for a visitor without a valid session.
  Query: () => ({ me: server.signedIn ? learner : null, paymentOptions: { offlinePaymentsEnabled: server.offline } }),
  Account: () => learner,
  CheckoutPayload: () => ({ authorizationUrl: null, reference: null, message: "Successfully Enrolled!" }),
};

function openCheckout({
  signedIn = true,
  price = 350,
  offline = false,
  plan = null,
  answer,
}: {
  signedIn?: boolean;
  price?: number;
  offline?: boolean;
  plan?: typeof NGN_PLAN | null;
  answer?: Answer;
} = {}) {
  Object.assign(server, { signedIn, price, offline, plan });
  if (signedIn) logInAs();
  return renderLearner(`/checkout/${trackId}`, {
    preloaded: [[CheckoutPageQuery, { id: trackId }]],
    resolvers,
    answer,
  });
}

const submit = (name: RegExp) => act(async () => fireEvent.click(screen.getByRole("button", { name })));

beforeEach(() => localStorage.clear());

describe("checkout", () => {
  it("requires contact and gender (Male or Female); location and description are optional", () => {
    const valid = { contact: "+234 800 555 0100", gender: "MALE" as const, location: "", description: "" };
    expect(validateCheckout(valid)).toEqual({});
    expect(validateCheckout({ ...valid, contact: " ", gender: "" })).toEqual({
      contact: "Contact is required.",
      gender: "Please select your gender (Male or Female).",
    });
    expect(validateCheckout({ ...valid, contact: "call me" })).toEqual({ contact: "Please enter a valid phone number." });
  });

  it("says 'You must be logged in to enroll.' to a visitor and offers to log in and come back", async () => {
    openCheckout({ signedIn: false });
    expect((await screen.findByRole("alert")).textContent).toBe("You must be logged in to enroll.");
    expect(screen.queryByRole("button", { name: /Proceed to payment/ })).toBeNull();
    expect(screen.getByRole("main").querySelector('a[href="/learner-login"]')).toBeTruthy();
  });

  it("shows the learner's name and e-mail read-only and checks contact and gender before calling the server", async () => {
    const { operations } = openCheckout();
    const form = (await screen.findByRole("button", { name: /Proceed to payment/ })).closest("form")!;
    const name = within(form).getByLabelText(/^Full name/) as HTMLInputElement;
    const email = within(form).getByLabelText(/^Email/) as HTMLInputElement;
    expect([name.value, name.readOnly, email.value, email.readOnly]).toEqual(["Ada Nwosu", true, "ada@example.com", true]);

    fireEvent.change(within(form).getByLabelText(/^Contact/), { target: { value: "" } });
    fireEvent.change(within(form).getByLabelText(/^Gender/), { target: { value: "" } });
    await submit(/Proceed to payment/);
    expect(screen.getByText("Contact is required.")).toBeTruthy();
    expect(screen.getByText("Please select your gender (Male or Female).")).toBeTruthy();
    expect(
      within(form)
        .getByLabelText(/^Contact/)
        .getAttribute("aria-invalid"),
    ).toBe("true");
    expect(operations).not.toContain("CheckoutFormMutation");
  });

  it("enrolls in a free track: 'Successfully Enrolled!', then the portal after 2 s", async () => {
    const { router, operations } = openCheckout({
      price: 0,
      answer: (operation) => {
        if (operationName(operation) !== "CheckoutFormMutation") return undefined;
        expect(operation.request.variables).toMatchObject({
          input: { trackId, contact: "+234 800 555 0100", gender: "FEMALE", location: "Lagos", description: null },
          free: true,
        });
        return undefined;
      },
    });
    await screen.findByRole("button", { name: /Enroll for free/ });
    await submit(/Enroll for free/);
    expect(operations).toContain("CheckoutFormMutation");
    expect(await screen.findByText("Successfully Enrolled!")).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe("/portal"));
  });

  it.each([
    [
      "the server's message",
      { data: { checkout: errorResult("ConflictError", "You are already enrolled in this track.") } },
      "You are already enrolled in this track.",
    ],
    ["'An error occurred.' when the request fails", new Error("Failed to fetch"), "An error occurred."],
  ])("shows %s", async (_case, response, message) => {
    openCheckout({ answer: (operation) => (operationName(operation) === "CheckoutFormMutation" ? response : undefined) });
    await screen.findByRole("button", { name: /Proceed to payment/ });
    await submit(/Proceed to payment/);
    expect((await screen.findByRole("alert")).textContent).toBe(message);
  });

  it("offers card or bank transfer / mobile money when the owner enabled it; the latter goes to the page with the instructions", async () => {
    openCheckout();
    await screen.findByRole("button", { name: /Proceed to payment/ });
    expect(screen.queryByRole("radio", { name: /Bank transfer/ })).toBeNull();
    cleanup();
    const reference = "lh-mwva77t8-2dfd71e75b7cbc57";
    const { router } = openCheckout({
      offline: true,
      answer: (operation) => {
        if (operationName(operation) !== "CheckoutFormMutation") return undefined;
        expect(operation.request.variables.input).toMatchObject({ method: "OFFLINE" });
        return {
          data: {
            checkout: {
              __typename: "CheckoutPayload",
              authorizationUrl: null,
              reference,
              offline: true,
              message: "Pay by bank transfer or mobile money with your reference; you are enrolled once we confirm it.",
            },
          },
        };
      },
    });
    expect(((await screen.findByRole("radio", { name: /^Card/ })) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole("radio", { name: /Bank transfer \/ mobile money/ }));
    await submit(/Get payment instructions/);
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(`/payment-verification?reference=${reference}`),
    );
  });
  it("applies a coupon: the server's quote shows in the summary, the checkout sends the code; a refused code shows under the field", async () => {
    let sent: unknown = null;
    openCheckout({
      answer: (operation) => {
        if (operationName(operation) === "CouponFieldQuery") {
          if (operation.request.variables.couponCode === "nope") {
            return { data: { checkoutQuote: { __typename: "ValidationError", message: "This coupon code is not valid." } } };
          }
          return {
            data: {
              checkoutQuote: {
                __typename: "CheckoutQuote",
                subtotalCents: 35_000,
                discountCents: 8_750,
                taxCents: 0,
                amountCents: 26_250,
                currency: "USD",
                couponCode: "SPRING25",
              },
            },
          };
        }
        if (operationName(operation) === "CheckoutFormMutation") {
          sent = operation.request.variables.input;
          const usedUp = "This coupon has been used up.";
          return { data: { checkout: errorResult("ValidationError", usedUp, { fieldErrors: [{ field: "coupon", message: usedUp }] }) } };
        }
        return undefined;
      },
    });
    await screen.findByRole("button", { name: /Proceed to payment/ });
    const field = screen.getByLabelText(/^Coupon code/);
    fireEvent.change(field, { target: { value: "nope" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Apply" })));
    expect(await screen.findByText("This coupon code is not valid.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Coupon code/), { target: { value: "spring25" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Apply" })));
    const summary = await screen.findByRole("complementary", { name: "Order summary" });
    await waitFor(() => expect(within(summary).getByText("Discount (SPRING25)")).toBeTruthy());
    expect(within(summary).getByText("−$87.50")).toBeTruthy();
    expect(within(summary).getByText("$262.50")).toBeTruthy();
    await submit(/Proceed to payment/);
    expect(sent).toMatchObject({ coupon: "SPRING25" });
    expect((await screen.findByRole("alert")).textContent).toBe("This coupon has been used up.");
    // The coupon no longer applies: back to the list price, the refusal under the field.
    await waitFor(() => expect(within(summary).queryByText("Discount (SPRING25)")).toBeNull());
    expect(within(summary).getByText("$350.00")).toBeTruthy();
    expect(screen.getAllByText("This coupon has been used up.").length).toBe(2);
  });

  it("checks out in the learner's currency where the track is sold in it, and in the business currency with a note elsewhere", async () => {
    const sent: unknown[] = [];
    const answer: Answer = (operation) => {
      if (operationName(operation) === "CouponFieldQuery") sent.push(operation.request.variables);
      if (operationName(operation) !== "CheckoutFormMutation") return undefined;
      sent.push(operation.request.variables.input);
      return { data: { checkout: errorResult("ValidationError", "Stop here.") } };
    };
    localStorage.setItem("learnerCurrency", "GHS");
    openCheckout({ answer });
    const summary = await screen.findByRole("complementary", { name: "Order summary" });
    await waitFor(() => expect(within(summary).getByText("GH₵1,200.00")).toBeTruthy());
    fireEvent.change(screen.getByLabelText(/^Coupon code/), { target: { value: "spring25" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Apply" })));
    await submit(/Proceed to payment/);
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]).toMatchObject({ couponCode: "spring25", currency: "GHS" });
    expect(sent[1]).toMatchObject({ currency: "GHS" });

    cleanup();
    sent.length = 0;
    localStorage.setItem("learnerCurrency", "KES");
    openCheckout({ answer });
    const again = await screen.findByRole("complementary", { name: "Order summary" });
    await waitFor(() => expect(within(again).getByText("$350.00")).toBeTruthy());
    expect(within(again).getByText("Not sold in KES; price in USD.")).toBeTruthy();
    await submit(/Proceed to payment/);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).not.toHaveProperty("currency");
  });

  it("offers no choice of plan for a track without instalments", async () => {
    openCheckout();
    await screen.findByRole("button", { name: /Proceed to payment/ });
    expect(screen.queryByRole("radio", { name: /Pay in full/ })).toBeNull();
  });

  it("lets the learner pay in instalments: the schedule shows, card only, and the checkout asks for plan INSTALMENTS", async () => {
    let sent: Record<string, unknown> | null = null;
    openCheckout({
      offline: true,
      plan: NGN_PLAN,
      answer: (operation) => {
        if (operationName(operation) !== "CheckoutFormMutation") return undefined;
        sent = operation.request.variables.input;
        return undefined;
      },
    });
    const full = (await screen.findByRole("radio", { name: /Pay in full/ })) as HTMLInputElement;
    expect(full.checked).toBe(true);
    expect(screen.queryByRole("list", { name: "Your instalments" })).toBeNull();
    const parts = screen.getByRole("radio", { name: /Pay in 3 monthly instalments/ });
    expect(parts.closest("label")?.textContent).toContain("₦60,000.00 today, then 2 parts");
    fireEvent.click(parts);
    const schedule = screen.getByRole("list", { name: "Your instalments" });
    expect(
      within(schedule)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Part 1Today₦60,000.00", "Part 2Dec 29, 2026₦45,000.00", "Part 3Jan 29, 2027₦45,000.00"]);
    // Instalments are by card: bank transfer / mobile money is not offered with them.
    expect(screen.queryByRole("radio", { name: /Bank transfer/ })).toBeNull();
    await submit(/Pay the first instalment/);
    expect(sent).toMatchObject({ trackId, plan: "INSTALMENTS" });
    expect(sent).not.toHaveProperty("method");
  });

  it("shows the server's refusal of a coupon with instalments", async () => {
    const refusal = "Coupons cannot be combined with instalments: pay in full to use a coupon.";
    let sent: Record<string, unknown> | null = null;
    openCheckout({
      plan: NGN_PLAN,
      answer: (operation) => {
        if (operationName(operation) === "CouponFieldQuery") {
          const quote = { subtotalCents: 35_000, discountCents: 3_500, taxCents: 0, amountCents: 31_500, couponCode: "SAVE10" };
          return { data: { checkoutQuote: { __typename: "CheckoutQuote", ...quote } } };
        }
        if (operationName(operation) !== "CheckoutFormMutation") return undefined;
        sent = operation.request.variables.input;
        return { data: { checkout: errorResult("ValidationError", refusal, { fieldErrors: [{ field: "coupon", message: refusal }] }) } };
      },
    });
    fireEvent.change(await screen.findByLabelText(/^Coupon code/), { target: { value: "save10" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Apply" })));
    const summary = await screen.findByRole("complementary", { name: "Order summary" });
    await waitFor(() => expect(within(summary).getByText("Discount (SAVE10)")).toBeTruthy());
    fireEvent.click(screen.getByRole("radio", { name: /Pay in 3 monthly instalments/ }));
    await submit(/Pay the first instalment/);
    expect(sent).toMatchObject({ coupon: "SAVE10", plan: "INSTALMENTS" });
    expect((await screen.findByRole("alert")).textContent).toBe(refusal);
    // The coupon is dropped, so paying in instalments can go ahead; the refusal stays under the field.
    await waitFor(() => expect(within(summary).queryByText("Discount (SAVE10)")).toBeNull());
    expect(screen.getAllByText(refusal).length).toBe(2);
  });
});
