import type { ReactNode } from "react";
import styles from "./Badge.module.css";
import { cx } from "./cx.ts";

interface BadgeProps {
  tone?: "neutral" | "success" | "warning" | "danger" | "info";
  children: ReactNode;
  className?: string;
}

/** A short status label, e.g. an invoice's Paid or Pending; the text carries the meaning, the colour repeats it. */
export function Badge({ tone = "neutral", children, className }: BadgeProps) {
  return <span className={cx(styles.badge, styles[tone], className)}>{children}</span>;
}
