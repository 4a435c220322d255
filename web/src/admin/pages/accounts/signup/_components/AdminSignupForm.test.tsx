import { act, fireEvent, screen } from "@testing-library/react";
import { Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { field, messageOf, renderWithRelay } from "../../../../testing.tsx";
import { AdminSignupForm, SIGNUP_MESSAGES } from "./AdminSignupForm.tsx";

function renderForm() {
  return renderWithRelay(
    <Routes>
      <Route path="/signup" element={<AdminSignupForm />} />
      <Route path="/otp" element={<h1>OTP page</h1>} />
    </Routes>,
    { path: "/signup" },
  );
}

const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => act(async () => fireEvent.click(screen.getByRole("button", { name: "Sign up" })));

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe("admin sign-up form", () => {
  it("shows the documented message under each empty required field and sends nothing", async () => {
    const { environment } = renderForm();
    await submit();
    expect(messageOf("First name")).toBe(SIGNUP_MESSAGES.firstName);
    expect(messageOf("Last name")).toBe(SIGNUP_MESSAGES.lastName);
    expect(messageOf("Email")).toBe("Email is required");
    expect(messageOf("Contact number")).toBe("Contact number is required");
    expect(messageOf("Password")).toBe("Password is required");
    expect(field("First name").getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(field("First name"));
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });

  it("checks the e-mail's form, the password's length and that both passwords match", async () => {
    renderForm();
    type("Email", "grace@");
    type("Password", "Short1!");
    type("Confirm password", "Short2!");
    await submit();
    expect(messageOf("Email")).toBe("Email is invalid");
    expect(messageOf("Password")).toBe("Password must be at least 8 characters");
    expect(messageOf("Confirm password")).toBe("Passwords do not match");
  });

  it("clears a field's message as soon as the field is typed in, keeping the others", async () => {
    renderForm();
    await submit();
    type("First name", "G");
    expect(field("First name").hasAttribute("aria-invalid")).toBe(false);
    expect(screen.queryByText(SIGNUP_MESSAGES.firstName)).toBeNull();
    expect(messageOf("Last name")).toBe(SIGNUP_MESSAGES.lastName);
  });

  it("on success shows the message, remembers the e-mail for the OTP page and goes there after 3 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { environment } = renderForm();
    type("First name", "Grace");
    type("Last name", "Adeyemi");
    type("Email", " Grace@Example.com ");
    type("Contact number", "+234 801 234 5678");
    type("Password", "Str0ng!Pass");
    type("Confirm password", "Str0ng!Pass");
    await submit();
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables.input).toMatchObject({ email: "Grace@Example.com", firstName: "Grace" });
    await act(async () =>
      environment.mock.resolve(operation, {
        data: {
          signUpAdmin: { __typename: "SignUpPayload", email: "grace@example.com", message: SIGNUP_MESSAGES.success, registration: "reg-1" },
        },
      }),
    );
    expect(screen.getByText(SIGNUP_MESSAGES.success)).toBeTruthy();
    expect(localStorage.getItem("verificationEmail")).toBe("grace@example.com");
    expect(localStorage.getItem("verificationRegistration")).toBe("reg-1");
    await act(async () => vi.advanceTimersByTime(2900));
    expect(screen.queryByRole("heading", { name: "OTP page" })).toBeNull();
    await act(async () => vi.advanceTimersByTime(200));
    expect(screen.getByRole("heading", { name: "OTP page" })).toBeTruthy();
  });

  it("shows the server's message and keeps what was typed when sign-up fails", async () => {
    const { environment } = renderForm();
    type("First name", "Grace");
    type("Last name", "Adeyemi");
    type("Email", "grace@example.com");
    type("Contact number", "12");
    type("Password", "Str0ng!Pass");
    type("Confirm password", "Str0ng!Pass");
    await submit();
    const operation = environment.mock.getMostRecentOperation();
    await act(async () =>
      environment.mock.resolve(operation, {
        data: {
          signUpAdmin: {
            __typename: "ValidationError",
            __isError: "ValidationError",
            message: "Please enter a valid phone number.",
            fieldErrors: [{ field: "contact", message: "Please enter a valid phone number." }],
          },
        },
      }),
    );
    expect(screen.getByRole("alert").textContent).toBe("Please enter a valid phone number.");
    expect(messageOf("Contact number")).toBe("Please enter a valid phone number.");
    expect((field("First name") as HTMLInputElement).value).toBe("Grace");
  });

  it("says 'An unexpected error occurred.' when the request fails on the way", async () => {
    const { environment } = renderForm();
    type("First name", "Grace");
    type("Last name", "Adeyemi");
    type("Email", "grace@example.com");
    type("Contact number", "+234 801 234 5678");
    type("Password", "Str0ng!Pass");
    type("Confirm password", "Str0ng!Pass");
    await submit();
    await act(async () => environment.mock.reject(environment.mock.getMostRecentOperation(), new TypeError("Failed to fetch")));
    expect(screen.getByRole("alert").textContent).toBe(SIGNUP_MESSAGES.network);
  });
});
