import { cx } from "./cx.ts";
import styles from "./TrackCover.module.css";

interface TrackCoverProps {
  src: string | null | undefined;
  /** Above the fold: load at once. Otherwise the browser fetches it when it nears the viewport. */
  eager?: boolean;
  className?: string;
}

/**
 * A track's cover picture in a 16:9 box: the box keeps its size before the picture arrives (no layout shift) and
 * shows a soft gradient when there is none. Decorative: the track's name is always next to it.
 */
export function TrackCover({ src, eager = false, className }: TrackCoverProps) {
  return (
    <div className={cx(styles.cover, className)}>
      {src && (
        <img
          className={styles.image}
          src={src}
          alt=""
          width={640}
          height={360}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          {...(eager ? { fetchPriority: "high" as const } : {})}
        />
      )}
    </div>
  );
}
