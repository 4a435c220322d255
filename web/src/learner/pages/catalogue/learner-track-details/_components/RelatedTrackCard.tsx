import { graphql, useFragment } from "react-relay/hooks";
import { trackPages } from "../../../../../shared/routing/trackIds.ts";
import { Stars } from "../../../../../shared/ui/Stars.tsx";
import { TrackCard } from "../../../../../shared/ui/TrackCard.tsx";
import { TrackPrice } from "../../../../currency/TrackPrice.tsx";
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
        priceMoney {
          minor
          currency
        }
        prices {
          minor
          currency
        }
        averageRating
        reviewCount
      }
    `,
    trackKey,
  );
  return (
    <TrackCard name={track.name} image={track.image} to={trackPages.learnerDetails(track.id)} lift density="compact" nameSize="md">
      <p className={styles.instructor}>{track.instructor}</p>
      {track.averageRating != null && <Stars rating={track.averageRating} reviews={track.reviewCount} size={14} />}
      <TrackPrice as="p" track={track} className={styles.price} />
    </TrackCard>
  );
}
