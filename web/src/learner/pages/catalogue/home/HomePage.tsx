import { graphql, usePreloadedQuery } from "react-relay/hooks";
import type { QueryPageProps } from "../../../../shared/routing/pageRoute.tsx";
import { ButtonLink } from "../../../../shared/ui/Button.tsx";
import { Container } from "../../../../shared/ui/Container.tsx";
import { EmptyState } from "../../../../shared/ui/EmptyState.tsx";
import { ArrowRightIcon, TracksIcon } from "../../../../shared/ui/icons.tsx";
import type { HomePageQuery } from "./__generated__/HomePageQuery.graphql.ts";
import { CallToAction } from "./_components/CallToAction.tsx";
import { Hero } from "./_components/Hero.tsx";
import { HomeTrackCard } from "./_components/HomeTrackCard.tsx";
import { HowItWorks } from "./_components/HowItWorks.tsx";
import { Stats } from "./_components/Stats.tsx";
import { TechChips } from "./_components/TechChips.tsx";
import styles from "./HomePage.module.css";

// Up to 4 tracks on the home page (docs/product.md, Limits); the catalogue is newest first.
const query = graphql`
  query HomePageQuery {
    tracks(first: 4) {
      edges {
        node {
          id
          ...HomeTrackCard_track
        }
      }
    }
  }
`;

export default function HomePage({ queryRef }: QueryPageProps<HomePageQuery>) {
  const { tracks } = usePreloadedQuery<HomePageQuery>(query, queryRef);
  return (
    <>
      <title>LearnHub: learn in-demand tech skills</title>
      <Hero />
      <section className={styles.solutions} aria-labelledby="solutions-title">
        <Container>
          <div className={styles.sectionHeader}>
            <p className={styles.eyebrow}>Tracks</p>
            <h2 id="solutions-title" className={styles.sectionTitle}>
              Our solutions
            </h2>
            <p className={styles.sectionLead}>
              Structured paths of hands-on courses, from your first line of code to a job-ready portfolio.
            </p>
          </div>
          {tracks.edges.length > 0 ? (
            <ul className={styles.grid}>
              {tracks.edges.map(({ node }) => (
                <li key={node.id}>
                  <HomeTrackCard trackKey={node} />
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState
              icon={<TracksIcon />}
              headingLevel={3}
              title="No tracks yet"
              description="New tracks are being prepared. Check back soon."
            />
          )}
          <div className={styles.more}>
            <ButtonLink to="/learner-tracks" variant="secondary">
              Browse all tracks
              <ArrowRightIcon size={16} />
            </ButtonLink>
          </div>
        </Container>
      </section>
      <TechChips />
      <Stats />
      <HowItWorks />
      <CallToAction />
    </>
  );
}
