import { useEffect, useState } from "react";
import { useRelayEnvironment } from "react-relay/hooks";
import { useLocation, useNavigate, useRevalidator, useRouteError } from "react-router-dom";
import { GraphQLResponseError } from "../../shared/relay/environment.ts";
import { RouteErrorPage } from "../../shared/routing/RouteErrorPage.tsx";
import { adminSession } from "../../shared/session/session.ts";
import { landingPath } from "../layout/navigation.tsx";
import { loadViewer } from "../staff/AdminViewer.ts";

/** The typed error code the API refused a page's data with, if any. */
function refusal(error: unknown): string | null {
  if (!(error instanceof GraphQLResponseError)) return null;
  const codes = error.errors.map((e) => (e as { extensions?: { code?: string } }).extensions?.code);
  return codes.find((code) => code === "NotAuthenticatedError" || code === "ForbiddenError") ?? null;
}

/**
 * The back office's error boundary. When a page's data was refused because the session is no longer valid (expired,
 * revoked, the account deactivated), the stored session is forgotten (there is nothing left to revoke on the server)
 * and the admin goes to the login page. When it was refused because the account's role no longer allows the page (an
 * owner changed it during the session), the console asks who it is again and goes to the first page the account may
 * use, with a sidebar to match. Other failures show the error page.
 */
export function AdminRouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const revalidator = useRevalidator();
  const environment = useRelayEnvironment();
  const code = refusal(error);
  // The role changed and its landing page is this very page: nothing better to offer than the error page.
  const [stuck, setStuck] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per refused page, not on every render.
  useEffect(() => {
    if (code === "NotAuthenticatedError") {
      localStorage.removeItem(adminSession.token);
      localStorage.removeItem(adminSession.user);
      navigate("/", { replace: true });
      return;
    }
    if (code !== "ForbiddenError") return;
    let live = true;
    loadViewer(environment, { fresh: true })
      .then(async (viewer) => {
        if (!live) return;
        const landing = viewer ? landingPath(viewer) : "/";
        if (landing === pathname) {
          setStuck(true);
          return;
        }
        await navigate(landing, { replace: true });
        // The layout's loader (the sidebar's account) runs again with the account as it is now.
        revalidator.revalidate();
      })
      .catch(() => live && setStuck(true));
    return () => {
      live = false;
    };
  }, [code]);
  return code === "NotAuthenticatedError" || (code === "ForbiddenError" && !stuck) ? null : <RouteErrorPage />;
}
