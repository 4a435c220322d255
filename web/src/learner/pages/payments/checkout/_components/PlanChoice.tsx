import type { InstalmentSchedule_track$key } from "../../../../instalments/__generated__/InstalmentSchedule_track.graphql.ts";
import { ScheduleList, useInstalmentOffer } from "../../../../instalments/InstalmentSchedule.tsx";
import styles from "./PaymentMethodChoice.module.css";

export type PlanValue = "FULL" | "INSTALMENTS";

/**
 * Pay in full or in the track's instalments (docs/payments.md, "Instalments"), shown only when the track offers a
 * plan. Instalments are paid online through Paystack (any channel the owner offers) and without a coupon (the server
 * refuses a coupon with its message); choosing
 * them shows each part's date and amount in the checkout's currency.
 */
export function PlanChoice({
  trackKey,
  currency = null,
  value,
  onChange,
  disabled,
}: {
  trackKey: InstalmentSchedule_track$key;
  currency?: string | null;
  value: PlanValue;
  onChange: (value: PlanValue) => void;
  disabled?: boolean;
}) {
  const offer = useInstalmentOffer(trackKey, currency);
  if (!offer) return null;
  const [first, ...later] = offer.schedule;
  const choices: { value: PlanValue; label: string; hint: string }[] = [
    { value: "FULL", label: "Pay in full", hint: "The whole price now, by card or any method offered." },
    {
      value: "INSTALMENTS",
      label: offer.title,
      hint: `${first?.amount.formatted} today, then ${later.length} ${later.length === 1 ? "part" : "parts"} on their due dates (total ${offer.total}). Paid online; later parts are charged to your card if you pay by card, or paid from your portal. No coupon.`,
    },
  ];
  return (
    <fieldset className={styles.group} disabled={disabled}>
      <legend className={styles.legend}>How you pay</legend>
      {choices.map((choice) => (
        <label key={choice.value} className={styles.option}>
          <input type="radio" name="plan" value={choice.value} checked={value === choice.value} onChange={() => onChange(choice.value)} />
          <span>
            <span className={styles.label}>{choice.label}</span>
            <span className={styles.hint}>{choice.hint}</span>
          </span>
        </label>
      ))}
      {value === "INSTALMENTS" && <ScheduleList schedule={offer.schedule} label="Your instalments" />}
    </fieldset>
  );
}
