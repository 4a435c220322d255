import { Suspense, useState } from "react";
import { graphql, type PreloadedQuery, useFragment, usePreloadedQuery } from "react-relay/hooks";
import { Link, useNavigate, useRevalidator } from "react-router-dom";
import { formatPrice } from "../../../../shared/format/format.ts";
import { courseLessonsPath } from "../../../../shared/routing/lessonPages.ts";
import type { QueryPageProps } from "../../../../shared/routing/pageRoute.tsx";
import { Alert } from "../../../../shared/ui/Alert.tsx";
import { Button, ButtonLink } from "../../../../shared/ui/Button.tsx";
import { Card } from "../../../../shared/ui/Card.tsx";
import { ErrorBoundary } from "../../../../shared/ui/ErrorBoundary.tsx";
import { Fact } from "../../../../shared/ui/Fact.tsx";
import { IconButton } from "../../../../shared/ui/IconButton.tsx";
import { ArrowLeftIcon, BookIcon, ClockIcon, PencilIcon, TrashIcon, UserIcon } from "../../../../shared/ui/icons.tsx";
import { Spinner } from "../../../../shared/ui/Spinner.tsx";
import { Stars } from "../../../../shared/ui/Stars.tsx";
import { READ_ONLY, ReadOnlyNote } from "../../../components/ReadOnlyNote.tsx";
import { can, useViewer } from "../../../staff/AdminViewer.ts";
import type { AdminTrackDetailsPage_track$key } from "./__generated__/AdminTrackDetailsPage_track.graphql.ts";
import type { AdminTrackDetailsPageQuery } from "./__generated__/AdminTrackDetailsPageQuery.graphql.ts";
import { DeleteTrackDialog } from "./_components/DeleteTrackDialog.tsx";
import { ArchivedBadge, RestoreTrackButton, TRACK_ARCHIVE_MESSAGES } from "./_components/TrackArchive.tsx";
import { TrackFormDialog } from "./_components/TrackFormDialog.tsx";
import { TrackInstalmentPlan } from "./_components/TrackInstalmentPlan.tsx";
import { TrackLearningStats } from "./_components/TrackLearningStats.tsx";
import { TrackOutcomes } from "./_components/TrackOutcomes.tsx";
import { TrackPreviewLink } from "./_components/TrackPreviewLink.tsx";
import { TrackPrices } from "./_components/TrackPrices.tsx";
import { TrackStatusBadge, TrackStatusControl } from "./_components/TrackStatusControl.tsx";
import styles from "./AdminTrackDetailsPage.module.css";

export const TRACK_DETAILS_MESSAGES = {
  loading: "Loading...",
  failed: "Could not load track details.",
  notFound: "Track not found.",
  noCourses: "No courses listed.",
} as const;

const query = graphql`
  query AdminTrackDetailsPageQuery($id: ID!) {
    track(id: $id) {
      ...AdminTrackDetailsPage_track
    }
  }
`;

/** /trackdetails/{trackId}: one track with its courses; edit and delete it from here. */
export default function AdminTrackDetailsPage({ queryRef }: QueryPageProps<AdminTrackDetailsPageQuery>) {
  const revalidator = useRevalidator();
  return (
    <>
      <div className={styles.topBar}>
        <ButtonLink to="/track" variant="ghost" className={styles.back}>
          <ArrowLeftIcon size={18} />
          Back
        </ButtonLink>
      </div>
      <ErrorBoundary
        resetKeys={[queryRef]}
        fallback={() => (
          <Card className={styles.state}>
            <title>Track details · LearnHub</title>
            <Alert tone="error">{TRACK_DETAILS_MESSAGES.failed}</Alert>
            <Button variant="secondary" onClick={() => revalidator.revalidate()} loading={revalidator.state === "loading"}>
              Try again
            </Button>
          </Card>
        )}
      >
        <Suspense
          fallback={
            <Card className={styles.state}>
              <Spinner label={null} />
              <p>{TRACK_DETAILS_MESSAGES.loading}</p>
            </Card>
          }
        >
          <TrackDetailsContent queryRef={queryRef} />
        </Suspense>
      </ErrorBoundary>
    </>
  );
}

function TrackDetailsContent({ queryRef }: { queryRef: PreloadedQuery<AdminTrackDetailsPageQuery> }) {
  const { track } = usePreloadedQuery<AdminTrackDetailsPageQuery>(query, queryRef);
  if (!track) {
    return (
      <Card className={styles.state}>
        <title>Track not found · LearnHub</title>
        <h1 className={styles.notFound}>{TRACK_DETAILS_MESSAGES.notFound}</h1>
        <ButtonLink to="/track" variant="secondary">
          Back to tracks
        </ButtonLink>
      </Card>
    );
  }
  return <TrackDetails trackKey={track} />;
}

