import { useEffect } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import { type CurrencyCode, isCurrencyCode } from "../../../../common/money.ts";
import type { CurrencySwitcher_options$key } from "./__generated__/CurrencySwitcher_options.graphql.ts";
import styles from "./CurrencySwitcher.module.css";
import { chooseCurrency, currencyLabel, useChosenCurrency } from "./siteCurrency.ts";

/**
 * The learner site's currency switcher (docs/ARCHITECTURE.md, "Currencies"): shown when the business sells in more than
 * one currency (paymentOptions.currencies); the choice is remembered on this browser and prices follow it. A stored
 * choice the business no longer sells in is forgotten (the business currency again).
 */
export function CurrencySwitcher({ optionsKey, className }: { optionsKey: CurrencySwitcher_options$key; className?: string }) {
  const { currency, currencies } = useFragment(
    graphql`
      fragment CurrencySwitcher_options on PaymentOptions {
        currency
        currencies
      }
    `,
    optionsKey,
  );
  const chosen = useChosenCurrency();
  // A list from the API; anything else (a test double's placeholder) reads as none.
  const known = Array.isArray(currencies) ? currencies.filter(isCurrencyCode) : [];
  const stale = chosen !== null && !known.includes(chosen);
  useEffect(() => {
    if (stale) chooseCurrency(null);
  }, [stale]);
  if (known.length < 2) return null;
  const value = chosen && !stale ? chosen : currency;
  return (
    <label className={[styles.switcher, className].filter(Boolean).join(" ")}>
      <span>Currency</span>
      <select
        value={value}
        onChange={(event) => {
          const next = event.target.value as CurrencyCode;
          chooseCurrency(next === currency ? null : next);
        }}
      >
        {known.map((code) => (
          <option key={code} value={code}>
            {currencyLabel(code)}
          </option>
        ))}
      </select>
    </label>
  );
}
