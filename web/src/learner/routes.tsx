import type { RouteObject } from "react-router-dom";
import type { IEnvironment } from "relay-runtime";
import { NotFoundPage } from "../shared/routing/NotFoundPage.tsx";
import { createPageRoute } from "../shared/routing/pageRoute.tsx";
import { RouteErrorPage } from "../shared/routing/RouteErrorPage.tsx";
import { LearnerShell } from "./layout/LearnerShell.tsx";
import HomePageQuery from "./pages/home/__generated__/HomePageQuery.graphql.ts";
import { PortalLayout } from "./pages/portal/PortalLayout.tsx";
import { RequireLearner } from "./RequireLearner.tsx";

/** The learner site's routes (spec section 2), all inside the shell with top bar and footer. */
export function createLearnerRoutes(environment: IEnvironment): RouteObject[] {
  const page = createPageRoute(environment);
  return [
    {
      Component: LearnerShell,
      ErrorBoundary: RouteErrorPage,
      children: [
        {
          ErrorBoundary: RouteErrorPage,
          children: [
            page({ path: "/", component: () => import("./pages/home/HomePage.tsx"), query: HomePageQuery, prepare: () => ({}) }),
            page({ path: "/learner-login", component: () => import("./pages/learner-login/LoginPage.tsx") }),
            page({ path: "/learners-signup", component: () => import("./pages/learners-signup/SignupPage.tsx") }),
            page({ path: "/learner-otp", component: () => import("./pages/learner-otp/OtpPage.tsx") }),
            page({ path: "/learner-tracks", component: () => import("./pages/learner-tracks/TracksPage.tsx") }),
            page({
              path: "/learner-track-details/:trackId",
              component: () => import("./pages/learner-track-details/TrackDetailsPage.tsx"),
            }),
            page({ path: "/checkout/:trackId", component: () => import("./pages/checkout/CheckoutPage.tsx") }),
            page({ path: "/payment-verification", component: () => import("./pages/payment-verification/PaymentVerificationPage.tsx") }),
            {
              Component: RequireLearner,
              children: [
                {
                  Component: PortalLayout,
                  children: [
                    page({ path: "/portal", component: () => import("./pages/portal/PortalDashboardPage.tsx") }),
                    page({ path: "/portal/settings", component: () => import("./pages/portal/settings/SettingsPage.tsx") }),
                    page({ path: "/portal/invoices", component: () => import("./pages/portal/invoices/InvoicesPage.tsx") }),
                  ],
                },
              ],
            },
            { path: "*", Component: NotFoundPage },
          ],
        },
      ],
    },
  ];
}
