import { graphql, useFragment } from "react-relay/hooks";
import { trackPages } from "../../../../../shared/routing/trackIds.ts";
import { ClockIcon, UserIcon } from "../../../../../shared/ui/icons.tsx";
import { TrackCard, TrackCardDescription } from "../../../../../shared/ui/TrackCard.tsx";
import { ArchivedBadge } from "../../trackdetails/_components/TrackArchive.tsx";
import { TrackStatusBadge } from "../../trackdetails/_components/TrackStatusControl.tsx";
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
        status
        archivedAt
      }
    `,
    trackKey,
  );
  return (
    <TrackCard
      name={track.name}
      image={track.image}
      to={trackPages.adminDetails(track.id)}
      headingLevel={2}
      lift
      nameSize="md"
      coverClassName={styles.cover}
      nameClassName={styles.name}
      eyebrow={
        <>
          <TrackStatusBadge status={track.status} />
          {track.archivedAt && <ArchivedBadge />}
        </>
      }
    >
      <TrackCardDescription>{track.description}</TrackCardDescription>
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
    </TrackCard>
  );
}
