import type { ButtonHTMLAttributes } from "react";
import { Link, type LinkProps } from "react-router-dom";
import styles from "./Button.module.css";
import { cx } from "./cx.ts";
import { Spinner } from "./Spinner.tsx";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";
export type ButtonSize = "sm" | "md" | "lg";

interface Look {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width of the container, e.g. the submit button of a narrow form. */
  block?: boolean;
}

function buttonClass({ variant = "primary", size = "md", block = false }: Look, ...extra: (string | false | undefined)[]) {
  return cx(styles.button, styles[variant], size !== "md" && styles[size], block && styles.block, ...extra);
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, Look {
  /** Shows a spinner and blocks clicks while an action runs. */
  loading?: boolean;
}

export function Button({ variant, size, block, loading = false, disabled, className, children, type = "button", ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass({ variant, size, block }, loading && styles.loading, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner size="sm" label={null} className={styles.spinner} />}
      <span className={styles.label}>{children}</span>
    </button>
  );
}

/** A link that looks like a button: navigation stays a link for assistive technology and middle-click. */
export function ButtonLink({ variant, size, block, className, ...rest }: LinkProps & Look) {
  return <Link className={buttonClass({ variant, size, block }, className)} {...rest} />;
}
