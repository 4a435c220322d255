import { act, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithRelay } from "../../../../testing.tsx";
import { AdminResetPasswordForm } from "./AdminResetPasswordForm.tsx";

const EXPIRED = "This reset link has expired. Please request a new one.";

describe("admin reset password", () => {
  it("says an expired link has expired, before the form, and offers to send a new link", async () => {
    const { environment } = renderWithRelay(<AdminResetPasswordForm token="expired-token-0123456789" />, { path: "/reset-password" });
    expect(screen.getByRole("status").textContent).toBe("Checking your reset link...");
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe("useResetLinkQuery");
    expect(operation.request.variables).toEqual({ token: "expired-token-0123456789" });
    await act(async () =>
      environment.mock.resolve(operation, {
        data: { passwordResetLink: { __typename: "NotFoundError", __isError: "NotFoundError", message: EXPIRED } },
      }),
    );
    expect(screen.getByRole("alert").textContent).toBe(EXPIRED);
    expect(screen.getByRole("link", { name: "Send a new link" }).getAttribute("href")).toBe("/forgot-password");
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
  });

  it("shows the form for a live link, and when the check cannot be made", async () => {
    const { environment } = renderWithRelay(<AdminResetPasswordForm token="live-token-0123456789" />, { path: "/reset-password" });
    await act(async () => environment.mock.reject(environment.mock.getMostRecentOperation(), new Error("offline")));
    expect(screen.getByLabelText(/^New password/)).toBeTruthy();
  });
});
