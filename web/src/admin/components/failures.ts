import { MutationError } from "../../shared/relay/useAsyncMutation.ts";

type FieldErrorList = readonly { readonly field: string; readonly message: string }[];

/**
 * What a mutation's result union looks like from the client: the payload, or one of the typed errors, selected with
 * `...mutationError_error @alias(as: "failure") @relay(mask: false)` (message and field errors under `failure`; every
 * mutation selects its errors so, `web/src/shared/relay/mutationError.test.ts`). `failure` is required, as Relay
 * types it, so a result read without the fragment does not type-check here.
 */
export interface ResultLike {
  readonly __typename: string;
  readonly failure: { readonly message: string; readonly fieldErrors?: FieldErrorList } | null | undefined;
}

/** A failed form submission: one message for the form and one per field the server named. */
export interface Failure {
  message: string;
  fieldErrors: Record<string, string>;
}

/** The typed error a mutation answered with (every error type's name ends in "Error"), or null for its payload. */
export function failureOf(result: ResultLike, fallback: string): Failure | null {
  if (!result.__typename.endsWith("Error")) return null;
  const fieldErrors: Record<string, string> = {};
  for (const { field, message } of result.failure?.fieldErrors ?? []) fieldErrors[field] ??= message;
  return { message: result.failure?.message || fallback, fieldErrors };
}

/** The request never got an answer (offline, server down): `fetch` rejects with a TypeError. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

/** The HTTP status of a response that was not GraphQL at all (e.g. 413 from a proxy), as the Relay network reports it. */
export function httpStatusOf(error: unknown): number | null {
  const status = error instanceof Error ? /answered (\d{3}) without a GraphQL response/.exec(error.message)?.[1] : undefined;
  return status ? Number(status) : null;
}

/**
 * The message for a mutation that threw instead of answering with a typed error: `network` when the request failed,
 * otherwise the server's top-level error message when it sent one that is meant for users, else `fallback`.
 */
export function thrownMessage(error: unknown, messages: { fallback: string; network?: string }): string {
  if (isNetworkError(error)) return messages.network ?? messages.fallback;
  if (error instanceof MutationError) {
    const message = error.errors[0]?.message;
    // Unexpected server failures are masked as "Unexpected error."; the form's own wording says more.
    if (message && !/^unexpected error/i.test(message)) return message;
  }
  return messages.fallback;
}
