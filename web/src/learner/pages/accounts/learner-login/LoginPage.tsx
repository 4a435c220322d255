import { type FormEvent, useEffect, useState } from "react";
import { graphql, useRelayEnvironment } from "react-relay/hooks";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { ACCOUNT_MESSAGES } from "../../../../../../common/account-messages.ts";
import { AuthForm } from "../../../../shared/auth/AuthForm.tsx";
import { useAsyncMutation } from "../../../../shared/relay/useAsyncMutation.ts";
import { Alert } from "../../../../shared/ui/Alert.tsx";
import { Button } from "../../../../shared/ui/Button.tsx";
import { TextField } from "../../../../shared/ui/Field.tsx";
import { PasswordField } from "../../../../shared/ui/PasswordField.tsx";
import styles from "../../../forms/forms.module.css";
import { type FieldErrors, serverFieldErrors, useFields } from "../../../forms/forms.ts";
import { AuthCard } from "../../../layout/AuthCard.tsx";
import { dropLearnerSession, endLearnerSession, startLearnerSession } from "../../../session.ts";
import type { LoginPageMutation } from "./__generated__/LoginPageMutation.graphql.ts";

const mutation = graphql`
  mutation LoginPageMutation($input: LoginInput!) {
    login(input: $input) {
      __typename
      ... on LoginPayload {
        token
        account {
          __typename
          ... on Learner {
            firstName
            lastName
            email
            image
          }
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

type Field = "email" | "password";

/**
 * What other pages hand the login page: a message to show, and a session to end on arrival ("logout": the learner
 * logged out; "ended": the server already ended it, e.g. the account was disabled). Ending it here, off the guarded
 * portal, keeps the portal's guard from redirecting on its own with a "come back afterwards".
 */
export interface LoginPageState {
  notice?: string;
  endSession?: "logout" | "ended";
  /** The address to start the form with, e.g. the one just verified by the OTP page. */
  email?: string;
}

/** Where to go after logging in: back to the guarded page the visitor came from (see RequireLearner), else home. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === "string" && from.startsWith("/") && !from.startsWith("//") ? from : "/";
}

export default function LoginPage() {
  const environment = useRelayEnvironment();
  const navigate = useNavigate();
  const location = useLocation();
  const { notice, endSession, email } = (location.state as LoginPageState | null) ?? {};
  const { values, setErrors, showErrors, formRef, field } = useFields<{ email: string; password: string }, Field>({
    email: typeof email === "string" ? email : "",
    password: "",
  });
  const [message, setMessage] = useState<string | null>(null);
  const [login, isLoggingIn] = useAsyncMutation<LoginPageMutation>(mutation);

  useEffect(() => {
    if (!endSession) return;
    if (endSession === "logout") endLearnerSession(environment);
    else dropLearnerSession(environment);
    // Done once: going back to this history entry later must not end a newer session.
    navigate(".", { replace: true, state: { notice } satisfies LoginPageState });
  }, [endSession, notice, environment, navigate]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(null);
    const found: FieldErrors<Field> = {
      email: values.email.trim() ? undefined : ACCOUNT_MESSAGES.emailRequired,
      password: values.password ? undefined : ACCOUNT_MESSAGES.passwordRequired,
    };
    if (showErrors(found)) return;
    try {
      const { login: result } = await login({ variables: { input: { email: values.email.trim(), password: values.password } } });
      const { account, token } = result;
      if (token && account?.__typename === "Learner") {
        startLearnerSession(environment, token, account);
        navigate(returnPath(location.state), { replace: true });
        return;
      }
      if (token) {
        // An admin account: this site does not keep its session, so the server is asked to end it again.
        fetch("/api/auth/logout", { method: "POST", headers: { authorization: `Bearer ${token}` }, keepalive: true }).catch(
          () => undefined,
        );
        setMessage("Login failed.");
        return;
      }
      setErrors(serverFieldErrors(result.failure?.fieldErrors, ["email", "password"]));
      setMessage(result.failure?.message || "Login failed.");
    } catch {
      setMessage("An error occurred.");
    }
  };

  return (
    <AuthCard
      title="Login"
      description="Welcome back! Log in to continue learning."
      footer={
        <>
          Don't have an account? <Link to="/learners-signup">Sign up</Link>
        </>
      }
    >
      {notice && <Alert tone="success">{notice}</Alert>}
      <AuthForm formRef={formRef} onSubmit={submit} notice={message}>
        <TextField label="Email" type="email" autoComplete="email" required {...field("email")} />
        <PasswordField label="Password" autoComplete="current-password" required {...field("password")} />
        <Link to="/forgot-password" className={styles.inlineLink}>
          Forgot password?
        </Link>
        <div className={styles.actions}>
          <Button type="submit" size="lg" block loading={isLoggingIn}>
            Login
          </Button>
        </div>
      </AuthForm>
    </AuthCard>
  );
}
