import type { IframeHTMLAttributes } from "react";
import { cx } from "./cx.ts";
import styles from "./VideoFrame.module.css";

type VideoFrameProps = IframeHTMLAttributes<HTMLIFrameElement> & {
  /** The embed's address (common/video.ts: YouTube or Vimeo, the only frames the pages' policy allows). */
  src: string | undefined;
  /** The frame's accessible name. */
  title: string;
  /** On the frame around the player, e.g. its rounded corners. */
  className?: string;
};

/** A lesson's video player, embedded at 16:9 and allowed full screen (the lesson editor, its preview, the course player). */
export function VideoFrame({ className, title, ...iframe }: VideoFrameProps) {
  return (
    <div className={cx(styles.frame, className)}>
      <iframe title={title} allowFullScreen {...iframe} />
    </div>
  );
}
