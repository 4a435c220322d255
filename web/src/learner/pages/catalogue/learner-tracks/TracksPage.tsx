import { graphql, usePreloadedQuery } from "react-relay/hooks";
import type { QueryPageProps } from "../../../../shared/routing/pageRoute.tsx";
import { Container } from "../../../../shared/ui/Container.tsx";
import { EmptyState } from "../../../../shared/ui/EmptyState.tsx";
import { TracksIcon } from "../../../../shared/ui/icons.tsx";
import { PageBanner } from "../../../layout/PageBanner.tsx";
import type { TracksPageQuery } from "./__generated__/TracksPageQuery.graphql.ts";
import { CatalogueControls } from "./_components/CatalogueControls.tsx";
import { CatalogueTrackCard } from "./_components/CatalogueTrackCard.tsx";
import styles from "./TracksPage.module.css";

// Tracks are not paged (docs/product.md, Limits): the whole catalogue, newest first, as much as the API's query-cost limit allows.
const query = graphql`
  query TracksPageQuery($search: String, $sort: CatalogueSort) {
    tracks(first: 50, search: $search, sort: $sort) {
      edges {
        node {
          id
          ...CatalogueTrackCard_track
        }
      }
    }
    paymentOptions {
      ...CurrencySwitcher_options
    }
  }
`;

/** How many cards share the first row at full width: their images load at once. */
const FIRST_ROW = 3;

export default function TracksPage({ queryRef }: QueryPageProps<TracksPageQuery>) {
  const { tracks, paymentOptions } = usePreloadedQuery<TracksPageQuery>(query, queryRef);
  return (
    <>
      <PageBanner
        title="Tracks"
        description="Structured learning paths with hands-on courses, expert instructors and a portfolio to show for it."
        breadcrumbs={[{ label: "Home", to: "/" }, { label: "Tracks" }]}
      />
      <Container className={styles.body}>
        <section aria-labelledby="top-tracks-title">
          <div className={styles.heading}>
            <h2 id="top-tracks-title" className={styles.title}>
              Top Tracks
            </h2>
            <p className={styles.count}>{tracks.edges.length === 1 ? "1 track" : `${tracks.edges.length} tracks`}</p>
          </div>
          <CatalogueControls optionsKey={paymentOptions} />
          {tracks.edges.length > 0 ? (
            <ul className={styles.grid}>
              {tracks.edges.map(({ node }, i) => (
                <li key={node.id}>
                  <CatalogueTrackCard trackKey={node} aboveTheFold={i < FIRST_ROW} />
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState icon={<TracksIcon />} title="No tracks found." description="New tracks are being prepared. Check back soon." />
          )}
        </section>
      </Container>
    </>
  );
}
