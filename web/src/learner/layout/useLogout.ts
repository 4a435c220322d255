import { useNavigate } from "react-router-dom";
import { endSession, learnerSession } from "../../shared/session/session.ts";

/** Logout ends the learner session and goes to the login page (spec). */
export function useLogout() {
  const navigate = useNavigate();
  return () => {
    endSession(learnerSession, "/api/auth/logout");
    navigate("/learner-login");
  };
}
