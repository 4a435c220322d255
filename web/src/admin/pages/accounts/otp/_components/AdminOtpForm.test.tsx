import { act, fireEvent, screen } from "@testing-library/react";
import { Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { otpDigits } from "../../../../../shared/format/format.ts";
import { field, messageOf, renderWithRelay } from "../../../../testing.tsx";
import { AdminOtpForm, OTP_MESSAGES } from "./AdminOtpForm.tsx";

function renderForm() {
  return renderWithRelay(
    <Routes>
      <Route path="/otp" element={<AdminOtpForm />} />
      <Route path="/" element={<h1>Login page</h1>} />
    </Routes>,
    { path: "/otp" },
  );
}

const code = () => field("Verification code");
const verify = () => act(async () => fireEvent.click(screen.getByRole("button", { name: "Verify" })));

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe("admin OTP form", () => {
  it("keeps only digits, at most six", () => {
    expect(otpDigits("12a 3-4b5678")).toBe("123456");
    renderForm();
    fireEvent.change(code(), { target: { value: "9x8 7" } });
    expect(code().value).toBe("987");
    fireEvent.change(code(), { target: { value: "1234567890" } });
    expect(code().value).toBe("123456");
    expect(code().maxLength).toBe(6);
    expect(code().inputMode).toBe("numeric");
  });

  it("asks for exactly 6 digits, and typing clears the message", async () => {
    localStorage.setItem("verificationEmail", "grace@example.com");
    const { environment } = renderForm();
    fireEvent.change(code(), { target: { value: "123" } });
    await verify();
    expect(messageOf("Verification code")).toBe(OTP_MESSAGES.invalid);
    expect(environment.mock.getAllOperations()).toHaveLength(0);
    fireEvent.change(code(), { target: { value: "1234" } });
    expect(messageOf("Verification code")).toBeNull();
  });

  it("says the e-mail was not found when sign-up stored none, for verify and for resend", async () => {
    renderForm();
    fireEvent.change(code(), { target: { value: "123456" } });
    await verify();
    expect(screen.getByRole("alert").textContent).toBe(OTP_MESSAGES.noEmail);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Resend code" })));
    expect(screen.getByRole("alert").textContent).toBe(OTP_MESSAGES.resendNoEmail);
  });

  it("verifies, forgets the stored e-mail and goes to the login page after 2 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.setItem("verificationEmail", "grace@example.com");
    const { environment } = renderForm();
    expect(screen.getByText("grace@example.com")).toBeTruthy();
    fireEvent.change(code(), { target: { value: "654321" } });
    await verify();
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables.input).toEqual({ email: "grace@example.com", code: "654321" });
    await act(async () =>
      environment.mock.resolve(operation, {
        data: { verifyEmail: { __typename: "VerifyEmailPayload", message: "Email verified.", choosePassword: false } },
      }),
    );
    expect(screen.getByRole("status").textContent).toBe(OTP_MESSAGES.success);
    expect(localStorage.getItem("verificationEmail")).toBeNull();
    await act(async () => vi.advanceTimersByTime(2000));
    expect(screen.getByRole("heading", { name: "Login page" })).toBeTruthy();
  });

  it("a contested sign-up: shows the server's message and stays, since no password was kept", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.setItem("verificationEmail", "grace@example.com");
    const { environment } = renderForm();
    fireEvent.change(code(), { target: { value: "654321" } });
    await verify();
    const message = "Email verified. This address was signed up more than once, so no password was kept.";
    await act(async () =>
      environment.mock.resolve(environment.mock.getMostRecentOperation(), {
        data: { verifyEmail: { __typename: "VerifyEmailPayload", message, choosePassword: true } },
      }),
    );
    expect(screen.getByRole("status").textContent).toBe(message);
    expect(localStorage.getItem("verificationEmail")).toBeNull();
    await act(async () => vi.advanceTimersByTime(5000));
    expect(screen.queryByRole("heading", { name: "Login page" })).toBeNull();
  });

  it("shows the server's message for a wrong code, and the resend messages", async () => {
    localStorage.setItem("verificationEmail", "grace@example.com");
    const { environment } = renderForm();
    fireEvent.change(code(), { target: { value: "000000" } });
    await verify();
    await act(async () =>
      environment.mock.resolve(environment.mock.getMostRecentOperation(), {
        data: { verifyEmail: { __typename: "ValidationError", __isError: "ValidationError", message: "Invalid or expired code." } },
      }),
    );
    expect(screen.getByRole("alert").textContent).toBe("Invalid or expired code.");

    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Resend code" })));
    await act(async () =>
      environment.mock.resolve(environment.mock.getMostRecentOperation(), {
        data: { resendVerificationCode: { __typename: "MessagePayload", message: "Sent." } },
      }),
    );
    expect(screen.getByRole("status").textContent).toBe(OTP_MESSAGES.resendSuccess);

    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Resend code" })));
    await act(async () => environment.mock.reject(environment.mock.getMostRecentOperation(), new TypeError("Failed to fetch")));
    expect(screen.getByRole("alert").textContent).toBe(OTP_MESSAGES.resendFailed);
  });
});
