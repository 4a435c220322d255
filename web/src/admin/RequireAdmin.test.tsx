import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { RelayEnvironmentProvider } from "react-relay/hooks";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { createMockEnvironment } from "relay-test-utils";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { GraphQLResponseError } from "../shared/relay/environment.ts";
import { createAdminRoutes } from "./routes.tsx";
import type { StaffViewer } from "./staff/AdminViewer.ts";
import { type MockEnvironment, routeLoad, signIn, staffViewer } from "./testing.tsx";

function renderAdmin(path: string, environment = createMockEnvironment()) {
  const router = createMemoryRouter(createAdminRoutes(environment), { initialEntries: [path] });
  render(
    <RelayEnvironmentProvider environment={environment}>
      <RouterProvider router={router} />
    </RelayEnvironmentProvider>,
  );
  return router;
}

const finance = staffViewer({
  firstName: "Funmi",
  email: "finance@learnhub.test",
  staffRole: "FINANCE",
  permissions: ["readCatalogue", "readLearners", "readInvoices", "editInvoices", "readDashboard", "readReports"],
});
const instructor = staffViewer({
  firstName: "Ify",
  email: "instructor@learnhub.test",
  staffRole: "INSTRUCTOR",
  permissions: ["readCatalogue", "editCourses"],
});
const pending = staffViewer({
  firstName: "Kemi",
  lastName: "Balogun",
  email: "kemi@learnhub.test",
  status: "PENDING",
  staffRole: null,
  permissions: [],
});

/** Answers the console's `me` query, which the waiting screen always sends, with `viewer`. */
async function answerViewer(environment: MockEnvironment, viewer: StaffViewer) {
  await act(async () => {
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe("AdminViewerQuery");
    const { id, firstName, lastName, email, status, staffRole, permissions } = viewer;
    const me = { __typename: "Admin", id, firstName, lastName, email, status, staffRole, permissions, assignedTracks: [] };
    environment.mock.resolve(operation, { data: { me } });
  });
}

const sidebarItems = () =>
  within(screen.getByRole("navigation", { name: "Main" }))
    .getAllByRole("link")
    .map((link) => link.textContent);

beforeEach(() => localStorage.clear());

