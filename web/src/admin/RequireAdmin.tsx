import { Navigate, Outlet } from "react-router-dom";
import { adminSession, useSession } from "../shared/session/session.ts";

/** Guards the back-office screens: without a stored admin token the visitor goes to the login page at `/`. */
export function RequireAdmin() {
  const { token } = useSession(adminSession);
  return token ? <Outlet /> : <Navigate to="/" replace />;
}
