import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import type { GraphQLResponse } from "relay-runtime";
import { beforeEach, describe, expect, it } from "vitest";
import PortalDashboardPageQuery from "./pages/learning/portal/__generated__/PortalDashboardPageQuery.graphql.ts";
import { logInAs, operationName, renderLearner } from "./test/renderLearner.tsx";

const learner = { __typename: "Learner", id: "TGVhcm5lcjox", firstName: "Ada", lastName: "Nwosu", email: "ada@example.com", image: null };

// What `me` is on the mock server; each test sets it.
const server: { me: object | null } = { me: learner };
const resolvers = { Query: () => ({ me: server.me }) };

beforeEach(() => {
  localStorage.clear();
  server.me = learner;
});

describe("learner session", () => {
  it("sends a logged-out visitor from the portal to the login page and back after logging in", async () => {
    const { router } = renderLearner("/portal/settings", {
      answer: (operation) =>
        operationName(operation) === "LoginPageMutation"
          ? { data: { login: { __typename: "LoginPayload", token: "token-1", account: learner } } }
          : undefined,
      resolvers,
    });
    await screen.findByRole("heading", { level: 1, name: "Login" });
    expect(router.state.location.pathname).toBe("/learner-login");

    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: "ada@example.com" } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: "Demo@Learner2026" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Login" })));
    await waitFor(() => expect(router.state.location.pathname).toBe("/portal/settings"));
    expect(localStorage.getItem("learnerToken")).toBe("token-1");
    expect(JSON.parse(localStorage.getItem("learnerUser")!)).toEqual({
      firstName: "Ada",
      lastName: "Nwosu",
      email: "ada@example.com",
      image: null,
    });
  });

  it("says 'Login failed.' when the server gives no message, and 'An error occurred.' when the request fails", async () => {
    let next: Error | GraphQLResponse = { data: { login: { __typename: "ForbiddenError", __isError: "ForbiddenError", message: "" } } };
    renderLearner("/learner-login", { answer: () => next });
    await screen.findByRole("heading", { level: 1, name: "Login" });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: "ada@example.com" } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: "x" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Login" })));
    expect((await screen.findByRole("alert")).textContent).toBe("Login failed.");
    next = new Error("Failed to fetch");
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: "y" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Login" })));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("An error occurred."));
  });

  it("drops a stored session the server no longer accepts, and the shell shows the visitor logged out", async () => {
    logInAs();
    server.me = null;
    const { operations } = renderLearner("/", { resolvers });
    await waitFor(() => expect(localStorage.getItem("learnerToken")).toBeNull());
    expect(operations).toContain("SessionCheckQuery");
    expect(localStorage.getItem("learnerUser")).toBeNull();
    expect(await screen.findByRole("link", { name: "Login" })).toBeTruthy();
  });

  it("keeps a session the server accepts", async () => {
    logInAs();
    server.me = { ...learner, enrollments: { edges: [] } };
    renderLearner("/portal", {
      preloaded: [[PortalDashboardPageQuery, {}]],
      resolvers,
    });
    expect(await screen.findByText("You are not enrolled in any courses yet.")).toBeTruthy();
    expect(localStorage.getItem("learnerToken")).toBe("learner-token");
  });
});
