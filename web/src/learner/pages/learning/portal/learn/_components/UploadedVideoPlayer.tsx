import { useEffect, useRef } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import { useAsyncMutation } from "../../../../../../shared/relay/useAsyncMutation.ts";
import type { UploadedVideoPlayer_lesson$key } from "./__generated__/UploadedVideoPlayer_lesson.graphql.ts";
import type { UploadedVideoPlayerPositionMutation } from "./__generated__/UploadedVideoPlayerPositionMutation.graphql.ts";
import type { UploadedVideoPlayerWatchedMutation } from "./__generated__/UploadedVideoPlayerWatchedMutation.graphql.ts";

const fragment = graphql`
  fragment UploadedVideoPlayer_lesson on Lesson {
    id
    title
    videoSrc
    positionSeconds
    enrolled
    completed
  }
`;

const positionMutation = graphql`
  mutation UploadedVideoPlayerPositionMutation($id: ID!, $seconds: Int) {
    saveLessonPosition(id: $id, seconds: $seconds) {
      __typename
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

const watchedMutation = graphql`
  mutation UploadedVideoPlayerWatchedMutation($id: ID!, $percent: Float!) {
    recordVideoWatched(id: $id, percent: $percent) {
      __typename
      ... on LessonProgressPayload {
        lesson {
          id
          completed
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

/** The share of a video's length its played ranges cover, 0 to 100. */
export function watchedPercent(played: TimeRanges, duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0) return 0;
  let seconds = 0;
  for (let i = 0; i < played.length; i++) seconds += played.end(i) - played.start(i);
  return Math.min(100, (seconds / duration) * 100);
}

/**
 * An uploaded video (VIDEO lesson without a link): the browser's own player (keyboard usable), streamed from its signed
 * URL with range requests. It starts where the learner stopped, saves the position every 10 seconds of play, on pause
 * and when leaving, and tells the server how much has been watched (the played time ranges, not the position): at 90 %
 * the lesson is done.
 */
export function UploadedVideoPlayer({ lesson: key }: { lesson: UploadedVideoPlayer_lesson$key }) {
  const lesson = useFragment(fragment, key);
  const video = useRef<HTMLVideoElement>(null);
  const [savePosition] = useAsyncMutation<UploadedVideoPlayerPositionMutation>(positionMutation);
  const [recordWatched] = useAsyncMutation<UploadedVideoPlayerWatchedMutation>(watchedMutation);
  const lastSaved = useRef(0);
  const done = useRef(lesson.completed === true);
  const { id, enrolled } = lesson;

  useEffect(() => {
    const element = video.current;
    if (!element || !id || !enrolled) return;
    const save = () => {
      const seconds = Math.floor(element.currentTime);
      lastSaved.current = Date.now();
      savePosition({ variables: { id, seconds } }).catch(() => {});
      if (!done.current) {
        const percent = watchedPercent(element.played, element.duration);
        if (percent >= 90) {
          done.current = true;
          recordWatched({ variables: { id, percent } }).catch(() => {
            done.current = false;
          });
        }
      }
    };
    const onTime = () => {
      if (Date.now() - lastSaved.current >= 10_000) save();
      else if (!done.current && watchedPercent(element.played, element.duration) >= 90) save();
    };
    const onHide = () => {
      if (document.visibilityState === "hidden") save();
    };
    element.addEventListener("timeupdate", onTime);
    element.addEventListener("pause", save);
    element.addEventListener("ended", save);
    document.addEventListener("visibilitychange", onHide);
    lastSaved.current = Date.now();
    return () => {
      element.removeEventListener("timeupdate", onTime);
      element.removeEventListener("pause", save);
      element.removeEventListener("ended", save);
      document.removeEventListener("visibilitychange", onHide);
      // Leaving the lesson (another lesson, another page): where it stood is kept.
      if (element.currentTime > 0) save();
    };
  }, [id, enrolled, savePosition, recordWatched]);

  if (!lesson.videoSrc) return null;
  return (
    // biome-ignore lint/a11y/useMediaCaption: uploaded lesson videos come without caption files (not authored yet)
    <video
      ref={video}
      src={lesson.videoSrc}
      controls
      preload="metadata"
      title={lesson.title ?? "Video"}
      aria-label={lesson.title ?? "Video"}
      style={{ width: "100%", maxHeight: "70vh", background: "#000", borderRadius: "0.5rem" }}
      onLoadedMetadata={(e) => {
        const start = lesson.positionSeconds ?? 0;
        // Near the end: start again from the beginning.
        if (start > 0 && start < e.currentTarget.duration - 2) e.currentTarget.currentTime = start;
      }}
    />
  );
}
