import { cleanup, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { type Answer, operationName, renderLearner } from "../../../test/renderLearner.tsx";
import { rememberCheckout, rememberInstalment } from "../checkout/checkoutReturn.ts";
import { DELAYED_TITLES, NOT_CHARGED, NOTHING_TAKEN } from "./PaymentVerificationPage.tsx";

const TRACK = "3f0c2a4e-8d7b-4c1a-9e5f-2b6d8a0c4e1f";

function verifyAnswers(verifyPayment: Record<string, unknown> | Error, live = "PENDING"): Answer {
  return (operation) => {
    if (operationName(operation) === "PaymentVerificationPageSubscription") {
      return { data: { paymentStatus: { reference: "ref-1", status: live } } };
    }
    if (verifyPayment instanceof Error) return verifyPayment;
    return { data: { verifyPayment } };
  };
}

const declined = { __typename: "VerifyPaymentPayload", success: false, status: "FAILED", message: "Verification failed." };

beforeEach(() => sessionStorage.clear());

describe("payment verification", () => {
  it("after a declined card keeps 'Verification failed.', says the card was not charged and offers Try again to the same checkout", async () => {
    rememberCheckout("ref-1", TRACK);
    renderLearner("/payment-verification?reference=ref-1", { answer: verifyAnswers(declined) });
    expect((await screen.findByRole("alert")).textContent).toBe("Verification failed.");
    expect(screen.getByText(NOT_CHARGED)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Try again" }).getAttribute("href")).toBe(`/checkout/${TRACK}`);
    expect(screen.getByRole("link", { name: "Back to tracks" })).toBeTruthy();
  });

  it("offers no Try again for another payment's reference, and none when the outcome is unknown", async () => {
    rememberCheckout("ref-other", TRACK);
    renderLearner("/payment-verification?reference=ref-1", { answer: verifyAnswers(declined) });
    await screen.findByRole("alert");
    expect(screen.getByText(NOT_CHARGED)).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Try again" })).toBeNull();
  });

  it("an expired checkout is not told it failed or that a card was involved, and may start again", async () => {
    rememberCheckout("ref-1", TRACK);
    const message = "This checkout was not paid in time, so nothing was taken. Start again to enroll.";
    const expired = { __typename: "VerifyPaymentPayload", success: false, status: "EXPIRED", message };
    renderLearner("/payment-verification?reference=ref-1", { answer: verifyAnswers(expired) });
    expect((await screen.findByRole("heading", { level: 1, name: "Checkout expired" })).textContent).toBe("Checkout expired");
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByText(NOT_CHARGED)).toBeNull();
    expect(screen.queryByText("Payment Verification Failed")).toBeNull();
    expect(screen.getByRole("link", { name: "Start again" }).getAttribute("href")).toBe(`/checkout/${TRACK}`);
  });

  it("neither says 'not charged' nor offers Try again when the check itself failed", async () => {
    rememberCheckout("ref-1", TRACK);
    renderLearner("/payment-verification?reference=ref-1", { answer: verifyAnswers(new Error("offline")) });
    expect((await screen.findByRole("alert")).textContent).toBe("There was an issue confirming your payment.");
    expect(screen.queryByText(NOT_CHARGED)).toBeNull();
    expect(screen.queryByRole("link", { name: "Try again" })).toBeNull();
  });

  const transfer = {
    __typename: "VerifyPaymentPayload",
    success: false,
    status: "PENDING",
    message: "We are waiting for your bank transfer. It can take a few minutes to arrive.",
    channel: "BANK_TRANSFER",
  };

  it("a pending bank transfer waits for it, says so, and may be left", async () => {
    renderLearner("/payment-verification?reference=ref-1", { answer: verifyAnswers(transfer) });
    expect(await screen.findByRole("heading", { level: 1, name: DELAYED_TITLES.bank_transfer })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe(transfer.message);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("link", { name: "View my invoices" })).toBeTruthy();
  });

  it("turns to paid when the live status says the transfer arrived", async () => {
    renderLearner("/payment-verification?reference=ref-1", { answer: verifyAnswers(transfer, "PAID") });
    expect(await screen.findByRole("heading", { level: 1, name: "Payment successful" })).toBeTruthy();
  });

  it("a declined mobile money prompt fails the page without talking about a card", async () => {
    const declinedPrompt = { ...declined, channel: "MOBILE_MONEY" };
    renderLearner("/payment-verification?reference=ref-1", { answer: verifyAnswers(declinedPrompt) });
    expect((await screen.findByRole("alert")).textContent).toBe("Verification failed.");
    expect(screen.getByText(NOTHING_TAKEN)).toBeTruthy();
    expect(screen.queryByText(NOT_CHARGED)).toBeNull();
  });

  it("thanks for an instalment paid from the portal, and sends a declined one back to the payment plans", async () => {
    rememberInstalment("ref-1");
    const paid = { __typename: "VerifyPaymentPayload", success: true, status: "PAID", message: "Payment successful." };
    renderLearner("/payment-verification?reference=ref-1", { answer: verifyAnswers(paid) });
    expect(await screen.findByText("Your instalment is paid: your access to the track continues.")).toBeTruthy();
    expect(screen.queryByText("You have successfully enrolled!")).toBeNull();
    cleanup();
    renderLearner("/payment-verification?reference=ref-1", { answer: verifyAnswers(declined) });
    await screen.findByRole("alert");
    expect(screen.getByRole("link", { name: "Try again" }).getAttribute("href")).toBe("/portal#payment-plans");
  });
});
