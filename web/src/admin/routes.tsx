import type { RouteObject } from "react-router-dom";
import type { IEnvironment } from "relay-runtime";
import { NotFoundPage } from "../shared/routing/NotFoundPage.tsx";
import { createPageRoute } from "../shared/routing/pageRoute.tsx";
import { RouteErrorPage } from "../shared/routing/RouteErrorPage.tsx";
import { AdminLayout } from "./layout/AdminLayout.tsx";
import { PublicLayout } from "./layout/PublicLayout.tsx";
import { RequireAdmin } from "./RequireAdmin.tsx";

/** The admin console's routes (spec section 2): public auth pages, then the guarded back-office screens. */
export function createAdminRoutes(environment: IEnvironment): RouteObject[] {
  const page = createPageRoute(environment);
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
                page({ path: "/", component: () => import("./pages/login/LoginPage.tsx") }),
                page({ path: "/signup", component: () => import("./pages/signup/SignupPage.tsx") }),
                page({ path: "/otp", component: () => import("./pages/otp/OtpPage.tsx") }),
                page({ path: "/forgot-password", component: () => import("./pages/forgot-password/ForgotPasswordPage.tsx") }),
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
                  ErrorBoundary: RouteErrorPage,
                  children: [
                    page({ path: "/dashboard", component: () => import("./pages/dashboard/DashboardPage.tsx") }),
                    page({ path: "/invoice", component: () => import("./pages/invoice/InvoicePage.tsx") }),
                    page({ path: "/learners", component: () => import("./pages/learners/LearnersPage.tsx") }),
                    page({ path: "/track", component: () => import("./pages/track/TrackPage.tsx") }),
                    page({ path: "/trackdetails/:trackId", component: () => import("./pages/trackdetails/TrackDetailsPage.tsx") }),
                    page({ path: "/courses", component: () => import("./pages/courses/CoursesPage.tsx") }),
                    page({ path: "/report", component: () => import("./pages/report/ReportPage.tsx") }),
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
