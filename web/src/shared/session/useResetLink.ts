import { useEffect, useState } from "react";
import { fetchQuery, graphql, useRelayEnvironment } from "react-relay/hooks";
import type { useResetLinkQuery } from "./__generated__/useResetLinkQuery.graphql.ts";

const query = graphql`
  query useResetLinkQuery($token: String!) {
    passwordResetLink(token: $token) {
      __typename
      ... on Error {
        message
      }
    }
  }
`;

/**
 * What the reset page knows of its link before the form is shown: still checking, usable, or not (with the server's
 * reason: used or replaced, expired, unknown). When the check itself fails (offline) the form is shown: submitting
 * it tells the same.
 */
export type ResetLink = { state: "checking" } | { state: "live" } | { state: "bad"; reason: string };

export function useResetLink(token: string | null): ResetLink {
  const environment = useRelayEnvironment();
  const [link, setLink] = useState<ResetLink>({ state: "checking" });
  useEffect(() => {
    if (!token) return;
    let current = true;
    setLink({ state: "checking" });
    fetchQuery<useResetLinkQuery>(environment, query, { token }, { fetchPolicy: "network-only" })
      .toPromise()
      .then(
        (data) => {
          if (!current) return;
          const answer = data?.passwordResetLink;
          if (!answer || answer.__typename === "PasswordResetLink") setLink({ state: "live" });
          else
            setLink({
              state: "bad",
              reason: "message" in answer && answer.message ? answer.message : "This reset link is invalid or has expired.",
            });
        },
        () => current && setLink({ state: "live" }),
      );
    return () => {
      current = false;
    };
  }, [environment, token]);
  return link;
}
