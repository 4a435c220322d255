import type { HTMLAttributes } from "react";
import styles from "./Card.module.css";
import { cx } from "./cx.ts";

interface CardProps extends HTMLAttributes<HTMLElement> {
  /** `section` or `article` when the card is a landmark or a self-contained item. */
  as?: "div" | "section" | "article";
  /** Leave out when the content (an image, a table) runs to the edges. */
  padded?: boolean;
}

export function Card({ as: Element = "div", padded = true, className, ...rest }: CardProps) {
  return <Element className={cx(styles.card, padded && styles.padded, className)} {...rest} />;
}
