import { graphql, useFragment } from "react-relay/hooks";
import { formatMoney, formatPrice, type MoneyValue } from "../../../../../shared/format/format.ts";
import { BookIcon, ClockIcon, LockIcon } from "../../../../../shared/ui/icons.tsx";
import { TrackCover } from "../../../../../shared/ui/TrackCover.tsx";
import type { CheckoutSummary_track$key } from "./__generated__/CheckoutSummary_track.graphql.ts";
import styles from "./CheckoutSummary.module.css";
import type { CouponQuote } from "./CouponField.tsx";

/** What the learner is buying: the track, its facts and the total. */
export function CheckoutSummary({
  trackKey,
  price,
  note = null,
  coupon = null,
}: {
  trackKey: CheckoutSummary_track$key;
  /** The price in the checkout's currency (the learner's, or the business one). */
  price: MoneyValue;
  /** Why the price is not in the learner's currency, when it is not. */
  note?: string | null;
  coupon?: CouponQuote | null;
}) {
  const track = useFragment(
    graphql`
      fragment CheckoutSummary_track on Track {
        name
        image
        instructor
        duration
        courseCount
      }
    `,
    trackKey,
  );
  return (
    <div className={styles.card}>
      <h2 className={styles.heading}>Order summary</h2>
      <div className={styles.track}>
        <TrackCover src={track.image} eager className={styles.cover} />
        <div>
          <p className={styles.name}>{track.name}</p>
          <p className={styles.instructor}>by {track.instructor}</p>
        </div>
      </div>
      <ul className={styles.facts}>
        <li>
          <ClockIcon size={16} />
          {track.duration}
        </li>
        <li>
          <BookIcon size={16} />
          {track.courseCount === 1 ? "1 course" : `${track.courseCount} courses`}
        </li>
      </ul>
      {coupon && (
        <dl className={styles.parts}>
          <dt>Price</dt>
          <dd>{formatMoney({ minor: coupon.subtotalCents, currency: coupon.currency })}</dd>
          <dt>Discount ({coupon.code})</dt>
          <dd>−{formatMoney({ minor: coupon.discountCents, currency: coupon.currency })}</dd>
          {coupon.taxCents > 0 && (
            <>
              <dt>Tax</dt>
              <dd>{formatMoney({ minor: coupon.taxCents, currency: coupon.currency })}</dd>
            </>
          )}
        </dl>
      )}
      <dl className={styles.total}>
        <dt>Total</dt>
        <dd>{coupon ? formatPrice({ minor: coupon.amountCents, currency: coupon.currency }) : formatPrice(price)}</dd>
      </dl>
      {note && <p className={styles.note}>{note}</p>}
      {price.minor > 0 && (
        <p className={styles.secure}>
          <LockIcon size={14} />
          You pay securely with Paystack. Card details never touch our servers.
        </p>
      )}
    </div>
  );
}
