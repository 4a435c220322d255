import { type FormEvent, useState } from "react";
import { graphql } from "react-relay/hooks";
import { useNavigate, useSearchParams } from "react-router-dom";
import { fieldMessages, passwordRule } from "../../../../../../common/accounts.ts";
import { useAsyncMutation } from "../../../../shared/relay/useAsyncMutation.ts";
import { useResetLink } from "../../../../shared/session/useResetLink.ts";
import { Alert } from "../../../../shared/ui/Alert.tsx";
import { Button, ButtonLink } from "../../../../shared/ui/Button.tsx";
import { PasswordField } from "../../../../shared/ui/PasswordField.tsx";
import { Spinner } from "../../../../shared/ui/Spinner.tsx";
import styles from "../../../forms/forms.module.css";
import { type FieldErrors, serverFieldErrors, useFields } from "../../../forms/forms.ts";
import { AuthCard } from "../../../layout/AuthCard.tsx";
import type { ResetPasswordPageMutation } from "./__generated__/ResetPasswordPageMutation.graphql.ts";

const mutation = graphql`
  mutation ResetPasswordPageMutation($input: ResetPasswordInput!) {
    resetPassword(input: $input) {
      __typename
      ... on MessagePayload {
        message
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

type Field = "password" | "confirmPassword";

/** The page an e-mailed reset link opens (`/reset-password?token=...`): a new password, once. */
export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const token = search.get("token");
  const { values, setErrors, field } = useFields<{ password: string; confirmPassword: string }, Field>({
    password: "",
    confirmPassword: "",
  });
  const [message, setMessage] = useState<string | null>(null);
  const [reset, isResetting] = useAsyncMutation<ResetPasswordPageMutation>(mutation);
  // A used, replaced or expired link says so before the form is filled.
  const link = useResetLink(token);

  if (!token) {
    return (
      <AuthCard title="Reset password">
        <Alert tone="error">The reset link is incomplete. Ask for a new one.</Alert>
        <ButtonLink to="/forgot-password" block>
          Request a new link
        </ButtonLink>
      </AuthCard>
    );
  }

  if (link.state === "checking") {
    return (
      <AuthCard title="Reset password">
        <Spinner label="Checking your reset link..." />
      </AuthCard>
    );
  }

  if (link.state === "bad") {
    return (
      <AuthCard title="Reset password">
        <div className={styles.form}>
          <Alert tone="error">{link.reason}</Alert>
          <ButtonLink to="/forgot-password" size="lg" block>
            Send a new link
          </ButtonLink>
        </div>
      </AuthCard>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(null);
    const found: FieldErrors<Field> = {};
    // The server's password rule and messages (common/accounts.ts).
    found.password = fieldMessages(passwordRule, values.password).input;
    if (!found.password && values.password !== values.confirmPassword) found.confirmPassword = "Passwords do not match.";
    setErrors(found);
    if (found.password || found.confirmPassword) return;
    try {
      const { resetPassword: result } = await reset({ variables: { input: { token, ...values } } });
      if (result.__typename === "MessagePayload") {
        localStorage.removeItem("resetEmail");
        navigate("/learner-login", { replace: true, state: { notice: result.message } });
        return;
      }
      setErrors(serverFieldErrors(result.failure?.fieldErrors, ["password", "confirmPassword"]));
      setMessage(result.failure?.message || "Could not reset your password. Please try again.");
    } catch {
      setMessage("An error occurred. Please try again.");
    }
  };

  return (
    <AuthCard title="Reset password" description="Choose a new password for your account.">
      <form className={styles.form} onSubmit={submit} noValidate>
        {message && <Alert tone="error">{message}</Alert>}
        <PasswordField
          label="New password"
          autoComplete="new-password"
          required
          hint="At least 8 characters with uppercase, lowercase, a number and a special character."
          meter
          {...field("password")}
        />
        <PasswordField label="Confirm new password" autoComplete="new-password" required {...field("confirmPassword")} />
        <div className={styles.actions}>
          <Button type="submit" size="lg" block loading={isResetting}>
            Reset password
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
