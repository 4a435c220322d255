import type { ReactNode } from "react";
import styles from "./AuthCard.module.css";

interface AuthCardProps {
  /** The page's one h1; also the document title. */
  title: string;
  description?: ReactNode;
  /** Under the card, e.g. "Don't have an account? Sign up". */
  footer?: ReactNode;
  /** Wider card for forms with fields side by side (sign-up). */
  wide?: boolean;
  children: ReactNode;
}

/** The frame of the account pages (login, sign-up, e-mail code, password reset): one centred card. */
export function AuthCard({ title, description, footer, wide = false, children }: AuthCardProps) {
  return (
    <div className={styles.backdrop}>
      <section className={wide ? `${styles.card} ${styles.wide}` : styles.card} aria-labelledby="auth-title">
        <title>{`${title} · LearnHub`}</title>
        <header className={styles.header}>
          <h1 id="auth-title" className={styles.title}>
            {title}
          </h1>
          {description && <p className={styles.description}>{description}</p>}
        </header>
        {children}
      </section>
      {footer && <p className={styles.footer}>{footer}</p>}
    </div>
  );
}
