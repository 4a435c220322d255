import { graphql, useFragment } from "react-relay/hooks";
import { Link } from "react-router-dom";
import { formatPrice } from "../../../../shared/format/format.ts";
import { trackPages } from "../../../../shared/routing/trackIds.ts";
import { Stars } from "../../../../shared/ui/Stars.tsx";
import { TrackCover } from "../../../tracks/TrackCover.tsx";
import type { RelatedTrackCard_track$key } from "./__generated__/RelatedTrackCard_track.graphql.ts";
import styles from "./RelatedTrackCard.module.css";

/** Another track under 'Explore Related Courses': the whole card opens its details. */
export function RelatedTrackCard({ trackKey }: { trackKey: RelatedTrackCard_track$key }) {
  const track = useFragment(
    graphql`
      fragment RelatedTrackCard_track on Track {
        id
        name
        image
        instructor
        price
        averageRating
        reviewCount
      }
    `,
    trackKey,
  );
  return (
    <article className={styles.card}>
      <TrackCover src={track.image} />
      <div className={styles.body}>
        <h3 className={styles.title}>
          {/* Its ::after covers the card, so the card is one click target while only the name is the link text. */}
          <Link to={trackPages.learnerDetails(track.id)} className={styles.link}>
            {track.name}
          </Link>
        </h3>
        <p className={styles.instructor}>{track.instructor}</p>
        {track.averageRating != null && <Stars rating={track.averageRating} reviews={track.reviewCount} size={14} />}
        <p className={styles.price}>{formatPrice(track.price)}</p>
      </div>
    </article>
  );
}
