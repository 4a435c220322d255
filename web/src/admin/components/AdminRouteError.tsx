import { useEffect } from "react";
import { useNavigate, useRouteError } from "react-router-dom";
import { GraphQLResponseError } from "../../shared/relay/environment.ts";
import { RouteErrorPage } from "../../shared/routing/RouteErrorPage.tsx";
import { adminSession } from "../../shared/session/session.ts";

/** The API refused the stored token (expired, revoked, or the account was disabled). */
function isSignedOut(error: unknown): boolean {
  return (
    error instanceof GraphQLResponseError &&
    error.errors.some((e) => (e as { extensions?: { code?: string } }).extensions?.code === "NotAuthenticatedError")
  );
}

/**
 * The back office's error boundary: when a page's data was refused because the session is no longer valid, the
 * stored session is forgotten (there is nothing left to revoke on the server) and the admin goes to the login page;
 * other failures show the error page.
 */
export function AdminRouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const signedOut = isSignedOut(error);
  useEffect(() => {
    if (!signedOut) return;
    localStorage.removeItem(adminSession.token);
    localStorage.removeItem(adminSession.user);
    navigate("/", { replace: true });
  }, [signedOut, navigate]);
  return signedOut ? null : <RouteErrorPage />;
}
