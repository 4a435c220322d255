import { useCallback } from "react";
import { type UseMutationConfig, useMutation } from "react-relay/hooks";
import type { GraphQLTaggedNode, MutationParameters, PayloadError } from "relay-runtime";

/** The server answered the mutation with top-level GraphQL errors (typed failures come back as result unions). */
export class MutationError extends Error {
  constructor(readonly errors: readonly PayloadError[]) {
    super(errors.map((e) => e.message).join("\n"));
    this.name = "MutationError";
  }
}

type AsyncMutationConfig<M extends MutationParameters> = Omit<UseMutationConfig<M>, "onCompleted" | "onError">;

/**
 * `useMutation` as a promise, so a form handler can `await` the result and show the outcome in order:
 * `const [createTrack, isSaving] = useAsyncMutation<TrackCreateMutation>(mutation)`.
 */
export function useAsyncMutation<M extends MutationParameters>(
  mutation: GraphQLTaggedNode,
): [(config: AsyncMutationConfig<M>) => Promise<M["response"]>, boolean] {
  const [commit, isInFlight] = useMutation<M>(mutation);
  const run = useCallback(
    (config: AsyncMutationConfig<M>) =>
      new Promise<M["response"]>((resolve, reject) => {
        commit({
          ...config,
          onCompleted: (response, errors) => (errors && errors.length > 0 ? reject(new MutationError(errors)) : resolve(response)),
          onError: reject,
        });
      }),
    [commit],
  );
  return [run, isInFlight];
}
