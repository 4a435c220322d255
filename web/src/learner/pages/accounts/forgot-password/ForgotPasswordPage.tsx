import { type FormEvent, useState } from "react";
import { graphql } from "react-relay/hooks";
import { Link } from "react-router-dom";
import { AuthForm } from "../../../../shared/auth/AuthForm.tsx";
import { resetEmailProblem } from "../../../../shared/auth/email.ts";
import { useAsyncMutation } from "../../../../shared/relay/useAsyncMutation.ts";
import { Alert } from "../../../../shared/ui/Alert.tsx";
import { Button, ButtonLink } from "../../../../shared/ui/Button.tsx";
import { TextField } from "../../../../shared/ui/Field.tsx";
import styles from "../../../forms/forms.module.css";
import { AuthCard } from "../../../layout/AuthCard.tsx";
import type { ForgotPasswordPageMutation } from "./__generated__/ForgotPasswordPageMutation.graphql.ts";

const mutation = graphql`
  mutation ForgotPasswordPageMutation($input: EmailInput!) {
    requestPasswordReset(input: $input) {
      __typename
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

/** idle -> sending -> sent (the form gives way to a success banner) or error (docs/product.md, Learner pages). */
type State = { step: "idle" } | { step: "sending" } | { step: "sent"; email: string } | { step: "error"; message: string };

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState(() => localStorage.getItem("resetEmail") ?? "");
  const [emailError, setEmailError] = useState<string | null>(null);
  const [state, setState] = useState<State>({ step: "idle" });
  const [requestReset] = useAsyncMutation<ForgotPasswordPageMutation>(mutation);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    const problem = resetEmailProblem(address);
    if (problem) {
      setEmailError(problem);
      return;
    }
    setState({ step: "sending" });
    try {
      const { requestPasswordReset: result } = await requestReset({ variables: { input: { email: address } } });
      if (result.__typename === "MessagePayload") {
        localStorage.setItem("resetEmail", address);
        setState({ step: "sent", email: address });
      } else {
        setState({ step: "error", message: result.failure?.message || "Failed to send reset email. Please try again." });
      }
    } catch {
      setState({ step: "error", message: "Network error. Please check your connection and try again." });
    }
  };

  if (state.step === "sent") {
    return (
      <AuthCard title="Forgot password">
        <Alert tone="success" title="Reset link sent! Check your inbox.">
          If an account exists for <strong>{state.email}</strong>, we sent it a link to choose a new password. The link works once, for one
          hour.
        </Alert>
        <ButtonLink to="/learner-login" variant="secondary" block>
          Back to Login
        </ButtonLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot password"
      description="Enter the email you signed up with and we will send you a link to reset your password."
      footer={
        <>
          Remembered it? <Link to="/learner-login">Back to login</Link>
        </>
      }
    >
      <AuthForm onSubmit={submit} notice={state.step === "error" ? state.message : null}>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          error={emailError}
          onChange={(e) => {
            setEmail(e.target.value);
            setEmailError(null);
          }}
        />
        <div className={styles.actions}>
          <Button type="submit" size="lg" block loading={state.step === "sending"}>
            Send Reset Link
          </Button>
        </div>
      </AuthForm>
    </AuthCard>
  );
}
