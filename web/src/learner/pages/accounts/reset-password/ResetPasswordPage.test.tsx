import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { errorResult, operationName, renderLearner } from "../../../test/renderLearner.tsx";

const USED = "This reset link has already been used, or a newer one was sent. Please request a new one.";

describe("reset password", () => {
  it("says why a used link cannot be used, before any form, and offers to send a new link", async () => {
    const asked: unknown[] = [];
    renderLearner("/reset-password?token=used-token-0123456789", {
      answer: (operation) => {
        if (operationName(operation) !== "useResetLinkQuery") return undefined;
        asked.push(operation.request.variables);
        return { data: { passwordResetLink: errorResult("NotFoundError", USED) } };
      },
    });
    expect((await screen.findByRole("alert")).textContent).toBe(USED);
    expect(screen.getByRole("link", { name: "Send a new link" }).getAttribute("href")).toBe("/forgot-password");
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
    expect(asked).toEqual([{ token: "used-token-0123456789" }]);
  });

  it("shows the form for a live link", async () => {
    renderLearner("/reset-password?token=live-token-0123456789", {
      answer: (operation) =>
        operationName(operation) === "useResetLinkQuery"
          ? { data: { passwordResetLink: { __typename: "PasswordResetLink", __isError: undefined } } }
          : undefined,
    });
    expect(await screen.findByLabelText(/^New password/)).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Send a new link" })).toBeNull();
  });
});
