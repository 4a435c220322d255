import type { ComponentType } from "react";
import { fetchQuery, loadQuery } from "react-relay/hooks";
import { type LoaderFunctionArgs, type Params, type RouteObject, redirect } from "react-router-dom";
import type { IEnvironment, OperationType, VariablesOf } from "relay-runtime";
import { ADMIN_PAGES } from "../../../common/site-paths.ts";
import { NotFoundPage } from "../shared/routing/NotFoundPage.tsx";
import { createPageRoute, type QueryModule, type QueryPageProps } from "../shared/routing/pageRoute.tsx";
import { RouteErrorPage } from "../shared/routing/RouteErrorPage.tsx";
import { trackNodeId } from "../shared/routing/trackIds.ts";

import { adminSession } from "../shared/session/session.ts";
import { AdminRouteError } from "./components/AdminRouteError.tsx";
import { ALL_TRACKS, PAGE_SIZE } from "./components/pageSizes.ts";
import { AdminLayout } from "./layout/AdminLayout.tsx";
import { landingPath } from "./layout/navigation.tsx";
import { PublicLayout } from "./layout/PublicLayout.tsx";
import type { SignupPageInvitationQuery } from "./pages/accounts/signup/__generated__/SignupPageInvitationQuery.graphql.ts";
import { defaultReportRange } from "./pages/reports/report/reportRange.ts";
import { RequireAdmin } from "./RequireAdmin.tsx";
import { can, loadViewer, type Permission, type StaffViewer } from "./staff/AdminViewer.ts";

const INVITATION_UNUSABLE = "This invitation is invalid or has expired. Ask an owner to send a new one.";

/** The stored session is no longer accepted: forget it (there is nothing left to revoke on the server). */
function forgetSession() {
  localStorage.removeItem(adminSession.token);
  localStorage.removeItem(adminSession.user);
  window.dispatchEvent(new StorageEvent("storage", { key: adminSession.token }));
}

function signedOut(): never {
  forgetSession();
  throw redirect("/");
}

/**
 * The signed-in, approved staff account, or a redirect: to the login page without a valid session, to the waiting
 * screen while the account is pending, and to the account's landing page when it lacks `permission`.
 */
async function requireStaff(environment: IEnvironment, permission?: Permission): Promise<StaffViewer> {
  if (!localStorage.getItem(adminSession.token)) throw redirect("/");
  const viewer = await loadViewer(environment);
  if (!viewer) return signedOut();
  if (viewer.status !== "ACTIVE") throw redirect("/pending");
  if (permission && !can(viewer, permission)) throw redirect(landingPath(viewer));
  return viewer;
}

interface GuardedPageDefinition<Q extends OperationType> {
  path: string;
  /** What the account needs to use the page; without it, it goes to its landing page. */
  permission: Permission;
  component: () => Promise<{ default: ComponentType<QueryPageProps<Q>> }>;
  query: () => QueryModule<Q>;
  prepare: (params: Params, search: URLSearchParams) => VariablesOf<Q>;
}

/**
 * The admin console's routes (docs/product.md, Admin pages): public auth pages, then the guarded back-office screens. Their paths
 * come from ADMIN_PAGES, the list the server answers 404 outside of.
 */
