import { type FormEvent, useState } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import { TRACK_MESSAGES } from "../../../../../../../common/catalogue.ts";
import { CURRENCIES, CURRENCY_CODES, type CurrencyCode, currencyRules, DECIMAL_TEXT } from "../../../../../../../common/money.ts";
import { currencySymbol, formatMoney } from "../../../../../shared/format/format.ts";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { Alert } from "../../../../../shared/ui/Alert.tsx";
import { Button } from "../../../../../shared/ui/Button.tsx";
import { Card } from "../../../../../shared/ui/Card.tsx";
import { ConfirmDialog } from "../../../../../shared/ui/ConfirmDialog.tsx";
import { Select, TextField } from "../../../../../shared/ui/Field.tsx";
import { toast } from "../../../../../shared/ui/Toast.tsx";
import { failureOf } from "../../../../components/failures.ts";
import { can, useViewer } from "../../../../staff/AdminViewer.ts";
import type { TrackPrices_track$key } from "./__generated__/TrackPrices_track.graphql.ts";
import type { TrackPricesRemoveMutation } from "./__generated__/TrackPricesRemoveMutation.graphql.ts";
import type { TrackPricesSetMutation } from "./__generated__/TrackPricesSetMutation.graphql.ts";
import styles from "./TrackPrices.module.css";

export const TRACK_PRICES_MESSAGES = {
  saved: (currency: string) => `${currency} price saved.`,
  removed: (currency: string) => `${currency} price removed.`,
  failed: "Failed to save the price.",
  removeFailed: "Failed to remove the price.",
  amountRequired: "Price is required.",
  none: "Sold only in the business currency.",
} as const;

