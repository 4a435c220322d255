import { graphql, useFragment } from "react-relay/hooks";
import { Link } from "react-router-dom";
import { formatMoney } from "../../../../shared/format/format.ts";
import { trackPages } from "../../../../shared/routing/trackIds.ts";
import { Card } from "../../../../shared/ui/Card.tsx";
import { ArrowRightIcon, ClockIcon } from "../../../../shared/ui/icons.tsx";
import type { RecentTracks_query$key } from "./__generated__/RecentTracks_query.graphql.ts";
import section from "./DashboardSection.module.css";
import styles from "./RecentTracks.module.css";

/** The 4 newest tracks, each opening its details; the arrow leads to all tracks. */
export function RecentTracks({ queryKey }: { queryKey: RecentTracks_query$key }) {
  const { tracks } = useFragment(
    graphql`
      fragment RecentTracks_query on Query {
        tracks(first: 4) {
          edges {
            node {
              id
              name
              image
              duration
              instructor
              price
            }
          }
        }
      }
    `,
    queryKey,
  );
  return (
    <Card as="section" className={section.section} aria-labelledby="recent-tracks-title">
      <header className={section.header}>
        <h2 id="recent-tracks-title" className={section.title}>
          Recent Tracks
        </h2>
        <Link to="/track" className={section.viewAll} aria-label="View all tracks">
          View all
          <ArrowRightIcon size={16} />
        </Link>
      </header>
      {tracks.edges.length === 0 ? (
        <p className={section.empty}>No tracks found.</p>
      ) : (
        <ul className={styles.grid}>
          {tracks.edges.map(({ node }) => (
            <li key={node.id}>
              <Link to={trackPages.adminDetails(node.id)} className={styles.track}>
                {node.image ? (
                  <img className={styles.image} src={node.image} alt="" width={320} height={180} loading="lazy" decoding="async" />
                ) : (
                  <span className={styles.image} aria-hidden="true" />
                )}
                <span className={styles.body}>
                  <span className={styles.name}>{node.name}</span>
                  <span className={styles.meta}>
                    <span className={styles.duration}>
                      <ClockIcon size={14} />
                      {node.duration}
                    </span>
                    <span className={styles.price}>{formatMoney(node.price)}</span>
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
