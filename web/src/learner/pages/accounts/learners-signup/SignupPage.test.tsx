import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { errorResult, operationName, renderLearner } from "../../../test/renderLearner.tsx";
import { validateSignup } from "./SignupPage.tsx";

const filled = {
  firstName: "Efua",
  lastName: "Mensah",
  email: "efua@example.com",
  contact: "+233 20 555 0199",
  password: "Str0ng!Pass",
  confirmPassword: "Str0ng!Pass",
};

async function fillAndSubmit(values: Partial<typeof filled>) {
  const labels: Record<keyof typeof filled, RegExp> = {
    firstName: /^First name/,
    lastName: /^Last name/,
    email: /^Email/,
    contact: /^Contact number/,
    password: /^Password/,
    confirmPassword: /^Confirm password/,
  };
  for (const [field, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(labels[field as keyof typeof filled]), { target: { value } });
  }
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Sign up" })));
}

beforeEach(() => localStorage.clear());

describe("learner sign-up", () => {
  it("requires every field and matching passwords", () => {
    expect(Object.keys(validateSignup({ ...filled, firstName: " ", contact: "" }))).toEqual(["firstName", "contact"]);
    expect(validateSignup({ ...filled, confirmPassword: "Other!Pass1" })).toEqual({ confirmPassword: "Passwords do not match." });
    expect(validateSignup(filled)).toEqual({});
  });

  it("checks the server's own rules in the browser, with its messages (common/accounts.ts)", () => {
    expect(validateSignup({ ...filled, password: "alllowercase1!", confirmPassword: "alllowercase1!" })).toEqual({
      password: "Password must include uppercase, lowercase, number and special character",
    });
    expect(validateSignup({ ...filled, email: "grace@" })).toEqual({ email: "Email is invalid" });
    expect(validateSignup({ ...filled, firstName: "see evil.com" })).toEqual({
      firstName: "First name cannot contain a web or e-mail address.",
    });
  });

  it("shows a message under each empty field and does not call the server", async () => {
    const { operations } = renderLearner("/learners-signup");
    await screen.findByRole("heading", { name: "Create your account" });
    await fillAndSubmit({});
    for (const message of [
      "First name is required",
      "Last name is required",
      "Email is required",
      "Contact number is required",
      "Password is required",
      "Please confirm your password",
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    // Each message is tied to its field for screen readers.
    const firstName = screen.getByLabelText(/^First name/);
    expect(firstName.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(firstName.getAttribute("aria-describedby")!)?.textContent).toBe("First name is required");
    expect(operations).toEqual([]);
  });

  it("says 'Passwords do not match.' under the confirmation", async () => {
    renderLearner("/learners-signup");
    await screen.findByRole("heading", { name: "Create your account" });
    await fillAndSubmit({ ...filled, confirmPassword: "Other!Pass1" });
    expect(screen.getByText("Passwords do not match.")).toBeTruthy();
  });

  it("shows the server's message", async () => {
    renderLearner("/learners-signup", {
      answer: (operation) =>
        operationName(operation) === "SignupPageMutation"
          ? { data: { signUpLearner: errorResult("RateLimitError", "Too many sign-ups. Try again later.") } }
          : undefined,
    });
    await screen.findByRole("heading", { name: "Create your account" });
    await fillAndSubmit(filled);
    expect((await screen.findByRole("alert")).textContent).toBe("Too many sign-ups. Try again later.");
  });

  it("falls back to 'Sign up failed. Please try again.' and shows field messages from the server", async () => {
    renderLearner("/learners-signup", {
      answer: () => ({
        data: {
          signUpLearner: errorResult("ValidationError", "", {
            fieldErrors: [{ field: "password", message: "Password must include uppercase, lowercase, number and special character" }],
          }),
        },
      }),
    });
    await screen.findByRole("heading", { name: "Create your account" });
    await fillAndSubmit(filled);
    expect((await screen.findByRole("alert")).textContent).toBe("Sign up failed. Please try again.");
    expect(screen.getByText("Password must include uppercase, lowercase, number and special character")).toBeTruthy();
  });

  it("says 'An error occurred. Please check your connection.' when the request fails", async () => {
    renderLearner("/learners-signup", { answer: () => new Error("Failed to fetch") });
    await screen.findByRole("heading", { name: "Create your account" });
    await fillAndSubmit(filled);
    expect((await screen.findByRole("alert")).textContent).toBe("An error occurred. Please check your connection.");
  });

  it("stores the e-mail as verificationEmail and goes to /learner-otp", async () => {
    const { router } = renderLearner("/learners-signup", {
      answer: (operation) =>
        operationName(operation) === "SignupPageMutation"
          ? {
              data: {
                signUpLearner: {
                  __typename: "SignUpPayload",
                  email: "efua@example.com",
                  message: "Check your email.",
                  registration: "reg-2",
                },
              },
            }
          : undefined,
    });
    await screen.findByRole("heading", { name: "Create your account" });
    await fillAndSubmit({ ...filled, email: "Efua@Example.com" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/learner-otp"));
    expect(localStorage.getItem("verificationEmail")).toBe("efua@example.com");
    // The sign-up's token, for the code page to send back (a contested address keeps this sign-up's password).
    expect(localStorage.getItem("verificationRegistration")).toBe("reg-2");
  });
});
