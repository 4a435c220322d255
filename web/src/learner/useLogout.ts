import { useNavigate } from "react-router-dom";

/**
 * Logout goes to the login page (docs/product.md, Learner pages), which ends the session: ending it here first would let the portal's guard
 * redirect to the login page on its own, with a "come back to the portal afterwards" that does not fit a logout.
 */
export function useLogout() {
  const navigate = useNavigate();
  return () => navigate("/learner-login", { state: { endSession: "logout" } });
}
