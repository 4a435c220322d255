import { graphql, useFragment } from "react-relay/hooks";
import { formatDate } from "../../../../../shared/format/dates.ts";
import { trackPages } from "../../../../../shared/routing/trackIds.ts";
import { Button, ButtonLink } from "../../../../../shared/ui/Button.tsx";
import { Fact } from "../../../../../shared/ui/Fact.tsx";
import { BookIcon, CalendarIcon, CheckCircleIcon, ClockIcon } from "../../../../../shared/ui/icons.tsx";
import { TrackCover } from "../../../../../shared/ui/TrackCover.tsx";
import type { CurrencySwitcher_options$key } from "../../../../currency/__generated__/CurrencySwitcher_options.graphql.ts";
import { CurrencySwitcher } from "../../../../currency/CurrencySwitcher.tsx";
import { priceIn, useChosenCurrency } from "../../../../currency/siteCurrency.ts";
import { TrackPrice } from "../../../../currency/TrackPrice.tsx";
import { InstalmentOffer } from "../../../../instalments/InstalmentOffer.tsx";
import type { TrackSideCard_track$key } from "./__generated__/TrackSideCard_track.graphql.ts";
import styles from "./TrackSideCard.module.css";

interface TrackSideCardProps {
  trackKey: TrackSideCard_track$key;
  /** The signed-in learner is enrolled already: the card leads to the portal instead of the checkout. */
  enrolled: boolean;
  /** A draft seen through its preview link: nobody can enroll yet, so the button is shown disabled. */
  preview?: boolean;
  /** The business's currencies: a switcher under the price when it sells in more than one. */
  optionsKey?: CurrencySwitcher_options$key | null;
}

/** The sticky card beside a track's details: picture, facts, price and the way to enroll (docs/product.md, Learner pages). */
export function TrackSideCard({ trackKey, enrolled, preview = false, optionsKey = null }: TrackSideCardProps) {
  const track = useFragment(
    graphql`
      fragment TrackSideCard_track on Track {
        id
        image
        duration
        courseCount
        updatedAt
        price
        priceMoney {
          minor
          currency
        }
        prices {
          minor
          currency
        }
        ...InstalmentSchedule_track
      }
    `,
    trackKey,
  );
  // The plan's parts in the currency the price is shown in (the learner's, when the track is sold in it).
  const chosen = useChosenCurrency();
  return (
    <div className={styles.card}>
      <TrackCover src={track.image} eager className={styles.cover} />
      <div className={styles.body}>
        <TrackPrice as="p" track={track} className={styles.price} />
        {optionsKey && <CurrencySwitcher optionsKey={optionsKey} />}
        {!preview && <InstalmentOffer trackKey={track} currency={priceIn(track, chosen).price.currency} />}
        <dl className={styles.facts}>
          <Fact icon={<ClockIcon size={16} />} label="Duration">
            {track.duration}
          </Fact>
          <Fact icon={<BookIcon size={16} />} label="Courses">
            {track.courseCount === 1 ? "1 course" : `${track.courseCount} courses`}
          </Fact>
          <Fact icon={<CalendarIcon size={16} />} label="Last updated">
            <time dateTime={track.updatedAt}>{formatDate(track.updatedAt)}</time>
          </Fact>
        </dl>
        {preview ? (
          <Button size="lg" block disabled>
            Enroll Now
          </Button>
        ) : enrolled ? (
          <>
            <p className={styles.enrolled}>
              <CheckCircleIcon size={18} />
              You are enrolled in this track.
            </p>
            <ButtonLink to="/portal" variant="secondary" size="lg" block>
              Go to my courses
            </ButtonLink>
          </>
        ) : (
          <ButtonLink to={trackPages.checkout(track.id)} size="lg" block>
            Enroll Now
          </ButtonLink>
        )}
      </div>
    </div>
  );
}
