import { graphql } from "react-relay/hooks";

/**
 * The typed errors every mutation result union selects, spread beside the payload's own type:
 * `...mutationError_error @alias(as: "failure") @relay(mask: false)`. Unmasked, its fields land on the alias, so a
 * form reads `result.failure?.message` and `result.failure?.fieldErrors` (the admin forms through `failureOf`,
 * `admin/components/failures.ts`); the alias is null when the result is the payload. `@alias` also answers the
 * compiler's check for a spread whose type (`Error`) the union's other members do not match. Every mutation selects
 * `message` and `fieldErrors` only through this fragment; a page that needs an error type's own field selects it
 * beside the spread (`... on RateLimitError { retryAfterSeconds }`). `mutationError.test.ts` checks both.
 */
export const mutationErrorFragment = graphql`
  fragment mutationError_error on Error {
    message
    ... on ValidationError {
      fieldErrors {
        field
        message
      }
    }
  }
`;
