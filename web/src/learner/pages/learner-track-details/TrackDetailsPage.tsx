import { Suspense } from "react";
import { graphql, useFragment, useLazyLoadQuery, usePreloadedQuery } from "react-relay/hooks";
import { useSearchParams } from "react-router-dom";
import { PageFallback } from "../../../shared/routing/PageFallback.tsx";
import type { QueryPageProps } from "../../../shared/routing/pageRoute.tsx";
import { Alert } from "../../../shared/ui/Alert.tsx";
import { Container } from "../../../shared/ui/Container.tsx";
import { BookIcon, CheckIcon, UsersIcon } from "../../../shared/ui/icons.tsx";
import { Stars } from "../../../shared/ui/Stars.tsx";
import { PageBanner } from "../../layout/PageBanner.tsx";
import { TrackNotFound } from "../../tracks/TrackErrorBoundary.tsx";
import type { TrackDetailsPage_track$key } from "./__generated__/TrackDetailsPage_track.graphql.ts";
import type { TrackDetailsPagePreviewQuery } from "./__generated__/TrackDetailsPagePreviewQuery.graphql.ts";
import type { TrackDetailsPageQuery } from "./__generated__/TrackDetailsPageQuery.graphql.ts";
import { RateTrack } from "./_components/RateTrack.tsx";
import { RelatedTrackCard } from "./_components/RelatedTrackCard.tsx";
import { TrackSideCard } from "./_components/TrackSideCard.tsx";
import styles from "./TrackDetailsPage.module.css";

const query = graphql`
  query TrackDetailsPageQuery($id: ID!) {
    track(id: $id) {
      id
      ...TrackDetailsPage_track
    }
    # Whether the learner may rate the track: the API has no "enrolled in this track" field, so the learner's
    # enrollments are read (50 at most, within the API's query-cost limit).
    me {
      ... on Learner {
        enrollments(first: 50) {
          edges {
            node {
              track {
                id
              }
            }
          }
        }
      }
    }
  }
`;

/**
 * A draft's preview (the link staff get from the admin site): asked only with `?preview=` in the address, never kept
 * by the public cache. Part of this page's chunk, so the site's entry does not grow.
 */
const previewQuery = graphql`
  query TrackDetailsPagePreviewQuery($id: ID!, $token: String!) {
    trackPreview(id: $id, token: $token) {
      ...TrackDetailsPage_track
    }
  }
`;

const trackFragment = graphql`
  fragment TrackDetailsPage_track on Track {
    id
    name
    description
    instructor
    averageRating
    reviewCount
    courses {
      id
      title
    }
    relatedTracks {
      id
      ...RelatedTrackCard_track
    }
    ...TrackSideCard_track
    ...RateTrack_track
  }
`;

export const PREVIEW_BANNER = "Preview: this track is not published yet";

/** The fixed figure (docs/product.md, Limits) for every track. */
const ENROLLED_STUDENTS = 50;

// A static list (docs/product.md, Learner pages): six cloud-related outcomes.
const outcomes = [
  "Understand core cloud concepts and the IaaS, PaaS and SaaS service models",
  "Deploy and manage applications on leading cloud platforms such as AWS and Azure",
  "Design scalable, highly available and fault-tolerant cloud architectures",
  "Secure cloud resources with identity, access management and network controls",
  "Automate infrastructure with infrastructure-as-code and CI/CD pipelines",
  "Monitor workloads and keep cloud costs under control",
];

export default function TrackDetailsPage({ queryRef }: QueryPageProps<TrackDetailsPageQuery>) {
  const { track, me } = usePreloadedQuery<TrackDetailsPageQuery>(query, queryRef);
  const [search] = useSearchParams();
  const token = search.get("preview");
  // A preview link of a track published since shows its public page (publishing retired the token).
  if (token && !track) {
    return (
      <Suspense fallback={<PageFallback />}>
        <TrackPreview id={queryRef.variables.id} token={token} />
      </Suspense>
    );
  }
  if (!track) return <TrackNotFound />;
  const enrolled = me?.enrollments?.edges.some(({ node }) => node.track.id === track.id) ?? false;
  return <TrackDetails trackKey={track} enrolled={enrolled} preview={false} />;
}

/** A draft seen through its preview link: the same page under a banner, without the way to enroll. Asked each time. */
function TrackPreview({ id, token }: { id: string; token: string }) {
  const { trackPreview } = useLazyLoadQuery<TrackDetailsPagePreviewQuery>(previewQuery, { id, token }, { fetchPolicy: "network-only" });
  if (!trackPreview) return <TrackNotFound />;
  return <TrackDetails trackKey={trackPreview} enrolled={false} preview />;
}

function TrackDetails({ trackKey, enrolled, preview }: { trackKey: TrackDetailsPage_track$key; enrolled: boolean; preview: boolean }) {
  const track = useFragment(trackFragment, trackKey);
  const related = track.relatedTracks.slice(0, 4);

  return (
    <>
      {preview && (
        <Alert tone="info" banner title={PREVIEW_BANNER} className={styles.previewBanner}>
          Only people with this link see this page. Learners cannot enroll until the track is published.
        </Alert>
      )}
      <PageBanner
        title={track.name}
        description={track.description}
        breadcrumbs={[{ label: "Home", to: "/" }, { label: "Tracks", to: "/learner-tracks" }, { label: track.name }]}
      >
        <p className={styles.byline}>
          Created by <strong>{track.instructor}</strong>
        </p>
        <ul className={styles.facts}>
          <li>
            {track.averageRating == null ? (
              <span>No ratings yet</span>
            ) : (
              <span className={styles.rating}>
                <Stars rating={track.averageRating} reviews={track.reviewCount} />
              </span>
            )}
          </li>
          <li>
            <UsersIcon size={16} />
            {ENROLLED_STUDENTS} students enrolled
          </li>
        </ul>
      </PageBanner>

      <Container className={styles.layout}>
        <div className={styles.main}>
          <section className={styles.panel} aria-labelledby="outcomes-title">
            <h2 id="outcomes-title" className={styles.panelTitle}>
              What you'll learn
            </h2>
            <ul className={styles.outcomes}>
              {outcomes.map((outcome) => (
                <li key={outcome}>
                  <CheckIcon size={18} className={styles.check} />
                  {outcome}
                </li>
              ))}
            </ul>
          </section>

          <section className={styles.panel} aria-labelledby="courses-title">
            <h2 id="courses-title" className={styles.panelTitle}>
              Courses in this track
            </h2>
            {track.courses.length > 0 ? (
              <ol className={styles.courses}>
                {track.courses.map((course, i) => (
                  <li key={course.id}>
                    <span className={styles.courseNumber} aria-hidden="true">
                      {i + 1}
                    </span>
                    <BookIcon size={16} className={styles.courseIcon} />
                    {course.title}
                  </li>
                ))}
              </ol>
            ) : (
              <p className={styles.muted}>No courses listed.</p>
            )}
          </section>

          {enrolled && <RateTrack trackKey={track} />}
        </div>

        <aside className={styles.aside} aria-label="Enrollment">
          <TrackSideCard trackKey={track} enrolled={enrolled} preview={preview} />
        </aside>
      </Container>

      {related.length > 0 && (
        <section className={styles.related} aria-labelledby="related-title">
          <Container>
            <h2 id="related-title" className={styles.relatedTitle}>
              Explore Related Courses
            </h2>
            <ul className={styles.relatedGrid}>
              {related.map((node) => (
                <li key={node.id}>
                  <RelatedTrackCard trackKey={node} />
                </li>
              ))}
            </ul>
          </Container>
        </section>
      )}
    </>
  );
}
