import { useEffect } from "react";
import { fetchQuery, graphql, useRelayEnvironment } from "react-relay/hooks";
import { learnerSession, saveSession } from "../../shared/session/session.ts";
import { dropLearnerSession, storedUser } from "../session.ts";
import type { SessionCheckQuery } from "./__generated__/SessionCheckQuery.graphql.ts";

const query = graphql`
  query SessionCheckQuery {
    me {
      __typename
      ... on Learner {
        firstName
        lastName
        email
        image
      }
    }
  }
`;

/**
 * On load, a stored learner token is checked with the server (docs/product.md, States and flows): when it is refused (`me` is null, or
 * not a learner), the session is dropped and the shell shows the visitor as logged out. When it is accepted, the
 * stored user is refreshed (a name or picture changed elsewhere).
 */
export default function SessionCheck() {
  const environment = useRelayEnvironment();
  useEffect(() => {
    const token = localStorage.getItem(learnerSession.token);
    if (!token) return;
    const subscription = fetchQuery<SessionCheckQuery>(environment, query, {}, { fetchPolicy: "network-only" }).subscribe({
      next: ({ me }) => {
        // A login in the meantime stored another token: this answer is about the old one.
        if (localStorage.getItem(learnerSession.token) !== token) return;
        if (me?.__typename !== "Learner") {
          dropLearnerSession(environment);
          return;
        }
        const fresh = JSON.stringify(storedUser(me));
        if (localStorage.getItem(learnerSession.user) !== fresh) saveSession(learnerSession, token, storedUser(me));
      },
      // A network failure says nothing about the token: keep the session.
      error: () => undefined,
    });
    return () => subscription.unsubscribe();
  }, [environment]);
  return null;
}
