import { graphql, useFragment } from "react-relay/hooks";
import { formatMoney, formatPrice } from "../../../../../shared/format/format.ts";
import { BookIcon, ClockIcon, LockIcon } from "../../../../../shared/ui/icons.tsx";
import { TrackCover } from "../../../../../shared/ui/TrackCover.tsx";
import type { CheckoutSummary_track$key } from "./__generated__/CheckoutSummary_track.graphql.ts";
import styles from "./CheckoutSummary.module.css";
import type { CouponQuote } from "./CouponField.tsx";

/** What the learner is buying: the track, its facts and the total. */
export function CheckoutSummary({ trackKey, coupon = null }: { trackKey: CheckoutSummary_track$key; coupon?: CouponQuote | null }) {
  const track = useFragment(
    graphql`
      fragment CheckoutSummary_track on Track {
        name
        image
        instructor
        duration
        courseCount
        price
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
          <dd>{formatMoney(coupon.subtotalCents / 100)}</dd>
          <dt>Discount ({coupon.code})</dt>
          <dd>−{formatMoney(coupon.discountCents / 100)}</dd>
          {coupon.taxCents > 0 && (
            <>
              <dt>Tax</dt>
              <dd>{formatMoney(coupon.taxCents / 100)}</dd>
            </>
          )}
        </dl>
      )}
      <dl className={styles.total}>
        <dt>Total</dt>
        <dd>{coupon ? formatPrice(coupon.amountCents / 100) : formatPrice(track.price)}</dd>
      </dl>
      {track.price > 0 && (
        <p className={styles.secure}>
          <LockIcon size={14} />
          You pay securely with Paystack. Card details never touch our servers.
        </p>
      )}
    </div>
  );
}
