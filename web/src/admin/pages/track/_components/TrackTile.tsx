import { graphql, useFragment } from "react-relay/hooks";
import { Link } from "react-router-dom";
import { trackPages } from "../../../../shared/routing/trackIds.ts";
import { ClockIcon, UserIcon } from "../../../../shared/ui/icons.tsx";
import type { TrackTile_track$key } from "./__generated__/TrackTile_track.graphql.ts";
import styles from "./TrackTile.module.css";

/** A track in the Manage Tracks grid; the whole card opens the track's details. */
export function TrackTile({ trackKey }: { trackKey: TrackTile_track$key }) {
  const track = useFragment(
    graphql`
      fragment TrackTile_track on Track {
        id
        name
        description
        image
        duration
        instructor
      }
    `,
    trackKey,
  );
  return (
    <article className={styles.card}>
      {track.image ? (
        <img className={styles.image} src={track.image} alt="" width={640} height={360} loading="lazy" decoding="async" />
      ) : (
        <div className={styles.image} aria-hidden="true" />
      )}
      <div className={styles.body}>
        <h2 className={styles.name}>
          {/* Its ::after covers the card, so the card is one click target while the name is the link text. */}
          <Link to={trackPages.adminDetails(track.id)} className={styles.link}>
            {track.name}
          </Link>
        </h2>
        <p className={styles.description}>{track.description}</p>
        <dl className={styles.meta}>
          <div>
            <dt className="visually-hidden">Duration</dt>
            <dd>
              <ClockIcon size={15} />
              {track.duration}
            </dd>
          </div>
          <div>
            <dt className="visually-hidden">Instructor</dt>
            <dd>
              <UserIcon size={15} />
              {track.instructor}
            </dd>
          </div>
        </dl>
      </div>
    </article>
  );
}
