import type { ReactNode } from "react";
import styles from "./Alert.module.css";
import { cx } from "./cx.ts";
import { AlertCircleIcon, CheckCircleIcon, InfoIcon, XIcon } from "./icons.tsx";

interface AlertProps {
  tone: "success" | "error" | "info";
  title?: ReactNode;
  children?: ReactNode;
  /** Full width without rounded corners, for the top of a page. */
  banner?: boolean;
  onDismiss?: () => void;
  className?: string;
}

const icons = { success: CheckCircleIcon, error: AlertCircleIcon, info: InfoIcon };

/** A message about the outcome of an action. Errors interrupt screen readers; success and info wait their turn. */
export function Alert({ tone, title, children, banner = false, onDismiss, className }: AlertProps) {
  const Icon = icons[tone];
  return (
    <div role={tone === "error" ? "alert" : "status"} className={cx(styles.alert, styles[tone], banner && styles.banner, className)}>
      <Icon className={styles.icon} />
      <div className={styles.text}>
        {title && <p className={styles.title}>{title}</p>}
        {children && <div>{children}</div>}
      </div>
      {onDismiss && (
        <button type="button" className={styles.dismiss} onClick={onDismiss} aria-label="Dismiss">
          <XIcon size={16} />
        </button>
      )}
    </div>
  );
}
