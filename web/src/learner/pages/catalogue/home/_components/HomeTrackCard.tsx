import { graphql, useFragment } from "react-relay/hooks";
import { TrackCard, TrackCardDescription } from "../../../../../shared/ui/TrackCard.tsx";
import { TrackPrice } from "../../../../currency/TrackPrice.tsx";
import type { HomeTrackCard_track$key } from "./__generated__/HomeTrackCard_track.graphql.ts";
import styles from "./HomeTrackCard.module.css";

/** A track on the home page; the whole card leads to the catalogue (docs/product.md, Learner pages). */
export function HomeTrackCard({ trackKey }: { trackKey: HomeTrackCard_track$key }) {
  const track = useFragment(
    graphql`
      fragment HomeTrackCard_track on Track {
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
      }
    `,
    trackKey,
  );
  return (
    <TrackCard name={track.name} image={track.image} to="/learner-tracks" lift>
      <TrackCardDescription>{track.description}</TrackCardDescription>
      <div className={styles.meta}>
        <span>{track.duration}</span>
        <TrackPrice track={track} className={styles.price} />
      </div>
    </TrackCard>
  );
}
