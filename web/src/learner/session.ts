import { commitLocalUpdate, type IEnvironment } from "relay-runtime";
import { endSession, learnerSession, type StoredUser, saveSession } from "../shared/session/session.ts";

/** The learner fields kept in `learnerUser` (what the top bar shows). */
export interface LearnerUser {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly image?: string | null;
}

export const storedUser = (learner: LearnerUser): StoredUser => ({
  firstName: learner.firstName,
  lastName: learner.lastName,
  email: learner.email,
  image: learner.image ?? null,
});

/**
 * Data read under another session (or none) must not show in this one: `me`, enrollments and invoices are refetched
 * by the next query instead of being served from the store.
 */
function forgetViewerData(environment: IEnvironment) {
  commitLocalUpdate(environment, (store) => store.invalidateStore());
}

/** Stores `learnerToken` and `learnerUser` after login (docs/product.md, States and flows). */
export function startLearnerSession(environment: IEnvironment, token: string, learner: LearnerUser) {
  saveSession(learnerSession, token, storedUser(learner));
  forgetViewerData(environment);
}

/** Logout: the session ends here at once and the server is asked to revoke the token. */
export function endLearnerSession(environment: IEnvironment) {
  endSession(learnerSession, "/api/auth/logout");
  forgetViewerData(environment);
}

/**
 * The server refused the stored token (expired, revoked, account disabled): clear the session without asking the
 * server to revoke a token it does not know.
 */
export function dropLearnerSession(environment: IEnvironment) {
  localStorage.removeItem(learnerSession.token);
  endSession(learnerSession, "/api/auth/logout");
  forgetViewerData(environment);
}
