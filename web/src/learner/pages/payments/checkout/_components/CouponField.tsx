import { useState } from "react";
import { fetchQuery, graphql, useRelayEnvironment } from "react-relay/hooks";
import { COUPON_MESSAGES } from "../../../../../../../common/coupons.ts";
import type { CurrencyCode } from "../../../../../../../common/money.ts";
import { Button } from "../../../../../shared/ui/Button.tsx";
import { TextField } from "../../../../../shared/ui/Field.tsx";
import type { CouponFieldQuery } from "./__generated__/CouponFieldQuery.graphql.ts";
import styles from "./CouponField.module.css";

const quoteQuery = graphql`
  query CouponFieldQuery($trackId: ID!, $couponCode: String, $currency: CurrencyCode) {
    checkoutQuote(trackId: $trackId, couponCode: $couponCode, currency: $currency) {
      __typename
      ... on CheckoutQuote {
        subtotalCents
        discountCents
        taxCents
        amountCents
        currency
        couponCode
      }
      ... on Error {
        message
      }
    }
  }
`;

/** The price with an applied coupon, as the server quoted it (the checkout computes it again). */
export interface CouponQuote {
  code: string;
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  amountCents: number;
  /** The currency of these amounts: the checkout's. */
  currency: string;
}

interface CouponFieldProps {
  trackId: string;
  /** The checkout's currency when it is not the business one (the quote is in it). */
  currency?: CurrencyCode | null;
  applied: CouponQuote | null;
  onApplied: (quote: CouponQuote | null) => void;
  /** A refusal the checkout itself answered for the code (e.g. used up meanwhile). */
  error?: string | null;
  disabled?: boolean;
}

/** "Coupon code" with Apply: asks the server for the new price before paying; Remove goes back to the list price. */
export function CouponField({ trackId, currency = null, applied, onApplied, error, disabled }: CouponFieldProps) {
  const environment = useRelayEnvironment();
  const [code, setCode] = useState("");
  const [checking, setChecking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const apply = async () => {
    const typed = code.trim();
    if (!typed) {
      setRefusal("Enter a coupon code.");
      return;
    }
    setChecking(true);
    setRefusal(null);
    try {
      const data = await fetchQuery<CouponFieldQuery>(
        environment,
        quoteQuery,
        { trackId, couponCode: typed, currency },
        {
          fetchPolicy: "network-only",
        },
      ).toPromise();
      const quote = data?.checkoutQuote;
      if (quote?.__typename === "CheckoutQuote" && quote.amountCents !== undefined) {
        onApplied({
          code: quote.couponCode ?? typed.toUpperCase(),
          subtotalCents: quote.subtotalCents ?? 0,
          discountCents: quote.discountCents ?? 0,
          taxCents: quote.taxCents ?? 0,
          amountCents: quote.amountCents,
          currency: quote.currency ?? currency ?? "USD",
        });
      } else {
        setRefusal((quote && "message" in quote ? quote.message : null) || COUPON_MESSAGES.unknown);
      }
    } catch {
      setRefusal("The coupon could not be checked. Please try again.");
    } finally {
      setChecking(false);
    }
  };

  if (applied) {
    return (
      <div className={styles.applied} role="status">
        <span>
          Coupon <strong>{applied.code}</strong> applied
        </span>
        <Button
          size="sm"
          variant="ghost"
          disabled={disabled}
          onClick={() => {
            onApplied(null);
            setCode("");
          }}
        >
          Remove
        </Button>
      </div>
    );
  }

  return (
    <div className={styles.row}>
      <TextField
        label="Coupon code"
        name="coupon"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        hint="Optional"
        value={code}
        error={refusal ?? error}
        className={styles.field}
        onChange={(event) => setCode(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            void apply();
          }
        }}
      />
      <Button variant="secondary" className={styles.apply} loading={checking} disabled={disabled} onClick={apply}>
        Apply
      </Button>
    </div>
  );
}