const setMutation = graphql`
  mutation TrackPricesSetMutation($id: ID!, $input: TrackPriceInput!) {
    setTrackPrice(id: $id, input: $input) {
      __typename
      ... on TrackPayload {
        track {
          id
          prices {
            amount
            minor
            currency
          }
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

const removeMutation = graphql`
  mutation TrackPricesRemoveMutation($id: ID!, $currency: CurrencyCode!) {
    removeTrackPrice(id: $id, currency: $currency) {
      __typename
      ... on TrackPayload {
        track {
          id
          prices {
            amount
            minor
            currency
          }
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

type Editing = { currency: CurrencyCode | ""; amount: string; existing: boolean };
const blank: Editing = { currency: "", amount: "", existing: false };

/**
 * The track's prices in currencies other than the business one (docs/ARCHITECTURE.md, "Money"): the track is sold in
 * each at exactly that price, no exchange rates. Staff who edit the catalogue add, change and remove them; the server
 * checks each price with its currency's rules and its messages show at the fields.
 */
export function TrackPrices({ trackKey }: { trackKey: TrackPrices_track$key }) {
  const track = useFragment(
    graphql`
      fragment TrackPrices_track on Track {
        id
        currency
        prices {
          amount
          minor
          currency
        }
      }
    `,
    trackKey,
  );
  const mayEdit = can(useViewer(), "editCatalogue");
  // A list from the API; anything else (a test double's placeholder) reads as none.
  const prices = (Array.isArray(track.prices) ? track.prices : []).filter((p) => p.currency !== track.currency);
  const free = CURRENCY_CODES.filter((code) => code !== track.currency && !prices.some((p) => p.currency === code));
  const [form, setForm] = useState<Editing>(blank);
  const [errors, setErrors] = useState<{ currency?: string; amount?: string }>({});
  const [message, setMessage] = useState<string | null>(null);
  const [removing, setRemoving] = useState<CurrencyCode | null>(null);
  const [save, saving] = useAsyncMutation<TrackPricesSetMutation>(setMutation);
  const [remove] = useAsyncMutation<TrackPricesRemoveMutation>(removeMutation);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage(null);
    const currency = form.currency || free[0];
    if (!currency) return;
    const typed = form.amount.trim();
    if (!typed) return setErrors({ amount: TRACK_PRICES_MESSAGES.amountRequired });
    // Text that is not a plain number is refused here with the API's words; the API checks the rest (decimals, maximum).
    if (!DECIMAL_TEXT.test(typed)) return setErrors({ amount: TRACK_MESSAGES.invalidPriceIn(currency) });
    setErrors({});
    try {
      const result = await save({ variables: { id: track.id, input: { currency, amount: Number(typed) } } });
      const failure = failureOf(result.setTrackPrice, TRACK_PRICES_MESSAGES.failed);
      if (failure) {
        setErrors(failure.fieldErrors);
        if (!failure.fieldErrors.amount && !failure.fieldErrors.currency) setMessage(failure.message);
        return;
      }
      toast.success(TRACK_PRICES_MESSAGES.saved(currency));
      setForm(blank);
    } catch {
      setMessage(TRACK_PRICES_MESSAGES.failed);
    }
  }

  const editingCurrency = form.currency || free[0];
  const choices: CurrencyCode[] = form.existing && form.currency ? [form.currency] : free;
  return (
    <Card as="section" aria-labelledby="track-prices">
      <h2 id="track-prices" className={styles.title}>
        Prices in other currencies
      </h2>
      <p className={styles.muted}>
        The main price is in the business currency ({track.currency}). Add a price to sell the track in another currency too, at exactly
        that price: nothing is converted.
      </p>
      {prices.length === 0 ? (
        <p className={styles.muted}>{TRACK_PRICES_MESSAGES.none}</p>
      ) : (
        <ul className={styles.list} aria-label="Prices in other currencies">
          {prices.map((price) => (
            <li key={price.currency} className={styles.row}>
              <span className={styles.currency}>
                {currencyRules(price.currency).name} ({price.currency})
              </span>
              <strong className={styles.amount}>{formatMoney(price)}</strong>
              {mayEdit && (
                <span className={styles.actions}>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`Edit the ${price.currency} price`}
                    onClick={() => {
                      setErrors({});
                      setMessage(null);
                      setForm({ currency: price.currency as CurrencyCode, amount: price.amount.toFixed(2), existing: true });
                    }}
                  >
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    aria-label={`Remove the ${price.currency} price`}
                    onClick={() => setRemoving(price.currency as CurrencyCode)}
                  >
                    Remove
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {mayEdit && (form.existing || free.length > 0) && (
        <form
          className={styles.form}
          onSubmit={submit}
          noValidate
          aria-label={form.existing ? `Edit the ${form.currency} price` : "Add a price"}
        >
          {message && <Alert tone="error">{message}</Alert>}
          <Select
            label="Currency"
            name="price-currency"
            value={editingCurrency}
            disabled={form.existing}
            error={errors.currency}
            onChange={(e) => setForm({ ...form, currency: e.target.value as CurrencyCode })}
          >
            {choices.map((code) => (
              <option key={code} value={code}>
                {code} · {CURRENCIES[code].name}
              </option>
            ))}
          </Select>
          <TextField
            label={`Price (${editingCurrency ? currencySymbol(editingCurrency) : ""})`}
            name="price-amount"
            inputMode="decimal"
            required
            value={form.amount}
            error={errors.amount}
            onChange={(e) => {
              setForm({ ...form, amount: e.target.value });
              setErrors(({ amount: _, ...rest }) => rest);
            }}
          />
          <span className={styles.formActions}>
            <Button type="submit" loading={saving}>
              {form.existing ? "Save price" : "Add price"}
            </Button>
            {form.existing && (
              <Button variant="ghost" onClick={() => setForm(blank)}>
                Cancel
              </Button>
            )}
          </span>
        </form>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove the ${removing ?? ""} price?`}
        description={`Learners can no longer buy this track in ${removing ?? ""}; invoices already made keep their price.`}
        confirmLabel="Remove price"
        onConfirm={async () => {
          if (!removing) return;
          const result = await remove({ variables: { id: track.id, currency: removing } }).catch(() => {
            throw new Error(TRACK_PRICES_MESSAGES.removeFailed);
          });
          const failure = failureOf(result.removeTrackPrice, TRACK_PRICES_MESSAGES.removeFailed);
          if (failure) throw new Error(failure.message);
          toast.success(TRACK_PRICES_MESSAGES.removed(removing));
          if (form.currency === removing) setForm(blank);
        }}
      />
    </Card>
  );
}
