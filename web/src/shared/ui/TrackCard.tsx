import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { cx } from "./cx.ts";
import styles from "./TrackCard.module.css";
import { TrackCover } from "./TrackCover.tsx";

interface TrackCardProps {
  name: string;
  image: string | null | undefined;
  /**
   * Where the track's name leads. Its ::after covers the card, so the card is one click target while only the name is
   * the link text, and the card shows the focus ring. Without it the name is plain text (the card holds its own button).
   */
  to?: string;
  headingLevel?: 2 | 3;
  headingId?: string;
  /** In the first row: the cover loads at once instead of lazily. */
  eager?: boolean;
  /** The card rises a little under the pointer. */
  lift?: boolean;
  /** `compact`: tighter lines under the name. */
  density?: "normal" | "compact";
  nameSize?: "md" | "lg";
  /** Above the name, e.g. the enrollment's status. */
  eyebrow?: ReactNode;
  className?: string;
  coverClassName?: string;
  nameClassName?: string;
  /** What the card says under the name. */
  children: ReactNode;
}

/**
 * A track as a card: its 16:9 cover, its name (a link that opens the track, or plain text) and what the page says
 * about it. The catalogue, the home page, related tracks, the learner's enrolled tracks and the admin's track grid
 * all use it; each passes the facts it shows.
 */
export function TrackCard({
  name,
  image,
  to,
  headingLevel = 3,
  headingId,
  eager = false,
  lift = false,
  density = "normal",
  nameSize = "lg",
  eyebrow,
  className,
  coverClassName,
  nameClassName,
  children,
}: TrackCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      className={cx(styles.card, to && styles.linked, lift && styles.lift, className)}
      {...(headingId ? { "aria-labelledby": headingId } : {})}
    >
      <TrackCover src={image} eager={eager} className={coverClassName} />
      <div className={cx(styles.body, density === "compact" && styles.compact)}>
        {eyebrow && <div className={styles.eyebrow}>{eyebrow}</div>}
        <Heading id={headingId} className={cx(styles.name, nameSize === "md" && styles.nameMd, nameClassName)}>
          {to ? (
            <Link to={to} className={styles.link}>
              {name}
            </Link>
          ) : (
            name
          )}
        </Heading>
        {children}
      </div>
    </article>
  );
}

/** The track's description, cut after three lines. */
export function TrackCardDescription({ children }: { children: ReactNode }) {
  return <p className={styles.description}>{children}</p>;
}
