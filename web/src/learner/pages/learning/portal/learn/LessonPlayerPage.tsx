import { useEffect, useState } from "react";
import { graphql, usePreloadedQuery } from "react-relay/hooks";
import { Link, useNavigate } from "react-router-dom";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { formatMinutes, playerPath } from "../../../../../shared/routing/lessonPages.ts";
import type { QueryPageProps } from "../../../../../shared/routing/pageRoute.tsx";
import { trackPages } from "../../../../../shared/routing/trackIds.ts";
import { learnerSession, useSession } from "../../../../../shared/session/session.ts";
import { Alert } from "../../../../../shared/ui/Alert.tsx";
import { Button, ButtonLink } from "../../../../../shared/ui/Button.tsx";
import { Container } from "../../../../../shared/ui/Container.tsx";
import { Drawer } from "../../../../../shared/ui/Drawer.tsx";
import { CheckCircleIcon, LockIcon, MenuIcon } from "../../../../../shared/ui/icons.tsx";
import { Markdown } from "../../../../../shared/ui/Markdown.tsx";
import { toast } from "../../../../../shared/ui/Toast.tsx";
import { VideoFrame } from "../../../../../shared/ui/VideoFrame.tsx";
import type { LessonPlayerPageCompleteMutation } from "./__generated__/LessonPlayerPageCompleteMutation.graphql.ts";
import type { LessonPlayerPageOpenMutation } from "./__generated__/LessonPlayerPageOpenMutation.graphql.ts";
import type { LessonPlayerPageQuery, LessonPlayerPageQuery$data } from "./__generated__/LessonPlayerPageQuery.graphql.ts";
import { LessonFiles } from "./_components/LessonFiles.tsx";
import { QuizLesson } from "./_components/QuizLesson.tsx";
import { UploadedVideoPlayer } from "./_components/UploadedVideoPlayer.tsx";
import styles from "./LessonPlayerPage.module.css";

export const PLAYER_MESSAGES = {
  notFound: "Lesson not found.",
  locked: "Enroll in this track to open this lesson.",
  paused: "Access paused",
  completeFailed: "Could not mark the lesson complete. Please try again.",
  completed: "Lesson complete.",
} as const;

const query = graphql`
  query LessonPlayerPageQuery($trackId: ID!, $lessonId: ID!) {
    track(id: $trackId) {
      id
      name
      courses {
        id
        title
        lessonList {
          id
          title
          minutes
          completed
        }
      }
    }
    lesson: node(id: $lessonId) {
      ... on Lesson {
        id
        title
        kind
        minutes
        locked
        pausedReason
        enrolled
        completed
        body
        videoEmbedUrl
        ...QuizLesson_lesson @alias(as: "quizLesson")
        ...UploadedVideoPlayer_lesson @alias(as: "uploadedVideo")
        ...LessonFiles_lesson @alias(as: "fileList")
        course {
          title
          track {
            id
          }
        }
      }
    }
  }
`;