function TrackDetails({ trackKey }: { trackKey: AdminTrackDetailsPage_track$key }) {
  const track = useFragment(
    graphql`
      fragment AdminTrackDetailsPage_track on Track {
        id
        ...TrackInstalmentPlan_track
        name
        price
        priceMoney {
          minor
          currency
        }
        instructor
        duration
        description
        image
        status
        archivedAt
        averageRating
        reviewCount
        courseCount
        courses {
          id
          title
        }
        ...TrackOutcomes_track
        ...TrackPrices_track
        ...TrackLearningStats_track
        ...TrackFormDialog_track
      }
    `,
    trackKey,
  );
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const mayEdit = can(useViewer(), "editCatalogue");
  const [deleting, setDeleting] = useState(false);

  return (
    <article className={styles.details} aria-labelledby="track-name">
      <title>{`${track.name} · LearnHub`}</title>
      <Card padded={false} className={styles.hero}>
        {track.image ? (
          <img className={styles.image} src={track.image} alt="" width={640} height={360} />
        ) : (
          <div className={styles.image} aria-hidden="true" />
        )}
        <div className={styles.summary}>
          <div className={styles.heading}>
            <h1 id="track-name" className={styles.name}>
              {track.name}
            </h1>
            {mayEdit ? (
              <div className={styles.actions}>
                <IconButton label="Edit track" tone="primary" onClick={() => setEditing(true)}>
                  <PencilIcon />
                </IconButton>
                <IconButton label="Delete track" tone="danger" onClick={() => setDeleting(true)}>
                  <TrashIcon />
                </IconButton>
              </div>
            ) : (
              <ReadOnlyNote reason={READ_ONLY.tracks} short />
            )}
          </div>
          <div className={styles.status}>
            <TrackStatusBadge status={track.status} />
            {track.archivedAt && <ArchivedBadge />}
            {mayEdit && track.archivedAt && <RestoreTrackButton track={track} />}
            {mayEdit && <TrackStatusControl track={track} />}
            {mayEdit && track.status === "DRAFT" && <TrackPreviewLink trackId={track.id} />}
          </div>
          {track.archivedAt && <p className={styles.muted}>{TRACK_ARCHIVE_MESSAGES.archivedNote}</p>}
          <p className={styles.price}>{formatPrice(track.priceMoney)}</p>
          <dl className={styles.facts}>
            <Fact icon={<UserIcon size={16} />} label="Instructor">
              {track.instructor}
            </Fact>
            <Fact icon={<ClockIcon size={16} />} label="Duration">
              {track.duration}
            </Fact>
            <Fact label="Rating" valueClassName={styles.rating}>
              <Stars rating={track.averageRating ?? 0} />
              <span className={styles.reviews}>
                {track.reviewCount} {track.reviewCount === 1 ? "review" : "reviews"}
              </span>
            </Fact>
          </dl>
        </div>
      </Card>
      <div className={styles.columns}>
        <Card as="section" aria-labelledby="track-description">
          <h2 id="track-description" className={styles.sectionTitle}>
            Description
          </h2>
          <p className={styles.description}>{track.description}</p>
        </Card>
        <Card as="section" aria-labelledby="track-courses">
          <h2 id="track-courses" className={styles.sectionTitle}>
            Included courses
          </h2>
          {track.courses.length === 0 ? (
            <p className={styles.muted}>{TRACK_DETAILS_MESSAGES.noCourses}</p>
          ) : (
            <ol className={styles.courses}>
              {track.courses.map((course) => (
                <li key={course.id}>
                  <BookIcon size={16} />
                  <Link to={courseLessonsPath(course.id)} aria-label={`Lessons of ${course.title}`}>
                    {course.title}
                  </Link>
                </li>
              ))}
            </ol>
          )}
        </Card>
      </div>
      <TrackLearningStats trackKey={track} />
      <TrackPrices trackKey={track} />
      <TrackOutcomes trackKey={track} />
      <TrackInstalmentPlan trackKey={track} editable={mayEdit} />
      <TrackFormDialog open={editing} onOpenChange={setEditing} trackKey={track} />
      <DeleteTrackDialog open={deleting} onOpenChange={setDeleting} track={track} onDeleted={() => navigate("/track", { replace: true })} />
    </article>
  );
}
