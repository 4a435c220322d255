import { graphql, useFragment } from "react-relay/hooks";
import { formatDate } from "../../../../../shared/format/dates.ts";
import { formatPrice } from "../../../../../shared/format/format.ts";
import { trackPages } from "../../../../../shared/routing/trackIds.ts";
import { Button, ButtonLink } from "../../../../../shared/ui/Button.tsx";
import { Fact } from "../../../../../shared/ui/Fact.tsx";
import { BookIcon, CalendarIcon, CheckCircleIcon, ClockIcon } from "../../../../../shared/ui/icons.tsx";
import { TrackCover } from "../../../../../shared/ui/TrackCover.tsx";
import { InstalmentOffer } from "../../../../instalments/InstalmentOffer.tsx";
import type { TrackSideCard_track$key } from "./__generated__/TrackSideCard_track.graphql.ts";
import styles from "./TrackSideCard.module.css";

interface TrackSideCardProps {
  trackKey: TrackSideCard_track$key;
  /** The signed-in learner is enrolled already: the card leads to the portal instead of the checkout. */
  enrolled: boolean;
  /** A draft seen through its preview link: nobody can enroll yet, so the button is shown disabled. */
  preview?: boolean;
}

/** The sticky card beside a track's details: picture, facts, price and the way to enroll (docs/product.md, Learner pages). */
export function TrackSideCard({ trackKey, enrolled, preview = false }: TrackSideCardProps) {
  const track = useFragment(
    graphql`
      fragment TrackSideCard_track on Track {
        id
        image
        duration
        courseCount
        updatedAt
        price
        ...InstalmentSchedule_track
      }
    `,
    trackKey,
  );
  return (
    <div className={styles.card}>
      <TrackCover src={track.image} eager className={styles.cover} />
      <div className={styles.body}>
        <p className={styles.price}>{formatPrice(track.price)}</p>
        {!preview && <InstalmentOffer trackKey={track} />}
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
