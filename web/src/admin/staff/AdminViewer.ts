import { createContext, useContext } from "react";
import { fetchQuery, graphql } from "react-relay/hooks";
import type { IEnvironment } from "relay-runtime";
import { adminSession } from "../../shared/session/session.ts";
import type { AdminViewerQuery } from "./__generated__/AdminViewerQuery.graphql.ts";

/**
 * The signed-in staff account as the console needs it to decide what to show: its status (a pending account only
 * sees the waiting screen), its permissions (names from the API's permission table, e.g. `editCatalogue`) and, for
 * instructors, the tracks whose courses they may edit. The API refuses everything else anyway; this only keeps the
 * console from offering what would be refused.
 */
export interface StaffViewer {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  status: "PENDING" | "ACTIVE" | "DISABLED";
  staffRole: string | null;
  permissions: readonly string[];
  assignedTrackIds: readonly string[];
}

export type Permission =
  | "manageStaff"
  | "readCatalogue"
  | "editCatalogue"
  | "editCourses"
  | "readLearners"
  | "manageLearners"
  | "readInvoices"
  | "editInvoices"
  | "readDashboard"
  | "readReports"
  | "manageSettings"
  | "manageCoupons";

const query = graphql`
  query AdminViewerQuery {
    me {
      __typename
      ... on Admin {
        id
        firstName
        lastName
        email
        status
        staffRole
        permissions
        assignedTracks {
          id
        }
      }
    }
  }
`;

// One answer per stored token: a new login (another token) asks again, and so does "Check again" (`fresh`).
let cached: { token: string; viewer: Promise<StaffViewer | null> } | null = null;

/**
 * The signed-in staff account, or null when there is no session or the API no longer accepts it (expired, revoked,
 * deactivated). Asked once per session and page load; `fresh` asks again.
 */
export function loadViewer(environment: IEnvironment, { fresh = false } = {}): Promise<StaffViewer | null> {
  const token = localStorage.getItem(adminSession.token);
  if (!token) return Promise.resolve(null);
  if (cached?.token === token && !fresh) return cached.viewer;
  const viewer = fetchQuery<AdminViewerQuery>(environment, query, {}, { fetchPolicy: "network-only" })
    .toPromise()
    .then((data) => {
      const me = data?.me;
      if (me?.__typename !== "Admin") return null;
      return {
        id: me.id,
        firstName: me.firstName,
        lastName: me.lastName,
        email: me.email,
        status: me.status === "PENDING" || me.status === "DISABLED" ? me.status : "ACTIVE",
        staffRole: me.staffRole ?? null,
        permissions: me.permissions,
        assignedTrackIds: me.assignedTracks.map((track) => track.id),
      } satisfies StaffViewer;
    });
  cached = { token, viewer };
  // A failed request (offline) is not remembered: the next page load asks again.
  viewer.catch(() => {
    if (cached?.viewer === viewer) cached = null;
  });
  return viewer;
}

/** Sets what `loadViewer` answers for `token` without asking the API (component tests). */
export function primeViewer(token: string, viewer: StaffViewer | null) {
  cached = { token, viewer: Promise.resolve(viewer) };
}

export const can = (viewer: Pick<StaffViewer, "permissions"> | null | undefined, permission: Permission) =>
  !!viewer?.permissions.includes(permission);

/** An instructor edits only the courses of the tracks assigned to them; managers and owners edit all. */
export function mayEditCoursesOf(viewer: StaffViewer | null | undefined, trackId: string | null | undefined): boolean {
  if (!can(viewer, "editCourses")) return false;
  if (viewer?.staffRole !== "INSTRUCTOR") return true;
  return !!trackId && viewer.assignedTrackIds.includes(trackId);
}

/** The signed-in staff account, given by the back-office layout (its route loader's data). */
export const ViewerContext = createContext<StaffViewer | null>(null);

/** The signed-in staff account inside the back-office layout; null outside it (e.g. a component rendered alone). */
export const useViewer = () => useContext(ViewerContext);