export function createAdminRoutes(environment: IEnvironment): RouteObject[] {
  const page = createPageRoute(environment);
  /**
   * A back-office page: without a stored admin token its loader redirects to the login page before the page's query
   * is sent, so nothing goes out unauthenticated. With a token, cached data shows at once and is refreshed
   * (store-and-network): other admins may have changed invoices, tracks or learners since.
   */
  function guardedPage<Q extends OperationType>(definition: GuardedPageDefinition<Q>): RouteObject {
    const { query, prepare, permission } = definition;
    return {
      ...page(definition),
      loader: async ({ params, request }: LoaderFunctionArgs) => {
        await requireStaff(environment, permission);
        return loadQuery(environment, (await query()).default, prepare(params, new URL(request.url).searchParams), {
          fetchPolicy: "store-and-network",
        });
      },
    };
  }

  return [
    {
      ErrorBoundary: RouteErrorPage,
      children: [
        {
          Component: PublicLayout,
          children: [
            {
              ErrorBoundary: RouteErrorPage,
              children: [
                {
                  ...page({ path: ADMIN_PAGES.login, component: () => import("./pages/accounts/login/LoginPage.tsx") }),
                  // Signed in already: straight to the account's first page (a stale token stays here, signed out).
                  loader: async () => {
                    if (!localStorage.getItem(adminSession.token)) return null;
                    const viewer = await loadViewer(environment);
                    if (viewer) return redirect(landingPath(viewer));
                    forgetSession();
                    return null;
                  },
                },
                {
                  ...page({ path: ADMIN_PAGES.pending, component: () => import("./pages/accounts/pending/PendingPage.tsx") }),
                  // Asks the API each time (the "Check again" button reloads it): an approved account moves on.
                  loader: async () => {
                    if (!localStorage.getItem(adminSession.token)) return redirect("/");
                    const viewer = await loadViewer(environment, { fresh: true });
                    if (!viewer) return signedOut();
                    const landing = landingPath(viewer);
                    return landing === "/pending" ? viewer : redirect(landing);
                  },
                },
                {
                  ...page({ path: ADMIN_PAGES.signup, component: () => import("./pages/accounts/signup/SignupPage.tsx") }),
                  // An owner's invitation link (`?invitation=<token>`): its address and role, or why it cannot be used.
                  loader: async ({ request }: LoaderFunctionArgs) => {
                    const token = new URL(request.url).searchParams.get("invitation");
                    if (!token) return null;
                    const query = (await import("./pages/accounts/signup/__generated__/SignupPageInvitationQuery.graphql.ts")).default;
                    const data = await fetchQuery<SignupPageInvitationQuery>(environment, query, { token }).toPromise();
                    const result = data?.staffInvitation;
                    if (result?.__typename === "StaffInvitationPreview") return { token, email: result.email, role: result.role };
                    return { error: result?.message ?? INVITATION_UNUSABLE };
                  },
                },
                page({ path: ADMIN_PAGES.otp, component: () => import("./pages/accounts/otp/OtpPage.tsx") }),
                page({
                  path: ADMIN_PAGES.forgotPassword,
                  component: () => import("./pages/accounts/forgot-password/ForgotPasswordPage.tsx"),
                }),
                page({ path: ADMIN_PAGES.resetPassword, component: () => import("./pages/accounts/reset-password/ResetPasswordPage.tsx") }),
                { path: "*", Component: NotFoundPage },
              ],
            },
          ],
        },
        {
          Component: RequireAdmin,
          children: [
            {
              Component: AdminLayout,
              loader: () => requireStaff(environment),
              children: [
                {
                  ErrorBoundary: AdminRouteError,
                  children: [
                    guardedPage({
                      path: ADMIN_PAGES.dashboard,
                      permission: "readDashboard",
                      component: () => import("./pages/reports/dashboard/DashboardPage.tsx"),
                      query: () => import("./pages/reports/dashboard/__generated__/DashboardPageQuery.graphql.ts"),
                      prepare: () => ({}),
                    }),
                    guardedPage({
                      path: ADMIN_PAGES.invoices,
                      permission: "readInvoices",
                      component: () => import("./pages/invoices/invoice/InvoicePage.tsx"),
                      query: () => import("./pages/invoices/invoice/__generated__/InvoicePageQuery.graphql.ts"),
                      prepare: () => ({ first: PAGE_SIZE }),
                    }),
                    guardedPage({
                      path: ADMIN_PAGES.instalmentPlans,
                      permission: "readInvoices",
                      component: () => import("./pages/payments/instalment-plans/InstalmentPlansPage.tsx"),
                      query: () => import("./pages/payments/instalment-plans/__generated__/InstalmentPlansPageQuery.graphql.ts"),
                      prepare: () => ({ first: PAGE_SIZE }),
                    }),
                    guardedPage({
                      path: ADMIN_PAGES.learners,
                      permission: "readLearners",
                      component: () => import("./pages/accounts/learners/LearnersPage.tsx"),
                      query: () => import("./pages/accounts/learners/__generated__/LearnersPageQuery.graphql.ts"),
                      prepare: () => ({ first: PAGE_SIZE }),
                    }),
                    guardedPage({
                      path: ADMIN_PAGES.tracks,
                      permission: "readCatalogue",
                      component: () => import("./pages/catalogue/track/TrackPage.tsx"),
                      query: () => import("./pages/catalogue/track/__generated__/TrackPageQuery.graphql.ts"),
                      prepare: () => ({ first: ALL_TRACKS }),
                    }),
                    guardedPage({
                      path: ADMIN_PAGES.trackDetails,
                      permission: "readCatalogue",
                      component: () => import("./pages/catalogue/trackdetails/AdminTrackDetailsPage.tsx"),
                      query: () => import("./pages/catalogue/trackdetails/__generated__/AdminTrackDetailsPageQuery.graphql.ts"),
                      prepare: (params) => ({ id: trackNodeId(params.trackId) }),
                    }),
                    guardedPage({
                      path: ADMIN_PAGES.courses,
                      permission: "readCatalogue",
                      component: () => import("./pages/catalogue/courses/CoursesPage.tsx"),
                      query: () => import("./pages/catalogue/courses/__generated__/CoursesPageQuery.graphql.ts"),
                      prepare: () => ({ first: PAGE_SIZE, tracksFirst: ALL_TRACKS }),
                    }),
                    guardedPage({
                      path: ADMIN_PAGES.courseLessons,
                      permission: "readCatalogue",
                      component: () => import("./pages/learning/courses/lessons/CourseLessonsPage.tsx"),
                      query: () => import("./pages/learning/courses/lessons/__generated__/CourseLessonsPageQuery.graphql.ts"),
                      prepare: (params) => ({ id: trackNodeId(params.courseId, "Course") }),
                    }),
                    guardedPage({
                      path: ADMIN_PAGES.staff,
                      permission: "manageStaff",
                      component: () => import("./pages/staff/staff/StaffPage.tsx"),
                      query: () => import("./pages/staff/staff/__generated__/StaffPageQuery.graphql.ts"),
                      prepare: () => ({ first: PAGE_SIZE, tracksFirst: ALL_TRACKS }),
                    }),
                    guardedPage({
                      path: ADMIN_PAGES.settings,
                      permission: "manageSettings",
                      component: () => import("./pages/settings/settings/BusinessSettingsPage.tsx"),
                      query: () => import("./pages/settings/settings/__generated__/BusinessSettingsPageQuery.graphql.ts"),
                      prepare: () => ({}),
                    }),
                    guardedPage({
                      path: ADMIN_PAGES.coupons,
                      permission: "manageCoupons",
                      component: () => import("./pages/coupons/coupons/CouponsPage.tsx"),
                      query: () => import("./pages/coupons/coupons/__generated__/CouponsPageQuery.graphql.ts"),
                      prepare: () => ({ first: PAGE_SIZE, tracksFirst: ALL_TRACKS }),
                    }),
                    guardedPage({
                      path: ADMIN_PAGES.audit,
                      permission: "manageStaff",
                      component: () => import("./pages/staff/audit/AuditPage.tsx"),
                      query: () => import("./pages/staff/audit/__generated__/AuditPageQuery.graphql.ts"),
                      prepare: () => ({ first: PAGE_SIZE }),
                    }),
                    guardedPage({
                      path: ADMIN_PAGES.report,
                      permission: "readReports",
                      component: () => import("./pages/reports/report/ReportPage.tsx"),
                      query: () => import("./pages/reports/report/__generated__/ReportPageQuery.graphql.ts"),
                      prepare: () => defaultReportRange(),
                    }),
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ];
}
