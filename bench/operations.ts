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

export const CATALOGUE_QUERY = `query BenchCatalogue {
  tracks(first: 20) {
    edges { node { id name description image duration price averageRating reviewCount } }
    pageInfo { hasNextPage endCursor }
  }
}`;

export const TRACK_DETAILS_QUERY = `query BenchTrackDetails($id: ID!) {
  track(id: $id) {
    id name description instructor duration image price averageRating reviewCount courseCount updatedAt
    courses { id title }
    relatedTracks { id name image instructor price averageRating reviewCount }
  }
}`;

const INVOICE_ROW = `id amount status dueDate createdAt paymentDetails learner { id fullName email image } track { id name }`;

export const ADMIN_INVOICES_SEARCH_QUERY = `query BenchAdminInvoicesSearch {
  invoices(page: 1, first: 10, search: "a") {
    totalCount
    edges { node { ${INVOICE_ROW} } }
    pageInfo { hasNextPage endCursor }
  }
}`;

export const LEARNER_PORTAL_QUERY = `query BenchLearnerPortal {
  me {
    __typename id
    ... on Learner {
      enrollments(first: 20) {
        edges { node { id status createdAt track { id name image instructor duration courseCount } } }
      }
      invoices(first: 20) {
        edges { node { id amount status dueDate createdAt track { id name } } }
      }
    }
  }
}`;

export const ADMIN_TRACKS_QUERY = `query BenchAdminTracks {
  tracks(first: 100, search: "") {
    edges { node { id name description image duration instructor } }
    pageInfo { hasNextPage endCursor }
  }
}`;

export const ADMIN_COURSES_QUERY = `query BenchAdminCourses {
  courses(page: 1, first: 10, search: "") {
    totalCount
    edges { node { id title description image createdAt track { id name } } }
    pageInfo { hasNextPage endCursor }
  }
}`;

export const ADMIN_INVOICES_QUERY = `query BenchAdminInvoices {
  invoices(page: 1, first: 10, search: "") {
    totalCount
    edges { node { ${INVOICE_ROW} } }
    pageInfo { hasNextPage endCursor }
  }
}`;

export const ADMIN_LEARNERS_QUERY = `query BenchAdminLearners {
  learners(page: 1, first: 10, search: "") {
    totalCount
    edges {
      node {
        id fullName email contact location gender description image courseCount totalPaid createdAt
        enrollments { edges { node { id track { id name } } } }
      }
    }
    pageInfo { hasNextPage endCursor }
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
  graphql("catalogue", "catalogue: GraphQL tracks(first: 20)", CATALOGUE_QUERY, "none", { load: true, budgeted: true }),
  {
    key: "catalogueRest",
    label: "catalogue: REST GET /api/tracks",
    method: "GET",
    path: "/api/tracks",
    auth: "none",
    load: true,
    budgeted: true,
  },
  graphql("trackDetails", "track details: GraphQL track(id)", TRACK_DETAILS_QUERY, "none", {
    load: true,
    budgeted: true,
    variables: (ctx) => ({ id: ctx.trackId }),
  }),
  graphql("adminInvoicesSearch", 'admin invoices: page 1, search "a"', ADMIN_INVOICES_SEARCH_QUERY, "admin", { load: true }),
  graphql("learnerPortal", "learner portal: me { enrollments, invoices }", LEARNER_PORTAL_QUERY, "learner", { load: true }),
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
  graphql("adminTracks", "admin list: tracks(first: 100)", ADMIN_TRACKS_QUERY, "admin"),
  graphql("adminCourses", "admin list: courses page 1", ADMIN_COURSES_QUERY, "admin"),
  graphql("adminInvoices", "admin list: invoices page 1", ADMIN_INVOICES_QUERY, "admin"),
  graphql("adminLearners", "admin list: learners page 1", ADMIN_LEARNERS_QUERY, "admin"),
];

/** The request body an operation sends. */
export function requestBody(op: Operation, ctx: OperationContext): string | undefined {
  if (op.query) return JSON.stringify({ query: op.query, variables: op.variables?.(ctx) ?? {} });
  if (op.body) return JSON.stringify(op.body(ctx));
  return undefined;
}

export function requestHeaders(op: Operation, tokens: { admin: string; learner: string }): Record<string, string> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (op.method === "POST") headers["content-type"] = "application/json";
  if (op.auth !== "none") headers.authorization = `Bearer ${tokens[op.auth]}`;
  return headers;
}
