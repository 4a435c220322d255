import { type FormEvent, useState } from "react";
import { graphql } from "react-relay/hooks";
import { Link } from "react-router-dom";
import { AuthForm } from "../../../../../shared/auth/AuthForm.tsx";
import { RESET_EMAIL_MESSAGES, resetEmailProblem } from "../../../../../shared/auth/email.ts";
import { MutationError, useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { Alert } from "../../../../../shared/ui/Alert.tsx";
import { Button, ButtonLink } from "../../../../../shared/ui/Button.tsx";
import { TextField } from "../../../../../shared/ui/Field.tsx";
import { MailIcon } from "../../../../../shared/ui/icons.tsx";
import { AuthCard } from "../../../../components/AuthCard.tsx";
import { failureOf, httpStatusOf, isNetworkError } from "../../../../components/failures.ts";
import { useFormFields } from "../../../../components/useFormFields.ts";
import type { AdminForgotPasswordFormMutation } from "./__generated__/AdminForgotPasswordFormMutation.graphql.ts";
import styles from "./AdminForgotPasswordForm.module.css";

export const FORGOT_MESSAGES = {
  ...RESET_EMAIL_MESSAGES,
  failedPrefix: "Failed to send reset email. ",
  sent: "Reset link sent! Check your inbox.",
} as const;

const mutation = graphql`
  mutation AdminForgotPasswordFormMutation($input: EmailInput!) {
    requestPasswordReset(input: $input) {
      __typename
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

function failureText(error: unknown): string {
  if (isNetworkError(error)) {
    const detail = error instanceof Error ? error.message : String(error);
    return `Network error: ${detail}. Please check your connection and try again.`;
  }
  const status = httpStatusOf(error);
  const detail = error instanceof MutationError ? error.errors[0]?.message : null;
  return `${FORGOT_MESSAGES.failedPrefix}${detail ?? (status ? `Status: ${status}` : "Please try again.")}`;
}

/** Asks for a reset link; on success the form gives way to the confirmation of docs/product.md, Admin pages, and `resetEmail` is stored. */
export function AdminForgotPasswordForm() {
  const form = useFormFields({ email: "" });
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [requestReset, isInFlight] = useAsyncMutation<AdminForgotPasswordFormMutation>(mutation);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isInFlight) return;
    setError(null);
    const email = form.values.email.trim();
    const problem = resetEmailProblem(email);
    if (problem) return form.showErrors({ email: problem });
    try {
      const { requestPasswordReset: result } = await requestReset({ variables: { input: { email } } });
      const failure = failureOf(result, "");
      if (failure) {
        // The server's message only, in the form's alert: the form never showed its field errors under the field.
        setError(`${FORGOT_MESSAGES.failedPrefix}${failure.message}`);
        return;
      }
      localStorage.setItem("resetEmail", email);
      setSentTo(email);
    } catch (failure) {
      setError(failureText(failure));
    }
  };

  if (sentTo) {
    return (
      <AuthCard title="Check your inbox">
        <div className={styles.sent}>
          <span className={styles.icon}>
            <MailIcon size={24} />
          </span>
          <Alert tone="success" title={FORGOT_MESSAGES.sent}>
            If an account exists for <strong className={styles.email}>{sentTo}</strong>, we have sent it a link to reset the password. The
            link works once, for 1 hour.
          </Alert>
          <ButtonLink to="/" variant="primary" size="lg" block>
            Back to Login
          </ButtonLink>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot password?"
      subtitle="Enter the e-mail you signed up with and we will send you a link to choose a new password."
      footer={
        <p>
          Remembered it? <Link to="/">Back to Login</Link>
        </p>
      }
    >
      <AuthForm formRef={form.formRef} onSubmit={submit} notice={error}>
        <TextField label="Email" type="email" autoComplete="email" placeholder="you@example.com" required {...form.field("email")} />
        <Button type="submit" size="lg" block loading={isInFlight}>
          Send Reset Link
        </Button>
      </AuthForm>
    </AuthCard>
  );
}
