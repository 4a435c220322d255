import type { ReactNode } from "react";
import { Card } from "../../shared/ui/Card.tsx";
import styles from "./AuthCard.module.css";

interface AuthCardProps {
  /** The page's h1, also the document title. */
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Links under the form, e.g. to sign up or back to login. */
  footer?: ReactNode;
}

/** The card the pages before login sit in: login, sign-up, OTP, forgot and reset password. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <Card as="section" className={styles.card} aria-labelledby="auth-title">
      <title>{`${title} · LearnHub`}</title>
      <header className={styles.header}>
        <h1 id="auth-title" className={styles.title}>
          {title}
        </h1>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
      </header>
      {children}
      {footer && <footer className={styles.footer}>{footer}</footer>}
    </Card>
  );
}
