import { cx } from "./cx.ts";
import styles from "./Spinner.module.css";

interface SpinnerProps {
  size?: "sm" | "md" | "lg";
  /** Announced to screen readers; `null` when the surrounding control already says it is busy. */
  label?: string | null;
  className?: string;
}

export function Spinner({ size = "md", label = "Loading...", className }: SpinnerProps) {
  return (
    <span className={cx(styles.spinner, styles[size], className)} role={label ? "status" : undefined}>
      <span className={styles.circle} aria-hidden="true" />
      {label && <span className="visually-hidden">{label}</span>}
    </span>
  );
}
