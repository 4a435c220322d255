/** The operations the bench measures: what the learner catalogue, track page, portal and admin tables ask for. */
import { webOperation } from "#testing/operations.ts";

export type Auth = "none" | "admin" | "learner";

export interface OperationContext {
  /** Relay global id of the track whose details page is measured. */
  trackId: string;
  learnerEmail: string;
  learnerPassword: string;
  /** Relay global ids of the portal learner's track whose lessons grow with the rows, and of its first lesson (the player). */
  playerTrackId?: string;
  playerLessonId?: string;
}

export interface Operation {
  key: string;
  label: string;
  method: "GET" | "POST";
  path: string;
  auth: Auth;
  /** GraphQL operations: the name of the web app's Relay operation (TracksPageQuery, ...) whose document is sent. */
  source?: string;
  /** GraphQL operations: the document; the floor recognises the request by it. */
  query?: string;
  variables?: (ctx: OperationContext) => Record<string, unknown>;
  /** REST bodies. */
  body?: (ctx: OperationContext) => Record<string, unknown>;
  /** Measured under load (the others only get their SQL counted). */
  load: boolean;
  /** The load budget on PostgreSQL, if any (BUDGETS in bench/budgets.ts): an anonymous page, a signed-in page, or
   * a large answer whose p99 is bound by what the load generator can read (compared with the wire's). */
  budget?: LoadBudget;
}

export type LoadBudget = "anonymous" | "signedIn" | "wire";

// Each GraphQL operation is the one a page of the web app sends: its document is read from the page's Relay artifact
// (testing/operations.ts, as the reliability suite reads them), so a page's query change reaches the bench by itself.
// The floor answers the four load operations by their documents (bench/load.ts reports where its JSON differs).

/** The learner catalogue page (web/src/learner/pages/catalogue/learner-tracks). */
export const CATALOGUE_QUERY = webOperation("TracksPageQuery").text;
/** The track page, as an anonymous visitor opens it (`me` is null): web/src/learner/pages/catalogue/learner-track-details. */
export const TRACK_DETAILS_QUERY = webOperation("TrackDetailsPageQuery").text;
/** The admin invoices list when searching or paging (web/src/admin/pages/invoices/invoice). */
export const ADMIN_INVOICES_QUERY = webOperation("InvoiceListRefetchQuery").text;
/** The learner portal's dashboard (web/src/learner/pages/learning/portal). */
export const LEARNER_PORTAL_QUERY = webOperation("PortalDashboardPageQuery").text;

/** The page sizes the admin pages ask for (web/src/admin/components/pageSizes.ts). */
const PAGE_SIZE = 10;
const ALL_TRACKS = 100;

/** A GraphQL operation of the web app, by the name of its Relay operation. */
const graphql = (key: string, label: string, source: string, auth: Auth, extra: Partial<Operation> = {}): Operation => ({
  key,
  label,
  method: "POST",
  path: "/graphql",
  auth,
  source,
  query: webOperation(source).text,
  load: false,
  ...extra,
});

export const OPERATIONS: Operation[] = [
  graphql("catalogue", "catalogue: GraphQL tracks(first: 50)", "TracksPageQuery", "none", { load: true, budget: "anonymous" }),
  {
    key: "catalogueRest",
    label: "catalogue: REST GET /api/tracks",
    method: "GET",
    path: "/api/tracks",
    auth: "none",
    load: true,
    budget: "wire",
  },
  graphql("trackDetails", "track details: GraphQL track(id), anonymous", "TrackDetailsPageQuery", "none", {
    load: true,
    budget: "anonymous",
    variables: (ctx) => ({ id: ctx.trackId }),
  }),
  graphql("adminInvoicesSearch", 'admin invoices: page 1, search "a"', "InvoiceListRefetchQuery", "admin", {
    load: true,
    budget: "signedIn",
    variables: () => ({ search: "a", page: 1, first: PAGE_SIZE }),
  }),
  graphql("learnerPortal", "learner portal: dashboard, me { enrollments(first: 9) }", "PortalDashboardPageQuery", "learner", {
    load: true,
    budget: "signedIn",
  }),
  {
    key: "login",
    label: "login: REST POST /api/auth/login",
    method: "POST",
    path: "/api/auth/login",
    auth: "none",
    load: true,
    body: (ctx) => ({ email: ctx.learnerEmail, password: ctx.learnerPassword }),
  },
  graphql("learnerInvoices", "learner portal: invoices, me { invoices(first: 20) }", "InvoicesPageQuery", "learner"),
  graphql("adminTracks", "admin list: tracks(first: 100)", "TrackPageQuery", "admin", { variables: () => ({ first: ALL_TRACKS }) }),
  graphql("adminCourses", "admin list: courses page 1, tracks(first: 100)", "CoursesPageQuery", "admin", {
    variables: () => ({ first: PAGE_SIZE, tracksFirst: ALL_TRACKS }),
  }),
  graphql("adminInvoices", "admin list: invoices page 1", "InvoicePageQuery", "admin", {
    variables: () => ({ first: PAGE_SIZE }),
  }),
  graphql("adminPaymentPlans", "admin list: instalment plans page 1", "InstalmentPlansPageQuery", "admin", {
    variables: () => ({ first: PAGE_SIZE }),
  }),
  graphql("adminLearners", "admin list: learners page 1", "LearnersPageQuery", "admin", { variables: () => ({ first: PAGE_SIZE }) }),
  // The course player's page (web/src/learner/pages/learning/portal/learn/LessonPlayerPage.tsx), as the enrolled learner opens a
  // lesson of a track with as many lessons as the other tables have rows: the same statements at 10 and 1,000 lessons.
  graphql("lessonPlayer", "course player: track outline and a lesson, enrolled learner", "LessonPlayerPageQuery", "learner", {
    variables: (ctx) => ({ trackId: ctx.playerTrackId ?? ctx.trackId, lessonId: ctx.playerLessonId ?? "" }),
  }),
];

/** The request body an operation sends. */
export function requestBody(op: Operation, ctx: OperationContext): string | undefined {
  if (op.query) return JSON.stringify({ query: op.query, variables: op.variables?.(ctx) ?? {} });
  if (op.body) return JSON.stringify(op.body(ctx));
  return undefined;
}

export function requestHeaders(op: Operation, tokens: { admin: string; learner: string }): Record<string, string> {
  // What a browser sends: answers the server keeps compressed come compressed (the floor sends plain JSON anyway).
  const headers: Record<string, string> = { accept: "application/json", "accept-encoding": "gzip, deflate, br" };
  if (op.method === "POST") headers["content-type"] = "application/json";
  if (op.auth !== "none") headers.authorization = `Bearer ${tokens[op.auth]}`;
  return headers;
}
