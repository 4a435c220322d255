import { graphql, useFragment } from "react-relay/hooks";
import { Link } from "react-router-dom";
import { formatPrice } from "../../../../../shared/format/format.ts";
import { trackPages } from "../../../../../shared/routing/trackIds.ts";
import { ClockIcon } from "../../../../../shared/ui/icons.tsx";
import type { RecentTracks_query$key } from "./__generated__/RecentTracks_query.graphql.ts";
import { DashboardSection } from "./DashboardSection.tsx";
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
              priceMoney {
                minor
                currency
              }
            }
          }
        }
      }
    `,
    queryKey,
  );
  return (
    <DashboardSection
      id="recent-tracks-title"
      title="Recent Tracks"
      viewAll={{ to: "/track", noun: "tracks" }}
      empty={tracks.edges.length === 0 && "No tracks found."}
    >
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
                  <span className={styles.price}>{formatPrice(node.priceMoney)}</span>
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </DashboardSection>
  );
}
