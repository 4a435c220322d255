import type { ComponentType } from "react";
import { loadQuery } from "react-relay/hooks";
import { type LoaderFunctionArgs, type Params, type RouteObject, redirect } from "react-router-dom";
import type { IEnvironment, OperationType, VariablesOf } from "relay-runtime";
import { NotFoundPage } from "../shared/routing/NotFoundPage.tsx";
import { createPageRoute, type QueryModule, type QueryPageProps } from "../shared/routing/pageRoute.tsx";
import { RouteErrorPage } from "../shared/routing/RouteErrorPage.tsx";
import { adminSession } from "../shared/session/session.ts";
import { AdminRouteError } from "./components/AdminRouteError.tsx";
import { ALL_TRACKS, PAGE_SIZE } from "./components/pageSizes.ts";
import { AdminLayout } from "./layout/AdminLayout.tsx";
import { PublicLayout } from "./layout/PublicLayout.tsx";
import { defaultReportRange } from "./pages/report/reportRange.ts";
import { RequireAdmin } from "./RequireAdmin.tsx";

interface GuardedPageDefinition<Q extends OperationType> {
  path: string;
  component: () => Promise<{ default: ComponentType<QueryPageProps<Q>> }>;
  query: () => QueryModule<Q>;
  prepare: (params: Params, search: URLSearchParams) => VariablesOf<Q>;
}

/** The admin console's routes (spec section 2): public auth pages, then the guarded back-office screens. */
export function createAdminRoutes(environment: IEnvironment): RouteObject[] {
  const page = createPageRoute(environment);
  /**
   * A back-office page: without a stored admin token its loader redirects to the login page before the page's query
   * is sent, so nothing goes out unauthenticated. With a token, cached data shows at once and is refreshed
   * (store-and-network): other admins may have changed invoices, tracks or learners since.
   */
  function guardedPage<Q extends OperationType>(definition: GuardedPageDefinition<Q>): RouteObject {
    const { query, prepare } = definition;
    return {
      ...page(definition),
      loader: async ({ params, request }: LoaderFunctionArgs) => {
        if (!localStorage.getItem(adminSession.token)) throw redirect("/");
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
                  ...page({ path: "/", component: () => import("./pages/login/LoginPage.tsx") }),
                  // Signed in already: straight to the dashboard (a stale token ends up back here, signed out).
                  loader: () => (localStorage.getItem(adminSession.token) ? redirect("/dashboard") : null),
                },
                page({ path: "/signup", component: () => import("./pages/signup/SignupPage.tsx") }),
                page({ path: "/otp", component: () => import("./pages/otp/OtpPage.tsx") }),
                page({ path: "/forgot-password", component: () => import("./pages/forgot-password/ForgotPasswordPage.tsx") }),
                page({ path: "/reset-password", component: () => import("./pages/reset-password/ResetPasswordPage.tsx") }),
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
              children: [
                {
                  ErrorBoundary: AdminRouteError,
                  children: [
                    guardedPage({
                      path: "/dashboard",
                      component: () => import("./pages/dashboard/DashboardPage.tsx"),
                      query: () => import("./pages/dashboard/__generated__/DashboardPageQuery.graphql.ts"),
                      prepare: () => ({}),
                    }),
                    guardedPage({
                      path: "/invoice",
                      component: () => import("./pages/invoice/InvoicePage.tsx"),
                      query: () => import("./pages/invoice/__generated__/InvoicePageQuery.graphql.ts"),
                      prepare: () => ({ first: PAGE_SIZE }),
                    }),
                    guardedPage({
                      path: "/learners",
                      component: () => import("./pages/learners/LearnersPage.tsx"),
                      query: () => import("./pages/learners/__generated__/LearnersPageQuery.graphql.ts"),
                      prepare: () => ({ first: PAGE_SIZE }),
                    }),
                    guardedPage({
                      path: "/track",
                      component: () => import("./pages/track/TrackPage.tsx"),
                      query: () => import("./pages/track/__generated__/TrackPageQuery.graphql.ts"),
                      prepare: () => ({ first: ALL_TRACKS }),
                    }),
                    guardedPage({
                      path: "/trackdetails/:trackId",
                      component: () => import("./pages/trackdetails/AdminTrackDetailsPage.tsx"),
                      query: () => import("./pages/trackdetails/__generated__/AdminTrackDetailsPageQuery.graphql.ts"),
                      prepare: (params) => ({ id: params.trackId ?? "" }),
                    }),
                    guardedPage({
                      path: "/courses",
                      component: () => import("./pages/courses/CoursesPage.tsx"),
                      query: () => import("./pages/courses/__generated__/CoursesPageQuery.graphql.ts"),
                      prepare: () => ({ first: PAGE_SIZE, tracksFirst: ALL_TRACKS }),
                    }),
                    guardedPage({
                      path: "/report",
                      component: () => import("./pages/report/ReportPage.tsx"),
                      query: () => import("./pages/report/__generated__/ReportPageQuery.graphql.ts"),
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
