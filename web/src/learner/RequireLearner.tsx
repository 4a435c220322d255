import { Navigate, Outlet, useLocation } from "react-router-dom";
import { learnerSession, useSession } from "../shared/session/session.ts";

/**
 * Guards the portal (a deliberate difference, docs/product.md, Learner pages): logged-out visitors go to the login page,
 * which receives the page they wanted in `location.state.from` to come back to it after logging in.
 */
export function RequireLearner() {
  const { token } = useSession(learnerSession);
  const location = useLocation();
  return token ? <Outlet /> : <Navigate to="/learner-login" replace state={{ from: `${location.pathname}${location.search}` }} />;
}
