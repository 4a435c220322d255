import type { ComponentType } from "react";
import type { RouteObject } from "react-router-dom";
import type { IEnvironment } from "relay-runtime";
import { LEARNER_PAGES } from "../../../common/site-paths.ts";
import { NotFoundPage } from "../shared/routing/NotFoundPage.tsx";
import { PageFallback } from "../shared/routing/PageFallback.tsx";
import { createPageRoute } from "../shared/routing/pageRoute.tsx";
import { RouteErrorPage } from "../shared/routing/RouteErrorPage.tsx";
import { trackNodeId } from "../shared/routing/trackIds.ts";
import { LearnerShell } from "./layout/LearnerShell.tsx";

/** Gives a page route its own error boundary, loaded with the page's code. */
function withErrorBoundary(route: RouteObject, load: () => Promise<ComponentType>): RouteObject {
  const lazy = route.lazy as () => Promise<Omit<RouteObject, "lazy">>;
  return { ...route, lazy: async () => ({ ...(await lazy()), ErrorBoundary: await load() }) } as RouteObject;
}

// A malformed track id in the address shows 'Track not found.' rather than the generic error page.

const trackErrorBoundary = async () => (await import("./tracks/TrackErrorBoundary.tsx")).TrackErrorBoundary;

/**
 * The learner site's routes (docs/product.md, Learner pages), all inside the shell with top bar and footer. Their paths come from
 * LEARNER_PAGES, the list the server answers 404 outside of.
 */
export function createLearnerRoutes(environment: IEnvironment): RouteObject[] {
  const page = createPageRoute(environment);
  const none = () => ({});
  return [
    {
      Component: LearnerShell,
      ErrorBoundary: RouteErrorPage,
      children: [
        {
          ErrorBoundary: RouteErrorPage,
          children: [
            page({
              path: LEARNER_PAGES.home,
              component: () => import("./pages/catalogue/home/HomePage.tsx"),
              query: () => import("./pages/catalogue/home/__generated__/HomePageQuery.graphql.ts"),
              prepare: none,
            }),
            page({ path: LEARNER_PAGES.login, component: () => import("./pages/accounts/learner-login/LoginPage.tsx") }),
            page({ path: LEARNER_PAGES.signup, component: () => import("./pages/accounts/learners-signup/SignupPage.tsx") }),
            page({ path: LEARNER_PAGES.otp, component: () => import("./pages/accounts/learner-otp/OtpPage.tsx") }),
            page({
              path: LEARNER_PAGES.forgotPassword,
              component: () => import("./pages/accounts/forgot-password/ForgotPasswordPage.tsx"),
            }),
            page({ path: LEARNER_PAGES.resetPassword, component: () => import("./pages/accounts/reset-password/ResetPasswordPage.tsx") }),
            page({
              path: LEARNER_PAGES.tracks,
              component: () => import("./pages/catalogue/learner-tracks/TracksPage.tsx"),
              query: () => import("./pages/catalogue/learner-tracks/__generated__/TracksPageQuery.graphql.ts"),
              // The catalogue's URL params are read by code that loads with the route, not with the site's entry.
              prepare: async (_params, search) =>
                (await import("./pages/catalogue/learner-tracks/catalogueParams.ts")).catalogueVariables(search),
            }),
            withErrorBoundary(
              page({
                path: LEARNER_PAGES.trackDetails,
                component: () => import("./pages/catalogue/learner-track-details/TrackDetailsPage.tsx"),
                query: () => import("./pages/catalogue/learner-track-details/__generated__/TrackDetailsPageQuery.graphql.ts"),
                prepare: (params) => ({ id: trackNodeId(params.trackId) }),
              }),
              trackErrorBoundary,
            ),
            withErrorBoundary(
              page({
                path: LEARNER_PAGES.checkoutTrack,
                component: () => import("./pages/payments/checkout/CheckoutPage.tsx"),
                query: () => import("./pages/payments/checkout/__generated__/CheckoutPageQuery.graphql.ts"),
                prepare: (params) => ({ id: trackNodeId(params.trackId) }),
              }),
              trackErrorBoundary,
            ),
            page({ path: LEARNER_PAGES.checkout, component: () => import("./pages/payments/checkout/NoTrackPage.tsx") }),
            // A certificate's public verification page: its code and query load with the route (the site's first load has no room).
            page({ path: LEARNER_PAGES.certificate, component: () => import("./pages/learning/certificates/CertificatePage.tsx") }),
            // The course player: not behind the portal's guard, since anyone may open a free-preview lesson (the API
            // decides what each caller reads). Its code, Markdown included, loads with the route.
            page({
              path: LEARNER_PAGES.learn,
              component: () => import("./pages/learning/portal/learn/LessonPlayerPage.tsx"),
              query: () => import("./pages/learning/portal/learn/__generated__/LessonPlayerPageQuery.graphql.ts"),
              prepare: (params) => ({ trackId: trackNodeId(params.trackId), lessonId: trackNodeId(params.lessonId, "Lesson") }),
            }),
            page({
              path: LEARNER_PAGES.paymentVerification,
              component: () => import("./pages/payments/payment-verification/PaymentVerificationPage.tsx"),
            }),
            {
              // The portal's guard and layout load with the portal, not with the site's entry.
              lazy: async () => ({ Component: (await import("./RequireLearner.tsx")).RequireLearner }),
              HydrateFallback: PageFallback,
              children: [
                {
                  lazy: async () => ({ Component: (await import("./portal/PortalLayout.tsx")).PortalLayout }),
                  HydrateFallback: PageFallback,
                  children: [
                    page({
                      path: LEARNER_PAGES.portal,
                      component: () => import("./pages/learning/portal/PortalDashboardPage.tsx"),
                      query: () => import("./pages/learning/portal/__generated__/PortalDashboardPageQuery.graphql.ts"),
                      prepare: none,
                    }),
                    page({
                      path: LEARNER_PAGES.portalSettings,
                      component: () => import("./pages/accounts/portal/settings/SettingsPage.tsx"),
                      query: () => import("./pages/accounts/portal/settings/__generated__/SettingsPageQuery.graphql.ts"),
                      prepare: none,
                    }),
                    withErrorBoundary(
                      page({
                        path: LEARNER_PAGES.portalInvoices,
                        component: () => import("./pages/invoices/portal/invoices/InvoicesPage.tsx"),
                        query: () => import("./pages/invoices/portal/invoices/__generated__/InvoicesPageQuery.graphql.ts"),
                        prepare: none,
                      }),
                      // 'Could not load your invoices. Please try again later.' (docs/product.md, Texts).
                      async () => (await import("./pages/invoices/portal/invoices/InvoicesPage.tsx")).InvoicesError,
                    ),
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
