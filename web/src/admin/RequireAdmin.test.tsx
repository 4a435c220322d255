import { act, render, screen } from "@testing-library/react";
import { RelayEnvironmentProvider } from "react-relay/hooks";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { createMockEnvironment } from "relay-test-utils";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { adminSession, saveSession } from "../shared/session/session.ts";
import { createAdminRoutes } from "./routes.tsx";

function renderAdmin(path: string) {
  const environment = createMockEnvironment();
  const router = createMemoryRouter(createAdminRoutes(environment), { initialEntries: [path] });
  render(
    <RelayEnvironmentProvider environment={environment}>
      <RouterProvider router={router} />
    </RelayEnvironmentProvider>,
  );
  return router;
}

beforeEach(() => localStorage.clear());

describe("admin guard", () => {
  it("sends a visitor without a token from a guarded route to the login page at /", async () => {
    const router = renderAdmin("/dashboard");
    expect(await screen.findByRole("heading", { level: 1, name: "Login" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/");
  });

  it("lets a signed-in admin through, inside the sidebar layout", async () => {
    saveSession(adminSession, "token-1", { firstName: "Grace", lastName: "Adeyemi", email: "admin@learnhub.test" });
    renderAdmin("/dashboard");
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome back, Grace" })).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Main" })).toBeTruthy();
    expect(screen.getByText("admin@learnhub.test")).toBeTruthy();
  });

  it("ends the session, asks the server to revoke the token, and returns to / on logout", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(null, { status: 204 }));
    saveSession(adminSession, "token-1", { firstName: "Grace", lastName: "Adeyemi", email: "admin@learnhub.test" });
    const router = renderAdmin("/report");
    const logout = await screen.findByRole("button", { name: "Log out" });
    await act(async () => logout.click());
    expect(router.state.location.pathname).toBe("/");
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("user")).toBeNull();
    expect(fetch).toHaveBeenCalledWith(
      "/api/admin/auth/logout",
      expect.objectContaining({ method: "POST", headers: { authorization: "Bearer token-1" } }),
    );
    fetch.mockRestore();
  });
});
