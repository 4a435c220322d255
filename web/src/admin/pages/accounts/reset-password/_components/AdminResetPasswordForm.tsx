import { type FormEvent, useState } from "react";
import { graphql } from "react-relay/hooks";
import { Link } from "react-router-dom";
import { ACCOUNT_MESSAGES } from "../../../../../../../common/account-messages.ts";
import { fieldMessages, passwordRule } from "../../../../../../../common/accounts.ts";
import { NewPasswordFields } from "../../../../../shared/auth/AuthFields.tsx";
import { AuthForm } from "../../../../../shared/auth/AuthForm.tsx";
import { LinkProblem, ResetLinkGate } from "../../../../../shared/auth/ResetLinkGate.tsx";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { Alert } from "../../../../../shared/ui/Alert.tsx";
import { Button, ButtonLink } from "../../../../../shared/ui/Button.tsx";
import { AuthCard } from "../../../../components/AuthCard.tsx";
import { failureOf, thrownMessage } from "../../../../components/failures.ts";
import formStyles from "../../../../components/forms.module.css";
import { type FieldErrors, pickFieldErrors, useFormFields } from "../../../../components/useFormFields.ts";
import type { AdminResetPasswordFormMutation } from "./__generated__/AdminResetPasswordFormMutation.graphql.ts";

export const RESET_MESSAGES = {
  password: ACCOUNT_MESSAGES.passwordRequired,
  passwordShort: ACCOUNT_MESSAGES.passwordTooShort,
  mismatch: ACCOUNT_MESSAGES.passwordMismatch.ADMIN,
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

  // Once done the link is used: the page says so instead of checking it again.
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
    <ResetLinkGate
      token={token}
      card={AuthCard}
      title="Reset your password"
      missing={<LinkProblem message={RESET_MESSAGES.missingToken} action="Send a new reset link" />}
    >
      <AuthCard
        title="Choose a new password"
        subtitle="Pick a strong password you do not use anywhere else."
        footer={
          <p>
            <Link to="/">Back to Login</Link>
          </p>
        }
      >
        <AuthForm formRef={form.formRef} onSubmit={submit}>
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
          <NewPasswordFields
            password={form.field("password")}
            confirm={form.field("confirmPassword")}
            placeholder="Must include uppercase, lowercase, number and special character"
            hint="At least 8 characters, with uppercase, lowercase, a number and a special character."
          />
          <Button type="submit" size="lg" block loading={isInFlight}>
            Reset password
          </Button>
        </AuthForm>
      </AuthCard>
    </ResetLinkGate>
  );
}
