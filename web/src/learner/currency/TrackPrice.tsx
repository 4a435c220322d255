import { formatPrice } from "../../shared/format/format.ts";
import styles from "./CurrencySwitcher.module.css";
import { notSoldText, priceIn, type TrackPrices, useChosenCurrency } from "./siteCurrency.ts";

/**
 * A track's price in the learner's currency (docs/ARCHITECTURE.md, "Currencies"), or in the business currency with a note
 * saying the track is not sold in the learner's. `as` keeps the element the card's layout expects (a span or a p).
 */
export function TrackPrice({ track, className, as: Tag = "span" }: { track: TrackPrices; className?: string; as?: "span" | "p" }) {
  const { price, notSoldIn } = priceIn(track, useChosenCurrency());
  return (
    <Tag className={className}>
      {formatPrice(price)}
      {notSoldIn && <span className={styles.note}>{notSoldText(notSoldIn, price.currency)}</span>}
    </Tag>
  );
}
