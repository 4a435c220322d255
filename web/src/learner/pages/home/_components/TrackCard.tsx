import { graphql, useFragment } from "react-relay/hooks";
import { Link } from "react-router-dom";
import { formatPrice } from "../../../../shared/format/format.ts";
import type { TrackCard_track$key } from "./__generated__/TrackCard_track.graphql.ts";
import styles from "./TrackCard.module.css";

/** A track on the home page; the whole card leads to the catalogue (docs/product.md, Learner pages). */
export function TrackCard({ trackKey }: { trackKey: TrackCard_track$key }) {
  const track = useFragment(
    graphql`
      fragment TrackCard_track on Track {
        name
        description
        image
        duration
        price
      }
    `,
    trackKey,
  );
  return (
    <article className={styles.card}>
      {/* The cover is decoration: the track's name right below says what it is. */}
      {track.image ? (
        <img className={styles.image} src={track.image} alt="" width={640} height={360} loading="lazy" decoding="async" />
      ) : (
        <div className={styles.image} aria-hidden="true" />
      )}
      <div className={styles.body}>
        <h3 className={styles.title}>
          {/* Its ::after covers the card, so the card is one click target while only the name is the link text. */}
          <Link to="/learner-tracks" className={styles.link}>
            {track.name}
          </Link>
        </h3>
        <p className={styles.description}>{track.description}</p>
        <div className={styles.meta}>
          <span>{track.duration}</span>
          <span className={styles.price}>{formatPrice(track.price)}</span>
        </div>
      </div>
    </article>
  );
}
