/**
 * The page paths of both sites, in React Router's pattern syntax (`:name` is one segment). The client routers
 * (web/src/learner/routes.tsx, web/src/admin/routes.tsx) are built from these lists, and the server
 * (api/src/http/web.ts) reads the same lists to answer any other path with status 404. This module is imported by
 * both, so it holds plain data and functions only.
 */
export const LEARNER_PAGES = {
  home: "/",
  login: "/learner-login",
  signup: "/learners-signup",
  otp: "/learner-otp",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  tracks: "/learner-tracks",
  trackDetails: "/learner-track-details/:trackId",
  checkoutTrack: "/checkout/:trackId",
  checkout: "/checkout",
  paymentVerification: "/payment-verification",
  portal: "/portal",
  portalSettings: "/portal/settings",
  portalInvoices: "/portal/invoices",
  /** The course player: open to anyone for a free-preview lesson, to the track's learners for every lesson. */
  learn: "/portal/learn/:trackId/:lessonId",
  /** A certificate's public verification page. */
  certificate: "/certificates/:code",
} as const;

export const ADMIN_PAGES = {
  login: "/",
  pending: "/pending",
  signup: "/signup",
  otp: "/otp",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  dashboard: "/dashboard",
  invoices: "/invoice",
  /** Learners' instalment plans (docs/payments.md, "Instalments"), for finance. */
  instalmentPlans: "/instalment-plans",
  learners: "/learners",
  tracks: "/track",
  trackDetails: "/trackdetails/:trackId",
  courses: "/courses",
  courseLessons: "/courses/:courseId/lessons",
  staff: "/staff",
  audit: "/audit",
  report: "/report",
  settings: "/settings",
  coupons: "/coupons",
} as const;

export type Site = "admin" | "learner";

const PAGES: Record<Site, readonly string[]> = { admin: Object.values(ADMIN_PAGES), learner: Object.values(LEARNER_PAGES) };

const segments = (path: string) => path.split("/").filter((s) => s !== "");

/**
 * Whether `pathname` (no query string) is one of the site's pages, as React Router matches it: letter case and a
 * trailing slash do not matter, and a `:name` segment matches any one non-empty segment.
 */
export function isSitePage(site: Site, pathname: string): boolean {
  const wanted = segments(pathname.toLowerCase());
  return PAGES[site].some((pattern) => {
    const parts = segments(pattern.toLowerCase());
    return parts.length === wanted.length && parts.every((part, i) => part.startsWith(":") || part === wanted[i]);
  });
}
