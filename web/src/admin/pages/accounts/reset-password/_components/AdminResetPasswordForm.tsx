import { type FormEvent, useState } from "react";
import { graphql } from "react-relay/hooks";
import { Link } from "react-router-dom";
import { fieldMessages, passwordRule } from "../../../../../../../common/accounts.ts";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { useResetLink } from "../../../../../shared/session/useResetLink.ts";
import { Alert } from "../../../../../shared/ui/Alert.tsx";
import { Button, ButtonLink } from "../../../../../shared/ui/Button.tsx";
import { PasswordField } from "../../../../../shared/ui/PasswordField.tsx";
import { Spinner } from "../../../../../shared/ui/Spinner.tsx";
import { AuthCard } from "../../../../components/AuthCard.tsx";
import { failureOf, thrownMessage } from "../../../../components/failures.ts";
import formStyles from "../../../../components/forms.module.css";
import { type FieldErrors, pickFieldErrors, useFormFields } from "../../../../components/useFormFields.ts";
import type { AdminResetPasswordFormMutation } from "./__generated__/AdminResetPasswordFormMutation.graphql.ts";

export const RESET_MESSAGES = {
  password: "Password is required",
  passwordShort: "Password must be at least 8 characters",
  mismatch: "Passwords do not match",
  failed: "Failed to reset password.",
  network: "Network error. Please check your connection and try again.",
  success: "Your password has been reset. You can now log in.",
  missingToken: "This reset link is incomplete. Ask for a new one below.",
} as const;

const mutation = graphql`
  mutation AdminResetPasswordFormMutation($input: ResetPasswordInput!) {
    resetPassword(input: $input) {
      __typename
      ... on MessagePayload {
        message
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

type Fields = { password: string; confirmPassword: string };

function validate({ password, confirmPassword }: Fields): FieldErrors<Fields> {
  const errors: FieldErrors<Fields> = {};
  // The server's password rule and messages (common/accounts.ts).
  const rule = fieldMessages(passwordRule, password).input;
  if (rule) errors.password = rule;
  if (password !== confirmPassword) errors.confirmPassword = RESET_MESSAGES.mismatch;
  return errors;
}

/** Sets a new password with the single-use token from the e-mailed link. */
export function AdminResetPasswordForm({ token }: { token: string }) {
  const form = useFormFields<Fields>({ password: "", confirmPassword: "" });
  const [error, setError] = useState<string | null>(null);
  const [linkBroken, setLinkBroken] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [reset, isInFlight] = useAsyncMutation<AdminResetPasswordFormMutation>(mutation);
  // A used, replaced or expired link says so before the form is filled (not once done: the link is used by then).
  const link = useResetLink(token || null);

  if (!token) {
    return (
      <AuthCard title="Reset your password">
        <div className={formStyles.form}>
          <Alert tone="error">{RESET_MESSAGES.missingToken}</Alert>
          <ButtonLink to="/forgot-password" size="lg" block>
            Send a new reset link
          </ButtonLink>
        </div>
      </AuthCard>
    );
  }

  if (done) {
    return (
      <AuthCard title="Password reset">
        <div className={formStyles.form}>
          <Alert tone="success">{done}</Alert>
          <ButtonLink to="/" size="lg" block>
            Back to Login
          </ButtonLink>
        </div>
      </AuthCard>
    );
  }

  if (link.state === "checking") {
    return (
      <AuthCard title="Reset your password">
        <Spinner label="Checking your reset link..." />
      </AuthCard>
    );
  }

  if (link.state === "bad") {
    return (
      <AuthCard title="Reset your password">
        <div className={formStyles.form}>
          <Alert tone="error">{link.reason}</Alert>
          <ButtonLink to="/forgot-password" size="lg" block>
            Send a new link
          </ButtonLink>
        </div>
      </AuthCard>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isInFlight) return;
    setError(null);
    const errors = validate(form.values);
    form.showErrors(errors);
    if (Object.keys(errors).length > 0) return;
    try {
      const { resetPassword: result } = await reset({ variables: { input: { token, ...form.values } } });
      const failure = failureOf(result, RESET_MESSAGES.failed);
      if (failure) {
        form.showErrors(pickFieldErrors<Fields>(failure.fieldErrors, ["password", "confirmPassword"]));
        setLinkBroken(Boolean(failure.fieldErrors.token));
        setError(failure.message);
        return;
      }
      localStorage.removeItem("resetEmail");
      setDone(result.message || RESET_MESSAGES.success);
    } catch (failure) {
      setError(thrownMessage(failure, { fallback: RESET_MESSAGES.failed, network: RESET_MESSAGES.network }));
    }
  };

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Pick a strong password you do not use anywhere else."
      footer={
        <p>
          <Link to="/">Back to Login</Link>
        </p>
      }
    >
      <form ref={form.formRef} className={formStyles.form} onSubmit={submit} noValidate>
        {error && (
          <Alert tone="error">
            {error}
            {linkBroken && (
              <>
                {" "}
                <Link to="/forgot-password">Send a new reset link</Link>
              </>
            )}
          </Alert>
        )}
        <PasswordField
          label="New password"
          autoComplete="new-password"
          placeholder="Must include uppercase, lowercase, number and special character"
          hint="At least 8 characters, with uppercase, lowercase, a number and a special character."
          meter
          required
          {...form.field("password")}
        />
        <PasswordField label="Confirm new password" autoComplete="new-password" required {...form.field("confirmPassword")} />
        <Button type="submit" size="lg" block loading={isInFlight}>
          Reset password
        </Button>
      </form>
    </AuthCard>
  );
}
