import styles from "./PaymentMethodChoice.module.css";

export type PaymentChoice = "CARD" | "OFFLINE";

const CHOICES: { value: PaymentChoice; label: string; hint: string }[] = [
  { value: "CARD", label: "Card", hint: "Pay now on Paystack's secure page; you are enrolled at once." },
  {
    value: "OFFLINE",
    label: "Bank transfer / mobile money",
    hint: "Get our payment details and a reference; you are enrolled once we confirm your payment.",
  },
];

/** Card or bank transfer / mobile money, when the owner offers the latter. */
export function PaymentMethodChoice({
  value,
  onChange,
  disabled,
}: {
  value: PaymentChoice;
  onChange: (value: PaymentChoice) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className={styles.group} disabled={disabled}>
      <legend className={styles.legend}>Payment method</legend>
      {CHOICES.map((choice) => (
        <label key={choice.value} className={styles.option}>
          <input
            type="radio"
            name="paymentMethod"
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
          />
          <span>
            <span className={styles.label}>{choice.label}</span>
            <span className={styles.hint}>{choice.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
