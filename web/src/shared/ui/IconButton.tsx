import type { ButtonHTMLAttributes, ReactNode } from "react";
import { cx } from "./cx.ts";
import styles from "./IconButton.module.css";

interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "children" | "aria-label"> {
  /** The accessible name, also shown as a tooltip, e.g. 'Edit invoice for Ada Nwosu'. */
  label: string;
  /** An icon from icons.tsx. */
  children: ReactNode;
  tone?: "neutral" | "danger" | "primary";
}

/** A square button showing only an icon (row actions, toolbar actions); its label names it for everyone. */
export function IconButton({ label, tone = "neutral", className, type = "button", title, children, ...rest }: IconButtonProps) {
  return (
    <button type={type} className={cx(styles.button, styles[tone], className)} aria-label={label} title={title ?? label} {...rest}>
      {children}
    </button>
  );
}
