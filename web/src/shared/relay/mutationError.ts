import { graphql } from "react-relay/hooks";

/**
 * The typed errors every mutation result union selects, spread beside the payload's own type:
 * `...mutationError_error @alias @relay(mask: false)`. Unmasked, its fields land on the result itself, so a form reads
 * `result.message` and `result.fieldErrors`; `@alias` only answers the compiler's check for a spread whose type
 * (`Error`) the union's other members do not match.
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