const completeMutation = graphql`
  mutation LessonPlayerPageCompleteMutation($id: ID!) {
    completeLesson(id: $id) {
      __typename
      ... on LessonProgressPayload {
        progress
        lesson {
          id
          completed
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

/** Opening a lesson makes it the one the portal's Continue resumes (no seconds: the saved video position is kept). */
const openMutation = graphql`
  mutation LessonPlayerPageOpenMutation($id: ID!) {
    saveLessonPosition(id: $id) {
      __typename
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

type Track = NonNullable<LessonPlayerPageQuery$data["track"]>;

/**
 * /portal/learn/{trackId}/{lessonId}: the course player. The curriculum (courses, lessons, done marks, minutes) sits
 * beside the lesson, in a drawer on phones; the lesson shows its text or video, Mark complete and Next. Anyone may
 * open a free-preview lesson here; the API gives the content only to those allowed (the page shows why otherwise).
 */
export default function LessonPlayerPage({ queryRef }: QueryPageProps<LessonPlayerPageQuery>) {
  const { track, lesson } = usePreloadedQuery<LessonPlayerPageQuery>(query, queryRef);
  const [contentsOpen, setContentsOpen] = useState(false);
  const navigate = useNavigate();
  const { user } = useSession(learnerSession);
  const [complete, completing] = useAsyncMutation<LessonPlayerPageCompleteMutation>(completeMutation);
  const [open] = useAsyncMutation<LessonPlayerPageOpenMutation>(openMutation);
  const lessonId = lesson?.id;
  const enrolled = lesson?.enrolled === true;

  useEffect(() => {
    if (lessonId && enrolled) open({ variables: { id: lessonId } }).catch(() => {});
  }, [lessonId, enrolled, open]);

  if (!track || !lesson?.id || lesson.course?.track.id !== track.id) {
    return (
      <Container className={styles.state}>
        <title>Lesson not found · LearnHub</title>
        <h1>{PLAYER_MESSAGES.notFound}</h1>
        <ButtonLink to={user ? "/portal" : "/learner-tracks"} variant="secondary">
          {user ? "Back to my tracks" : "Browse tracks"}
        </ButtonLink>
      </Container>
    );
  }

  const all = track.courses.flatMap((c) => c.lessonList);
  const index = all.findIndex((l) => l.id === lesson.id);
  const next = index >= 0 ? all[index + 1] : undefined;

  async function markComplete() {
    if (!lesson?.id) return;
    try {
      const result = await complete({ variables: { id: lesson.id } });
      if (result.completeLesson.__typename !== "LessonProgressPayload") {
        toast.error(result.completeLesson.failure?.message ?? PLAYER_MESSAGES.completeFailed);
        return;
      }
      toast.success(`${PLAYER_MESSAGES.completed} Track progress: ${result.completeLesson.progress ?? 0}%.`);
    } catch {
      toast.error(PLAYER_MESSAGES.completeFailed);
    }
  }

  return (
    <div className={styles.player}>
      <title>{`${lesson.title} · ${track.name} · LearnHub`}</title>
      <aside className={styles.sidebar} aria-label="Course content">
        <Contents track={track} currentId={lesson.id} />
      </aside>
      <Drawer open={contentsOpen} onOpenChange={setContentsOpen} title="Course content">
        <Contents track={track} currentId={lesson.id} onNavigate={() => setContentsOpen(false)} />
      </Drawer>
      <main className={styles.main} aria-labelledby="lesson-title">
        <nav className={styles.crumbs} aria-label="Breadcrumb">
          <Link to={user ? "/portal" : trackPages.learnerDetails(track.id)}>{user ? "My tracks" : track.name}</Link>
          <span aria-hidden="true"> / </span>
          <span>{lesson.course.title}</span>
        </nav>
        <Button variant="secondary" size="sm" className={styles.contentsButton} onClick={() => setContentsOpen(true)}>
          <MenuIcon size={16} aria-hidden="true" />
          Course content
        </Button>
        <h1 id="lesson-title" className={styles.title}>
          {lesson.title}
        </h1>
        <p className={styles.meta}>
          {lesson.kind === "VIDEO" ? "Video" : lesson.kind === "QUIZ" ? "Quiz" : lesson.kind === "FILE" ? "Files" : "Reading"} ·{" "}
          {formatMinutes(lesson.minutes ?? 0)}
          {lesson.completed && (
            <span className={styles.done}>
              <CheckCircleIcon size={16} aria-hidden="true" /> Completed
            </span>
          )}
        </p>
        {lesson.pausedReason ? (
          // An instalment unpaid past the grace days (docs/payments.md, "Instalments"): the reason instead of the content.
          <Alert tone="info" title={PLAYER_MESSAGES.paused}>
            <p>{lesson.pausedReason}</p>
            <ButtonLink to="/portal#payment-plans" size="sm">
              Pay now
            </ButtonLink>
          </Alert>
        ) : lesson.locked ? (
          <Alert tone="info" title={PLAYER_MESSAGES.locked}>
            <ButtonLink to={trackPages.learnerDetails(track.id)} size="sm">
              <LockIcon size={14} aria-hidden="true" /> See the track
            </ButtonLink>
          </Alert>
        ) : lesson.kind === "VIDEO" && !lesson.videoEmbedUrl && lesson.uploadedVideo ? (
          <UploadedVideoPlayer key={lesson.id} lesson={lesson.uploadedVideo} />
        ) : lesson.kind === "FILE" && lesson.fileList ? (
          <LessonFiles lesson={lesson.fileList} />
        ) : lesson.kind === "QUIZ" && lesson.quizLesson ? (
          <QuizLesson lesson={lesson.quizLesson} />
        ) : lesson.kind === "VIDEO" && lesson.videoEmbedUrl ? (
          <VideoFrame
            className={styles.video}
            src={lesson.videoEmbedUrl}
            title={lesson.title ?? "Video"}
            allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <Markdown text={lesson.body ?? ""} className={styles.body} />
        )}
        <div className={styles.actions}>
          {enrolled && !lesson.completed && !lesson.pausedReason && lesson.kind !== "QUIZ" && (
            <Button onClick={markComplete} loading={completing}>
              Mark complete
            </Button>
          )}
          {next && (
            <Button
              variant={enrolled && !lesson.completed ? "secondary" : "primary"}
              onClick={() => navigate(playerPath(track.id, next.id))}
            >
              Next
            </Button>
          )}
        </div>
      </main>
    </div>
  );
}

function Contents({ track, currentId, onNavigate }: { track: Track; currentId: string; onNavigate?: () => void }) {
  return (
    <div className={styles.contents}>
      <p className={styles.trackName}>{track.name}</p>
      <ol className={styles.courseList}>
        {track.courses.map((course) => (
          <li key={course.id}>
            <h2 className={styles.courseTitle}>{course.title}</h2>
            <ol className={styles.lessonList}>
              {course.lessonList.map((node) => (
                <li key={node.id}>
                  <Link
                    to={playerPath(track.id, node.id)}
                    className={styles.lessonLink}
                    aria-current={node.id === currentId ? "page" : undefined}
                    onClick={onNavigate}
                  >
                    <span className={node.completed ? styles.tickDone : styles.tick} aria-hidden="true">
                      {node.completed ? <CheckCircleIcon size={16} /> : null}
                    </span>
                    <span className={styles.lessonTitle}>
                      {node.title}
                      {node.completed && <span className="visually-hidden"> (completed)</span>}
                    </span>
                    <span className={styles.lessonMinutes}>{formatMinutes(node.minutes)}</span>
                  </Link>
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ol>
    </div>
  );
}
