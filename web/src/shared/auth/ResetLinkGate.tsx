import type { ComponentType, ReactNode } from "react";
import { useResetLink } from "../session/useResetLink.ts";
import { Alert } from "../ui/Alert.tsx";
import { ButtonLink } from "../ui/Button.tsx";
import { Spinner } from "../ui/Spinner.tsx";
import styles from "./AuthForm.module.css";

/** A site's card for the pages before login (its AuthCard), as far as these pages use it. */
export type AuthCardComponent = ComponentType<{ title: string; children: ReactNode }>;

/** Why a reset link cannot be used, and the way to a new one (the site's forgot-password page). */
export function LinkProblem({ message, action }: { message: string; action: string }) {
  return (
    <div className={styles.stack}>
      <Alert tone="error">{message}</Alert>
      <ButtonLink to="/forgot-password" size="lg" block>
        {action}
      </ButtonLink>
    </div>
  );
}

interface ResetLinkGateProps {
  /** From the e-mailed link (`/reset-password?token=...`). */
  token: string | null;
  card: AuthCardComponent;
  /** The card's title until the form shows. */
  title: string;
  /** What an address without a token shows (the site's words). */
  missing: ReactNode;
  /** The form: shown for a usable link, and when the check could not be made (submitting tells the same). */
  children: ReactNode;
}

/**
 * Both sites' reset-password page before its form: an address without a token, then the link's check
 * (shared/session/useResetLink.ts): a used, replaced or expired link says so, with the server's reason, before the
 * form is filled.
 */
export function ResetLinkGate({ token, card: Card, title, missing, children }: ResetLinkGateProps) {
  const link = useResetLink(token);
  if (!token) return <Card title={title}>{missing}</Card>;
  if (link.state === "checking") {
    return (
      <Card title={title}>
        <Spinner label="Checking your reset link..." />
      </Card>
    );
  }
  if (link.state === "bad") {
    return (
      <Card title={title}>
        <LinkProblem message={link.reason} action="Send a new link" />
      </Card>
    );
  }
  return children;
}