describe("admin guard", () => {
  it("sends a visitor without a token from a guarded route to the login page at /", async () => {
    const router = renderAdmin("/dashboard");
    expect(await screen.findByRole("heading", { level: 1, name: "Login" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/");
  });

  it("lets a signed-in admin through, inside the sidebar layout", async () => {
    signIn();
    renderAdmin("/dashboard");
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome back, Grace" })).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Main" })).toBeTruthy();
    expect(screen.getByText("admin@learnhub.test")).toBeTruthy();
  });

  it("ends the session, asks the server to revoke the token, and returns to / on logout", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(null, { status: 204 }));
    signIn();
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

  it("shows an owner every page, Staff and Audit log included", async () => {
    signIn();
    renderAdmin("/dashboard");
    await screen.findByRole("heading", { level: 1, name: "Welcome back, Grace" }, routeLoad);
    expect(sidebarItems()).toEqual([
      "Dashboard",
      "Invoices",
      "Instalment plans",
      "Learners",
      "Tracks",
      "Courses",
      "Report",
      "Staff",
      "Audit log",
    ]);
  });

  it("shows finance only its pages and sends it from a page it may not use to its landing page", async () => {
    signIn(finance);
    const router = renderAdmin("/staff");
    await screen.findByRole("heading", { level: 1, name: "Welcome back, Funmi" }, routeLoad);
    expect(router.state.location.pathname).toBe("/dashboard");
    expect(sidebarItems()).toEqual(["Dashboard", "Invoices", "Instalment plans", "Learners", "Tracks", "Courses", "Report"]);
  });

  it("lands an instructor on the courses and keeps it off the dashboard, invoices, learners and report", async () => {
    signIn(instructor);
    for (const path of ["/", "/dashboard", "/invoice", "/learners", "/report", "/audit"]) {
      const router = renderAdmin(path);
      await screen.findByRole("heading", { level: 1, name: "Manage Courses" }, routeLoad);
      expect(router.state.location.pathname).toBe("/courses");
      expect(sidebarItems()).toEqual(["Tracks", "Courses"]);
      router.dispose();
      document.body.innerHTML = "";
    }
  });

  it("keeps a pending account on the waiting screen, whatever page it asks for, and lets it log out", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(null, { status: 204 }));
    signIn(pending);
    const environment = createMockEnvironment();
    const router = renderAdmin("/dashboard", environment);
    await waitFor(() => expect(environment.mock.getAllOperations()).toHaveLength(1), routeLoad);
    await answerViewer(environment, pending);
    expect(await screen.findByRole("heading", { level: 1, name: "Your account is waiting for approval" }, routeLoad)).toBeTruthy();
    expect(router.state.location.pathname).toBe("/pending");
    expect(screen.getByText("kemi@learnhub.test")).toBeTruthy();
    expect(screen.getByText("Kemi Balogun")).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Log out" })));
    expect(router.state.location.pathname).toBe("/");
    expect(localStorage.getItem("token")).toBeNull();
    fetch.mockRestore();
  });

  it("moves a pending account on to its dashboard once 'Check again' finds it approved", async () => {
    signIn(pending);
    const environment = createMockEnvironment();
    const router = renderAdmin("/pending", environment);
    // The waiting screen always asks the API: answer "still pending", then "approved as finance".
    await waitFor(() => expect(environment.mock.getAllOperations()).toHaveLength(1), routeLoad);
    await answerViewer(environment, pending);
    await screen.findByRole("heading", { level: 1, name: "Your account is waiting for approval" }, routeLoad);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Check again" })));
    await answerViewer(environment, pending);
    expect(await screen.findByText("Not approved yet. Please check again later.")).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Check again" })));
    await answerViewer(environment, { ...pending, status: "ACTIVE", staffRole: "FINANCE", permissions: finance.permissions });
    await screen.findByRole("heading", { level: 1, name: "Welcome back, Kemi" }, routeLoad);
    expect(router.state.location.pathname).toBe("/dashboard");
  });

  it("forgets a session the API no longer accepts (e.g. a deactivated account) and shows the login page", async () => {
    signIn();
    const environment = createMockEnvironment();
    const router = renderAdmin("/pending", environment);
    await waitFor(() => expect(environment.mock.getAllOperations()).toHaveLength(1), routeLoad);
    await act(async () => environment.mock.resolve(environment.mock.getMostRecentOperation(), { data: { me: null } }));
    expect(await screen.findByRole("heading", { level: 1, name: "Login" }, routeLoad)).toBeTruthy();
    expect(router.state.location.pathname).toBe("/");
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("user")).toBeNull();
  });

  it("moves an account whose role changed during the session from a refused page to its new first page and sidebar", async () => {
    // The console still believes the account is finance; an owner has made it an instructor since.
    signIn(finance);
    const environment = createMockEnvironment();
    const router = renderAdmin("/invoice", environment);
    await waitFor(() => expect(environment.mock.getAllOperations()).toHaveLength(1), routeLoad);
    const page = environment.mock.getMostRecentOperation();
    expect(page.request.node.params.name).toBe("InvoicePageQuery");
    const refused = new GraphQLResponseError("InvoicePageQuery", [
      { message: "You do not have permission to do this.", extensions: { code: "ForbiddenError" } } as { message: string },
    ]);
    await act(async () => environment.mock.reject(page, refused));
    await waitFor(() => expect(environment.mock.getMostRecentOperation().request.node.params.name).toBe("AdminViewerQuery"), routeLoad);
    await answerViewer(environment, { ...instructor, firstName: "Funmi", email: "finance@learnhub.test" });
    await screen.findByRole("heading", { level: 1, name: "Manage Courses" }, routeLoad);
    expect(router.state.location.pathname).toBe("/courses");
    await waitFor(() => expect(sidebarItems()).toEqual(["Tracks", "Courses"]));
  });
});
