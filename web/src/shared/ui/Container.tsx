import type { HTMLAttributes } from "react";
import styles from "./Container.module.css";
import { cx } from "./cx.ts";

/** Centres content at the site's reading width with side padding that shrinks on phones. */
export function Container({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx(styles.container, className)} {...rest} />;
}
