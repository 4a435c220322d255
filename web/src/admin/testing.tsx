import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { type GraphQLTaggedNode, RelayEnvironmentProvider } from "react-relay/hooks";
import { createMemoryRouter, MemoryRouter, RouterProvider } from "react-router-dom";
import type { Variables } from "relay-runtime";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import { adminSession, saveSession } from "../shared/session/session.ts";
import { createAdminRoutes } from "./routes.tsx";
import { primeViewer, type StaffViewer } from "./staff/AdminViewer.ts";

const ALL_PERMISSIONS = [
  "manageStaff",
  "readCatalogue",
  "editCatalogue",
  "editCourses",
  "readLearners",
  "manageLearners",
  "readInvoices",
  "editInvoices",
  "readDashboard",
  "readReports",
];

/** The demo owner, as the API's `me` describes it; other roles by `staffViewer({ staffRole, permissions })`. */
export function staffViewer(overrides: Partial<StaffViewer> = {}): StaffViewer {
  return {
    id: "QWRtaW46MQ==",
    firstName: "Grace",
    lastName: "Adeyemi",
    email: "admin@learnhub.test",
    status: "ACTIVE",
    staffRole: "OWNER",
    permissions: ALL_PERMISSIONS,
    assignedTrackIds: [],
    ...overrides,
  };
}

/** Stores a session for `viewer` (the demo owner by default), as a login would; the console then knows who it is. */
export function signIn(viewer: StaffViewer = staffViewer()) {
  saveSession(adminSession, "token-1", { firstName: viewer.firstName, lastName: viewer.lastName, email: viewer.email });
  primeViewer("token-1", viewer);
}

export type MockEnvironment = ReturnType<typeof createMockEnvironment>;

/** Waiting options for the first render of a route: its page module is imported on demand, like in the browser. */
export const routeLoad = { timeout: 5000 };

/** A form control by its label; the label of a required field ends in an asterisk that screen readers skip. */
export function field(label: string): HTMLInputElement {
  return screen.getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\*?$`)) as HTMLInputElement;
}

/** The message under a field (its error, or else its hint). */
export function messageOf(label: string): string | null {
  const describedBy = field(label).getAttribute("aria-describedby");
  // The message comes first; a hint (kept beside an error) and a strength meter may follow it.
  const first = describedBy?.split(" ")[0];
  return first ? (document.getElementById(first)?.textContent ?? null) : null;
}

/** Renders a component of the admin site with a mock Relay environment and a router at `path`. */
export function renderWithRelay(ui: ReactNode, { environment = createMockEnvironment(), path = "/" } = {}) {
  const result = render(
    <RelayEnvironmentProvider environment={environment}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </RelayEnvironmentProvider>,
  );
  return { ...result, environment };
}

/** Signs `viewer` (the demo owner by default) in and renders the admin site's routes at `path`, as the browser would. */
export function renderAdminRoute(path: string, environment: MockEnvironment = createMockEnvironment(), viewer?: StaffViewer) {
  signIn(viewer);
  const router = createMemoryRouter(createAdminRoutes(environment), { initialEntries: [path] });
  render(
    <RelayEnvironmentProvider environment={environment}>
      <RouterProvider router={router} />
    </RelayEnvironmentProvider>,
  );
  return { environment, router };
}

/**
 * Answers the next request of `query` with `variables` with mock data built from `resolvers`. Needed for queries a
 * route loader or `useQueryLoader` sends straight to the network, which the mock environment does not see otherwise.
 */
export function answerQuery(
  environment: MockEnvironment,
  query: GraphQLTaggedNode,
  variables: Variables,
  resolvers: MockPayloadGenerator.MockResolvers,
) {
  environment.mock.queuePendingOperation(query, variables);
  environment.mock.queueOperationResolver((operation) => MockPayloadGenerator.generate(operation, resolvers));
}
