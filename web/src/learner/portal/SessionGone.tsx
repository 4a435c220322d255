import { useEffect } from "react";
import { useRelayEnvironment } from "react-relay/hooks";
import { PageFallback } from "../../shared/routing/PageFallback.tsx";
import { dropLearnerSession } from "../session.ts";

/**
 * The server no longer accepts the stored token (`me` is null): the session is dropped, and the portal's guard sends
 * the learner to the login page, which brings them back here afterwards.
 */
export function SessionGone() {
  const environment = useRelayEnvironment();
  useEffect(() => dropLearnerSession(environment), [environment]);
  return <PageFallback />;
}
