import { CURRENCIES, CURRENCY_CODES, type CurrencyCode } from "../../../../../../../common/money.ts";
import { CURRENCY_CHANGE_NOTE } from "../../../../../../../common/settings.ts";
import { Select } from "../../../../../shared/ui/Field.tsx";
import styles from "../BusinessSettingsPage.module.css";

/** "NGN · Nigerian naira", as the select lists the currencies. */
export const currencyName = (code: CurrencyCode) => `${code} · ${CURRENCIES[code].name}`;

/** What confirming a change of the business currency does (the API's words, common/settings.ts). */
export function currencyChangeText(from: CurrencyCode, to: CurrencyCode) {
  return {
    title: `Change the business currency to ${CURRENCIES[to].name} (${to})?`,
    description: `Every track's main price keeps its number and is relabelled from ${from} to ${to}: nothing is converted (a price of 450 becomes ${to} 450). Invoices already made keep their own currency. It is refused while a track has its own ${to} price.`,
  };
}

/**
 * The business currency (docs/ARCHITECTURE.md, "Money"): every track's main price is in it, and learners pay in it
 * unless they pick another currency a track has its own price in. Saving a change asks for confirmation first
 * (BusinessSettingsPage); the server refuses it while a track has an extra price in the new currency.
 */
export function CurrencyField({
  value,
  saved,
  error,
  onChange,
}: {
  value: CurrencyCode;
  saved: CurrencyCode;
  error?: string | undefined;
  onChange: (currency: CurrencyCode) => void;
}) {
  return (
    <section className={styles.section} aria-labelledby="currency-title">
      <h2 id="currency-title" className={styles.title}>
        Currency
      </h2>
      <Select
        label="Business currency"
        name="currency"
        value={value}
        error={error}
        hint={value === saved ? CURRENCY_CHANGE_NOTE : `Saving changes it from ${saved} to ${value}. ${CURRENCY_CHANGE_NOTE}`}
        onChange={(e) => onChange(e.target.value as CurrencyCode)}
      >
        {CURRENCY_CODES.map((code) => (
          <option key={code} value={code}>
            {currencyName(code)}
          </option>
        ))}
      </Select>
    </section>
  );
}
