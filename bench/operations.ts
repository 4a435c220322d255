/** The operations the bench measures: what the learner catalogue, track page, portal and admin tables ask for. */

export type Auth = "none" | "admin" | "learner";

export interface OperationContext {
  /** Relay global id of the track whose details page is measured. */
  trackId: string;
  learnerEmail: string;
  learnerPassword: string;
}

export interface Operation {
  key: string;
  label: string;
  method: "GET" | "POST";
  path: string;
  auth: Auth;
  /** GraphQL operations: the document; the floor recognises the request by it. */
  query?: string;
  variables?: (ctx: OperationContext) => Record<string, unknown>;
  /** REST bodies. */
  body?: (ctx: OperationContext) => Record<string, unknown>;
  /** Measured under load (the others only get their SQL counted). */
  load: boolean;
  /** Load budgets apply (PostgreSQL): at least half the floor's requests/s and p99 under 50 ms. */
  budgeted: boolean;
}

// Each document asks what a page of the web app asks (the same fields and arguments as its Relay query, fragments
// written inline), so each row measures a real request. The source is named above each; when a page's query changes,
// change it here too (and the floor's answer for load operations: bench/load.ts reports where the JSON differs).

/** The learner catalogue page: web/src/learner/pages/learner-tracks (TracksPageQuery, CatalogueTrackCard_track). */
export const CATALOGUE_QUERY = `query BenchCatalogue {
  tracks(first: 50) {
    edges { node { id name description image duration price averageRating reviewCount } }
  }
}`;

/**
 * The track page, as an anonymous visitor opens it (`me` is null): web/src/learner/pages/learner-track-details
 * (TrackDetailsPageQuery, RelatedTrackCard_track, TrackSideCard_track, RateTrack_track).
 */
export const TRACK_DETAILS_QUERY = `query BenchTrackDetails($id: ID!) {
  track(id: $id) {
    id name description instructor averageRating reviewCount
    courses { id title }
    relatedTracks { id name image instructor price averageRating reviewCount }
    image duration courseCount updatedAt price
  }
  me {
    __typename
    ... on Learner { enrollments(first: 50) { edges { node { track { id } id } } } }
    id
  }
}`;

/**
 * The admin invoices page: web/src/admin/pages/invoice (InvoicePageQuery, and InvoiceListRefetchQuery when searching
 * or paging; AdminInvoiceTable_invoices, InvoiceFormDialog_invoice, DeleteInvoiceDialog_invoice).
 */
export const ADMIN_INVOICES_QUERY = `query BenchAdminInvoices($search: String = "", $page: Int = 1, $first: Int = 10) {
  invoices(search: $search, page: $page, first: $first) {
    totalCount
    edges {
      node { id amount status dueDate createdAt paymentDetails learner { fullName email image id } __typename }
      cursor
    }
    pageInfo { endCursor hasNextPage }
  }
}`;

/** The learner portal's dashboard: web/src/learner/pages/portal (PortalDashboardPageQuery, EnrolledCourses_learner). */
export const LEARNER_PORTAL_QUERY = `query BenchLearnerPortal {
  me {
    __typename
    ... on Learner {
      enrollments(first: 9) {
        edges {
          node { id createdAt status track { id name image instructor duration courseCount } __typename }
          cursor
        }
        pageInfo { endCursor hasNextPage }
      }
      id
    }
    id
  }
}`;

/** The learner portal's invoices: web/src/learner/pages/portal/invoices (InvoicesPageQuery, InvoicesTable_learner). */
export const LEARNER_INVOICES_QUERY = `query BenchLearnerInvoices {
  me {
    __typename
    ... on Learner {
      invoices(first: 20) {
        edges {
          node { id amount status dueDate createdAt track { name id } __typename }
          cursor
        }
        pageInfo { endCursor hasNextPage }
      }
      id
    }
    id
  }
}`;

/** The admin tracks page: web/src/admin/pages/track (TrackPageQuery with first: ALL_TRACKS, TrackTile_track). */
export const ADMIN_TRACKS_QUERY = `query BenchAdminTracks {
  tracks(first: 100, search: "") {
    edges { node { id name description image duration instructor __typename } cursor }
    pageInfo { endCursor hasNextPage }
  }
}`;

/**
 * The admin courses page, with the tracks its course form offers: web/src/admin/pages/courses (CoursesPageQuery,
 * CourseTable_courses, CourseFormDialog_course, DeleteCourseDialog_course, CourseFormDialog_query).
 */
export const ADMIN_COURSES_QUERY = `query BenchAdminCourses {
  courses(search: "", page: 1, first: 10) {
    totalCount
    edges { node { id title image createdAt track { name id } description __typename } cursor }
    pageInfo { endCursor hasNextPage }
  }
  tracks(first: 100) { edges { node { id name } } }
}`;

/** The admin learners page: web/src/admin/pages/learners (LearnersPageQuery, LearnerList_query, LearnerTable_learners). */
export const ADMIN_LEARNERS_QUERY = `query BenchAdminLearners {
  learners(search: "", page: 1, first: 10) {
    totalCount
    edges { node { id fullName email image trackCount createdAt totalPaid gender } }
  }
}`;

const graphql = (key: string, label: string, query: string, auth: Auth, extra: Partial<Operation> = {}): Operation => ({
  key,
  label,
  method: "POST",
  path: "/graphql",
  auth,
  query,
  load: false,
  budgeted: false,
  ...extra,
});

export const OPERATIONS: Operation[] = [
  graphql("catalogue", "catalogue: GraphQL tracks(first: 50)", CATALOGUE_QUERY, "none", { load: true, budgeted: true }),
  {
    key: "catalogueRest",
    label: "catalogue: REST GET /api/tracks",
    method: "GET",
    path: "/api/tracks",
    auth: "none",
    load: true,
    budgeted: true,
  },
  graphql("trackDetails", "track details: GraphQL track(id), anonymous", TRACK_DETAILS_QUERY, "none", {
    load: true,
    budgeted: true,
    variables: (ctx) => ({ id: ctx.trackId }),
  }),
  graphql("adminInvoicesSearch", 'admin invoices: page 1, search "a"', ADMIN_INVOICES_QUERY, "admin", {
    load: true,
    variables: () => ({ search: "a", page: 1, first: 10 }),
  }),
  graphql("learnerPortal", "learner portal: dashboard, me { enrollments(first: 9) }", LEARNER_PORTAL_QUERY, "learner", { load: true }),
  {
    key: "login",
    label: "login: REST POST /api/auth/login",
    method: "POST",
    path: "/api/auth/login",
    auth: "none",
    load: true,
    budgeted: false,
    body: (ctx) => ({ email: ctx.learnerEmail, password: ctx.learnerPassword }),
  },
  graphql("learnerInvoices", "learner portal: invoices, me { invoices(first: 20) }", LEARNER_INVOICES_QUERY, "learner"),
  graphql("adminTracks", "admin list: tracks(first: 100)", ADMIN_TRACKS_QUERY, "admin"),
  graphql("adminCourses", "admin list: courses page 1, tracks(first: 100)", ADMIN_COURSES_QUERY, "admin"),
  graphql("adminInvoices", "admin list: invoices page 1", ADMIN_INVOICES_QUERY, "admin", {
    variables: () => ({ search: "", page: 1, first: 10 }),
  }),
  graphql("adminLearners", "admin list: learners page 1", ADMIN_LEARNERS_QUERY, "admin"),
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
