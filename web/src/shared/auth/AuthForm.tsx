import type { FormEvent, ReactNode, Ref } from "react";
import { Alert } from "../ui/Alert.tsx";
import styles from "./AuthForm.module.css";

/** A message above a form's fields: an error (a plain string), or a notice with its tone. */
export type AuthNotice = string | { tone: "success" | "error" | "info"; text: string };

interface AuthFormProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** For the site's field helpers, which move focus to the first invalid field. */
  formRef?: Ref<HTMLFormElement>;
  /** Above the message, e.g. the address a code was sent to. */
  lead?: ReactNode;
  notice?: AuthNotice | null;
  /** The fields and the buttons. */
  children: ReactNode;
}

/**
 * The form of a page before login (log in, e-mail code, forgot and reset password) on both sites: checked by the page
 * itself (`noValidate`), with its one message above the fields. Each site keeps its texts, routes and buttons.
 */
export function AuthForm({ onSubmit, formRef, lead, notice, children }: AuthFormProps) {
  const message = typeof notice === "string" ? (notice ? { tone: "error" as const, text: notice } : null) : notice;
  return (
    <form ref={formRef} className={styles.stack} onSubmit={onSubmit} noValidate>
      {lead}
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      {children}
    </form>
  );
}
