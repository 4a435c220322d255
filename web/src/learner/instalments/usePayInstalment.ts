import { useCallback, useState } from "react";
import { graphql } from "react-relay/hooks";
import { useAsyncMutation } from "../../shared/relay/useAsyncMutation.ts";
import { rememberInstalment } from "../pages/payments/checkout/checkoutReturn.ts";
import type { usePayInstalmentMutation } from "./__generated__/usePayInstalmentMutation.graphql.ts";

const mutation = graphql`
  mutation usePayInstalmentMutation($id: ID!) {
    payInstalment(id: $id) {
      __typename
      ... on PayInstalmentPayload {
        authorizationUrl
        reference
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

export const PAY_NOW_FAILED = "Could not open the payment page. Please try again.";

/** Sends the browser to Paystack's page; an object so tests can watch it (jsdom cannot navigate). */
export const paystackPage = {
  open(url: string) {
    window.location.assign(url);
  },
};

/**
 * "Pay now" for a due or overdue instalment (docs/payments.md, "Instalments"): payInstalment gives the part a
 * reference and Paystack's page, where the browser goes; Paystack comes back to /payment-verification?reference=...,
 * which verifies and settles it as any checkout (and resumes a paused track). `paying` is the part being opened;
 * `error` the server's refusal ("not due yet", "already paid"...) in its words.
 */
export function usePayInstalment() {
  const [commit] = useAsyncMutation<usePayInstalmentMutation>(mutation);
  const [paying, setPaying] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pay = useCallback(
    async (invoiceId: string) => {
      setError(null);
      setPaying(invoiceId);
      try {
        const { payInstalment: result } = await commit({ variables: { id: invoiceId } });
        if (result.__typename === "PayInstalmentPayload" && result.authorizationUrl) {
          if (result.reference) rememberInstalment(result.reference);
          paystackPage.open(result.authorizationUrl);
          // The page stays busy while the browser leaves.
          return;
        }
        setError(result.failure?.message || PAY_NOW_FAILED);
      } catch {
        setError(PAY_NOW_FAILED);
      }
      setPaying(null);
    },
    [commit],
  );
  return { pay, paying, error };
}
