import { type CurrencyCode, isCurrencyCode } from "../../../../../../../common/money.ts";
import {
  CHANNELS_BY_CURRENCY,
  PAYMENT_CHANNEL_LABELS,
  PAYMENT_CHANNEL_MESSAGES,
  PAYMENT_CHANNELS,
  type PaymentChannel,
} from "../../../../../../../common/payments.ts";
import styles from "./PaymentChannelsField.module.css";

/** What each channel is, for the owner choosing them. */
const HINTS: Record<PaymentChannel, string> = {
  card: "Visa, Mastercard, Verve and more.",
  bank: "Pay from a Nigerian bank account.",
  ussd: "Dial a bank's USSD code (Nigeria).",
  qr: "Scan a QR code with a banking app.",
  mobile_money: "MTN, Telecel, AirtelTigo (Ghana) and M-Pesa (Kenya).",
  bank_transfer: "A one-time account number; confirmed when the transfer arrives.",
  apple_pay: "Apple Pay on Apple devices.",
};

/** The channels the owner's form keeps (at least one), checked again by the API. */
export function validatePaymentChannels(chosen: readonly PaymentChannel[]): string | null {
  return chosen.length === 0 ? PAYMENT_CHANNEL_MESSAGES.atLeastOne : null;
}

/**
 * The "Payment channels" group of the settings page (docs/payments.md, Channels): one checkbox per Paystack channel,
 * each saying whether the business currency supports it; a checkout offers the checked ones its currency supports.
 * Native checkboxes in a fieldset: Tab and Space work, and the list wraps to one column on a phone.
 */
export function PaymentChannelsField({
  value,
  onChange,
  currency,
  error,
}: {
  value: readonly PaymentChannel[];
  onChange: (next: PaymentChannel[]) => void;
  currency: string;
  error?: string | null | undefined;
}) {
  const code: CurrencyCode = isCurrencyCode(currency) ? currency : "USD";
  const supported = CHANNELS_BY_CURRENCY[code];
  const offered = PAYMENT_CHANNELS.filter((channel) => value.includes(channel) && supported.includes(channel));
  const toggle = (channel: PaymentChannel, on: boolean) =>
    onChange(PAYMENT_CHANNELS.filter((c) => (c === channel ? on : value.includes(c))));
  const errorId = "payment-channels-error";
  return (
    <fieldset className={styles.fieldset} aria-describedby={`payment-channels-summary${error ? ` ${errorId}` : ""}`}>
      <legend className={styles.legend}>Payment channels</legend>
      <p className={styles.hint}>
        The Paystack channels learners may pay by. A checkout offers the checked ones that its currency supports.
      </p>
      <ul className={styles.list}>
        {PAYMENT_CHANNELS.map((channel) => {
          const available = supported.includes(channel);
          const id = `payment-channel-${channel}`;
          return (
            <li key={channel} className={styles.item}>
              <input
                id={id}
                type="checkbox"
                className={styles.checkbox}
                checked={value.includes(channel)}
                onChange={(event) => toggle(channel, event.target.checked)}
                aria-describedby={`${id}-hint`}
              />
              <label htmlFor={id} className={styles.label}>
                {PAYMENT_CHANNEL_LABELS[channel]}
              </label>
              <span id={`${id}-hint`} className={styles.itemHint}>
                {HINTS[channel]}{" "}
                <span className={available ? styles.available : styles.unavailable}>
                  {available ? `Available in ${code}.` : `Not available in ${code}.`}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
      <p id="payment-channels-summary" className={styles.summary} role="status">
        {offered.length > 0
          ? `Checkouts in ${code} offer: ${offered.map((channel) => PAYMENT_CHANNEL_LABELS[channel]).join(", ")}.`
          : `None of the checked channels works in ${code}: checkouts in ${code} will be refused until you check one that does.`}
      </p>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
