import { graphql, useFragment } from "react-relay/hooks";
import { trackPages } from "../../../../../shared/routing/trackIds.ts";
import { ButtonLink } from "../../../../../shared/ui/Button.tsx";
import { ClockIcon } from "../../../../../shared/ui/icons.tsx";
import { Stars } from "../../../../../shared/ui/Stars.tsx";
import { TrackCard, TrackCardDescription } from "../../../../../shared/ui/TrackCard.tsx";
import { TrackPrice } from "../../../../currency/TrackPrice.tsx";
import type { CatalogueTrackCard_track$key } from "./__generated__/CatalogueTrackCard_track.graphql.ts";
import styles from "./CatalogueTrackCard.module.css";

interface CatalogueTrackCardProps {
  trackKey: CatalogueTrackCard_track$key;
  /** In the first row: its image loads at once instead of lazily. */
  aboveTheFold?: boolean;
}

/** A track in the catalogue: image, name, description, average rating and a Preview Course button (docs/product.md, Learner pages). */
export function CatalogueTrackCard({ trackKey, aboveTheFold = false }: CatalogueTrackCardProps) {
  const track = useFragment(
    graphql`
      fragment CatalogueTrackCard_track on Track {
        id
        name
        description
        image
        duration
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
  const titleId = `track-${track.id}`;
  return (
    <TrackCard name={track.name} image={track.image} headingId={titleId} eager={aboveTheFold} to={trackPages.learnerDetails(track.id)}>
      <TrackCardDescription>{track.description}</TrackCardDescription>
      <div className={styles.rating}>
        {track.averageRating == null ? (
          <span className={styles.noRating}>No ratings yet</span>
        ) : (
          <Stars rating={track.averageRating} reviews={track.reviewCount} />
        )}
      </div>
      <div className={styles.meta}>
        <span className={styles.duration}>
          <ClockIcon size={16} />
          {track.duration}
        </span>
        <TrackPrice track={track} className={styles.price} />
      </div>
      <ButtonLink to={trackPages.learnerDetails(track.id)} variant="secondary" block aria-describedby={titleId} className={styles.preview}>
        Preview Course
      </ButtonLink>
    </TrackCard>
  );
}
