import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { isCurrencyCode } from "../../../../common/money.ts";
import { CARD_CHECK_AMOUNTS } from "../../../../common/payments.ts";
import { formatMoney } from "../../shared/format/format.ts";
import { Alert } from "../../shared/ui/Alert.tsx";
import { Button } from "../../shared/ui/Button.tsx";
import { ConfirmDialog } from "../../shared/ui/ConfirmDialog.tsx";
import { CreditCardIcon } from "../../shared/ui/icons.tsx";
import type { PaymentPlans_query$data } from "./__generated__/PaymentPlans_query.graphql.ts";
import styles from "./AutomaticPayments.module.css";
import { type CardCheckOutcome, useAddCard, useConfirmCard, useRemoveCard } from "./useCardSetup.ts";

type Plan = PaymentPlans_query$data["myPaymentPlans"][number];
type Card = PaymentPlans_query$data["mySavedCards"][number];

/** The query parameter the card check's return carries (the server's callback, api/src/domain/payments/card-setup.ts). */
export const CARD_SETUP_PARAM = "cardSetup";

/** "Visa •••• 4081" */
export const cardLabel = (card: Pick<Card, "brand" | "last4">) =>
  `${card.brand ? card.brand.charAt(0).toUpperCase() + card.brand.slice(1) : "Card"} •••• ${card.last4 ?? "????"}`;

/** What the check charges in a currency, e.g. "₦50.00" (common/payments.ts). */
export const checkAmount = (currency: string) =>
  isCurrencyCode(currency) ? formatMoney({ minor: CARD_CHECK_AMOUNTS[currency], currency }) : null;

/**
 * Automatic payments (docs/payments.md, "Saving a card"), in the portal's payment plans: for each currency of an
 * active plan without a saved card, "Add a card" (a small card check at Paystack, refunded at once); the outcome of a
 * check Paystack came back from; and the saved cards, each removable after a confirmation.
 */
export function AutomaticPayments({ plans, cards }: { plans: readonly Plan[]; cards: readonly Card[] }) {
  const { add, adding, error } = useAddCard();
  const needCard = [...new Set(plans.filter((p) => p.status === "ACTIVE").map((p) => p.currency))].filter(
    (currency) => !cards.some((card) => card.currency === currency),
  );
  return (
    <>
      <CardCheckResult />
      {needCard.map((currency) => (
        <article key={currency} className={styles.box} aria-labelledby={`automatic-payments-${currency}`}>
          <h3 id={`automatic-payments-${currency}`} className={styles.heading}>
            <CreditCardIcon size={18} aria-hidden="true" />
            Automatic payments{needCard.length > 1 ? ` in ${currency}` : ""}
          </h3>
          <p className={styles.text}>
            Pay later parts automatically: add a card. {checkAmount(currency) ?? "A small amount"} is charged to check it and refunded at
            once.
          </p>
          {error && adding === null && <Alert tone="error">{error}</Alert>}
          <div>
            <Button
              size="sm"
              loading={adding === currency}
              disabled={adding !== null}
              onClick={() => void add(currency)}
              aria-label={needCard.length > 1 ? `Add a card for payments in ${currency}` : undefined}
            >
              Add a card
            </Button>
          </div>
        </article>
      ))}
      {cards.length > 0 && <SavedCards cards={cards} />}
    </>
  );
}

/** The outcome of the card check named by `?cardSetup=`: confirmed once when the page opens. */
function CardCheckResult() {
  const [search] = useSearchParams();
  const reference = search.get(CARD_SETUP_PARAM);
  const confirm = useConfirmCard();
  const [outcome, setOutcome] = useState<CardCheckOutcome | null>(null);
  const asked = useRef<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!reference || asked.current === reference) return;
    asked.current = reference;
    setOutcome({ state: "checking" });
    box.current?.scrollIntoView?.({ block: "center" });
    void confirm(reference).then(setOutcome);
  }, [reference, confirm]);
  if (!reference || !outcome) return null;
  return (
    <div ref={box} className={styles.result}>
      {outcome.state === "checking" && <Alert tone="info">Checking your card…</Alert>}
      {outcome.state === "error" && <Alert tone="error">{outcome.message}</Alert>}
      {outcome.state === "done" && outcome.result.status === "SAVED" && outcome.result.card && (
        <Alert tone="success" title={`Card saved: ${cardLabel(outcome.result.card)}`}>
          Later parts in {outcome.result.card.currency} are charged to it on their due dates. The check amount is refunded.
        </Alert>
      )}
      {outcome.state === "done" && outcome.result.status === "FAILED" && (
        <Alert tone="error" title="Your card was not saved">
          {outcome.result.reason}
        </Alert>
      )}
      {outcome.state === "done" && outcome.result.status === "PENDING" && (
        <Alert tone="info">Your card check is not complete yet. If you paid, reload this page in a moment.</Alert>
      )}
    </div>
  );
}

/** The learner's saved cards, each with "Remove" behind a confirmation. */
function SavedCards({ cards }: { cards: readonly Card[] }) {
  const remove = useRemoveCard();
  const [removing, setRemoving] = useState<Card | null>(null);
  return (
    <article className={styles.box} aria-labelledby="saved-cards-title">
      <h3 id="saved-cards-title" className={styles.heading}>
        <CreditCardIcon size={18} aria-hidden="true" />
        Saved cards
      </h3>
      <ul className={styles.cards}>
        {cards.map((card) => (
          <li key={card.id} className={styles.card}>
            <span>
              <span className={styles.cardName}>{cardLabel(card)}</span>
              <span className={styles.muted}>
                {card.expiry ? ` · expires ${card.expiry}` : ""} · for payments in {card.currency}
              </span>
            </span>
            <Button size="sm" variant="secondary" onClick={() => setRemoving(card)} aria-label={`Remove ${cardLabel(card)}`}>
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Remove this card?"
        description={
          removing
            ? `Later parts in ${removing.currency} will no longer be charged to ${cardLabel(removing)}: we e-mail you a payment link on each due date instead.`
            : ""
        }
        confirmLabel="Remove card"
        onConfirm={() => (removing ? remove(removing.id) : undefined)}
      />
    </article>
  );
}
