import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { otpDigits } from "../../../../shared/format/format.ts";
import { errorResult, operationName, renderLearner } from "../../../test/renderLearner.tsx";

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

async function openWithEmail(answer?: Parameters<typeof renderLearner>[1]) {
  localStorage.setItem("verificationEmail", "efua@example.com");
  const rendered = renderLearner("/learner-otp", answer);
  await screen.findByRole("heading", { name: "Verify your email" });
  return rendered;
}

const codeInput = () => screen.getByLabelText(/^Verification code/) as HTMLInputElement;

describe("learner OTP", () => {
  it("keeps digits only, at most 6", async () => {
    expect(otpDigits("12a3-4 5678")).toBe("123456");
    await openWithEmail();
    fireEvent.change(codeInput(), { target: { value: "4x2 9" } });
    expect(codeInput().value).toBe("429");
    fireEvent.change(codeInput(), { target: { value: "12345678" } });
    expect(codeInput().value).toBe("123456");
  });

  it("says 'OTP must be 6 digits.' for a shorter code, without calling the server", async () => {
    const { operations } = await openWithEmail();
    fireEvent.change(codeInput(), { target: { value: "123" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Verify" })));
    expect(screen.getByText("OTP must be 6 digits.")).toBeTruthy();
    expect(codeInput().getAttribute("aria-invalid")).toBe("true");
    expect(operations).toEqual([]);
  });

  it("sends the sign-up's registration token with the code, and forgets both once verified", async () => {
    localStorage.setItem("verificationRegistration", "reg-3");
    let sent: unknown;
    await openWithEmail({
      answer: (operation) => {
        sent = operation.request.variables;
        return { data: { verifyEmail: { __typename: "VerifyEmailPayload", message: "Email verified.", choosePassword: false } } };
      },
    });
    fireEvent.change(codeInput(), { target: { value: "123456" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Verify" })));
    await waitFor(() => expect(localStorage.getItem("verificationEmail")).toBeNull());
    expect(sent).toEqual({ input: { email: "efua@example.com", code: "123456", registration: "reg-3" } });
    expect(localStorage.getItem("verificationRegistration")).toBeNull();
  });

  it("a contested sign-up: says no password was kept and stays off the login page", async () => {
    const message = "Email verified. This address was signed up more than once, so no password was kept.";
    const { router } = await openWithEmail({
      answer: () => ({ data: { verifyEmail: { __typename: "VerifyEmailPayload", message, choosePassword: true } } }),
    });
    fireEvent.change(codeInput(), { target: { value: "123456" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Verify" })));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Email verified" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/learner-otp");
    expect(localStorage.getItem("verificationEmail")).toBeNull();
  });

  it("redirects to /learners-signup when no e-mail is stored", async () => {
    const { router } = renderLearner("/learner-otp");
    await screen.findByRole("heading", { name: "Create your account" });
    expect(router.state.location.pathname).toBe("/learners-signup");
  });

  it("on success removes the stored e-mail, says so in a toast (no window.alert) and goes to /learner-login with the e-mail filled in", async () => {
    const alert = vi.fn();
    vi.stubGlobal("alert", alert);
    const { router } = await openWithEmail({
      answer: (operation) => {
        expect(operation.request.variables).toEqual({ input: { email: "efua@example.com", code: "123456" } });
        return { data: { verifyEmail: { __typename: "VerifyEmailPayload", message: "Email verified.", choosePassword: false } } };
      },
    });
    fireEvent.change(codeInput(), { target: { value: "123456" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Verify" })));
    await waitFor(() => expect(router.state.location.pathname).toBe("/learner-login"));
    const toast = await screen.findByText("Verification successful! Please log in.", {}, { timeout: 5000 });
    expect(toast.closest('section[aria-label="Notifications"]')).not.toBeNull();
    expect(alert).not.toHaveBeenCalled();
    expect(document.activeElement === toast || toast.contains(document.activeElement)).toBe(false);
    // The login page's form loads with its route: on a busy machine it may come after the toast.
    expect(((await screen.findByLabelText(/^Email/, {}, { timeout: 5000 })) as HTMLInputElement).value).toBe("efua@example.com");
    expect(localStorage.getItem("verificationEmail")).toBeNull();
  });

  it.each([
    [
      "the server's message",
      { data: { verifyEmail: errorResult("ValidationError", "Invalid or expired code.") } },
      "Invalid or expired code.",
    ],
    ["'Verification failed.' without one", { data: { verifyEmail: errorResult("NotFoundError", "") } }, "Verification failed."],
    ["'An error occurred. Please try again.' when the request fails", new Error("Failed to fetch"), "An error occurred. Please try again."],
  ])("shows %s", async (_case, response, message) => {
    await openWithEmail({ answer: () => response });
    fireEvent.change(codeInput(), { target: { value: "123456" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Verify" })));
    expect((await screen.findByRole("alert")).textContent).toBe(message);
  });

  it("sends a new code", async () => {
    await openWithEmail({
      answer: (operation) =>
        operationName(operation) === "OtpPageResendMutation"
          ? { data: { resendVerificationCode: { __typename: "MessagePayload", message: "New OTP sent! Please check your email." } } }
          : undefined,
    });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Resend code" })));
    expect((await screen.findByRole("status")).textContent).toBe("New OTP sent! Please check your email.");
  });
});
