import { useCallback, useState } from "react";
import { graphql } from "react-relay/hooks";
import type { RecordSourceSelectorProxy } from "relay-runtime";
import { useAsyncMutation } from "../../shared/relay/useAsyncMutation.ts";
import type { useCardSetupAddMutation } from "./__generated__/useCardSetupAddMutation.graphql.ts";
import type { useCardSetupConfirmMutation, useCardSetupConfirmMutation$data } from "./__generated__/useCardSetupConfirmMutation.graphql.ts";
import type { useCardSetupRemoveMutation } from "./__generated__/useCardSetupRemoveMutation.graphql.ts";
import { paystackPage } from "./usePayInstalment.ts";

/**
 * Saving a card for later instalments (docs/payments.md, "Saving a card"): `add` opens a card check at Paystack for a
 * plan's currency; Paystack comes back to `/portal?cardSetup=<reference>`, where `confirm` settles it; `remove` drops
 * a saved card. The portal's saved cards (the root's `mySavedCards`) follow each outcome without a reload.
 */

const addMutation = graphql`
  mutation useCardSetupAddMutation($currency: CurrencyCode!) {
    addPaymentCard(currency: $currency) {
      __typename
      ... on AddPaymentCardPayload {
        authorizationUrl
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

const confirmMutation = graphql`
  mutation useCardSetupConfirmMutation($reference: String!) {
    confirmPaymentCard(reference: $reference) {
      __typename
      ... on ConfirmPaymentCardPayload {
        status
        reason
        card {
          id
          brand
          last4
          expiry
          currency
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

const removeMutation = graphql`
  mutation useCardSetupRemoveMutation($id: ID!) {
    removeSavedCard(id: $id) {
      __typename
      ... on DeletePayload {
        deletedId
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

export const ADD_CARD_FAILED = "Could not open the card check. Please try again.";
export const CONFIRM_CARD_FAILED = "Could not confirm your card. Reload the page to try again.";
export const REMOVE_CARD_FAILED = "Could not remove the card. Please try again.";

/** Sets the root's saved cards to what `change` makes of them. */
function updateCards(store: RecordSourceSelectorProxy, change: (ids: string[]) => string[]) {
  const root = store.getRoot();
  const cards = (root.getLinkedRecords("mySavedCards") ?? []).filter((c) => c !== null && c !== undefined);
  const wanted = change(cards.map((c) => c.getDataID()));
  const byId = new Map(cards.map((c) => [c.getDataID(), c]));
  const next = wanted.map((id) => byId.get(id) ?? store.get(id)).filter((c) => c !== null && c !== undefined);
  root.setLinkedRecords(next, "mySavedCards");
}

/** Opens Paystack's card check for the plan's currency; `error` is the server's refusal in its words. */
export function useAddCard() {
  const [commit] = useAsyncMutation<useCardSetupAddMutation>(addMutation);
  const [adding, setAdding] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const add = useCallback(
    async (currency: string) => {
      setError(null);
      setAdding(currency);
      try {
        // A plan's currency is one of the codes the server knows (PaymentPlan.currency reads as a string).
        const { addPaymentCard: result } = await commit({
          variables: { currency: currency as useCardSetupAddMutation["variables"]["currency"] },
        });
        if (result.__typename === "AddPaymentCardPayload" && result.authorizationUrl) {
          paystackPage.open(result.authorizationUrl);
          // The button stays busy while the browser leaves.
          return;
        }
        setError(result.failure?.message || ADD_CARD_FAILED);
      } catch {
        setError(ADD_CARD_FAILED);
      }
      setAdding(null);
    },
    [commit],
  );
  return { add, adding, error };
}

export type CardCheckOutcome =
  | { state: "checking" }
  | { state: "done"; result: useCardSetupConfirmMutation$data["confirmPaymentCard"] }
  | { state: "error"; message: string };

/** Settles the card check Paystack came back from; the saved card joins the portal's list. */
export function useConfirmCard() {
  const [commit] = useAsyncMutation<useCardSetupConfirmMutation>(confirmMutation);
  return useCallback(
    async (reference: string): Promise<CardCheckOutcome> => {
      try {
        const { confirmPaymentCard: result } = await commit({
          variables: { reference },
          updater: (store) => {
            const card = store.getRootField("confirmPaymentCard")?.getLinkedRecord("card");
            if (card) updateCards(store, (ids) => (ids.includes(card.getDataID()) ? ids : [card.getDataID(), ...ids]));
          },
        });
        if (result.__typename === "ConfirmPaymentCardPayload") return { state: "done", result };
        return { state: "error", message: result.failure?.message || CONFIRM_CARD_FAILED };
      } catch {
        return { state: "error", message: CONFIRM_CARD_FAILED };
      }
    },
    [commit],
  );
}

/** Removes a saved card; throws the refusal's words (ConfirmDialog shows them). */
export function useRemoveCard() {
  const [commit] = useAsyncMutation<useCardSetupRemoveMutation>(removeMutation);
  return useCallback(
    async (id: string) => {
      let result: useCardSetupRemoveMutation["response"]["removeSavedCard"];
      try {
        result = (
          await commit({
            variables: { id },
            updater: (store) => {
              if (store.getRootField("removeSavedCard")?.getValue("deletedId") === id)
                updateCards(store, (ids) => ids.filter((c) => c !== id));
            },
          })
        ).removeSavedCard;
      } catch {
        throw new Error(REMOVE_CARD_FAILED);
      }
      if (result.__typename !== "DeletePayload") throw new Error(result.failure?.message || REMOVE_CARD_FAILED);
    },
    [commit],
  );
}
