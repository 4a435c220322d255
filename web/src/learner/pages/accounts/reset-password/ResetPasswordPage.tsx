import { type FormEvent, useState } from "react";
import { graphql } from "react-relay/hooks";
import { useNavigate, useSearchParams } from "react-router-dom";
import { ACCOUNT_MESSAGES } from "../../../../../../common/account-messages.ts";
import { fieldMessages, passwordRule } from "../../../../../../common/accounts.ts";
import { NewPasswordFields } from "../../../../shared/auth/AuthFields.tsx";
import { AuthForm } from "../../../../shared/auth/AuthForm.tsx";
import { ResetLinkGate } from "../../../../shared/auth/ResetLinkGate.tsx";
import { useAsyncMutation } from "../../../../shared/relay/useAsyncMutation.ts";
import { Alert } from "../../../../shared/ui/Alert.tsx";
import { Button, ButtonLink } from "../../../../shared/ui/Button.tsx";
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

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!token) return; // the form shows only with one
    setMessage(null);
    const found: FieldErrors<Field> = {};
    // The server's password rule and messages (common/accounts.ts).
    found.password = fieldMessages(passwordRule, values.password).input;
    if (!found.password && values.password !== values.confirmPassword) found.confirmPassword = ACCOUNT_MESSAGES.passwordMismatch.LEARNER;
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
    <ResetLinkGate
      token={token}
      card={AuthCard}
      title="Reset password"
      missing={
        <>
          <Alert tone="error">The reset link is incomplete. Ask for a new one.</Alert>
          <ButtonLink to="/forgot-password" block>
            Request a new link
          </ButtonLink>
        </>
      }
    >
      <AuthCard title="Reset password" description="Choose a new password for your account.">
        <AuthForm onSubmit={submit} notice={message}>
          <NewPasswordFields
            password={field("password")}
            confirm={field("confirmPassword")}
            hint="At least 8 characters with uppercase, lowercase, a number and a special character."
          />
          <div className={styles.actions}>
            <Button type="submit" size="lg" block loading={isResetting}>
              Reset password
            </Button>
          </div>
        </AuthForm>
      </AuthCard>
    </ResetLinkGate>
  );
}
