import { type FormEvent, useState } from "react";
import { graphql } from "react-relay/hooks";
import { Link, useNavigate } from "react-router-dom";
import { ACCOUNT_MESSAGES } from "../../../../../../../common/account-messages.ts";
import { AuthForm } from "../../../../../shared/auth/AuthForm.tsx";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { adminSession, saveSession } from "../../../../../shared/session/session.ts";
import { Button } from "../../../../../shared/ui/Button.tsx";
import { TextField } from "../../../../../shared/ui/Field.tsx";
import { PasswordField } from "../../../../../shared/ui/PasswordField.tsx";
import { failureOf, thrownMessage } from "../../../../components/failures.ts";
import styles from "../../../../components/forms.module.css";
import { EMAIL_PATTERN, type FieldErrors, pickFieldErrors, useFormFields } from "../../../../components/useFormFields.ts";
import { landingPath } from "../../../../layout/navigation.tsx";
import type { AdminLoginFormMutation } from "./__generated__/AdminLoginFormMutation.graphql.ts";

export const LOGIN_MESSAGES = {
  failed: "Login failed.",
  network: "An unexpected error occurred.",
  success: "Login successful!",
  learnerAccount: "This is a learner account. Learners log in on the learner site; only admins can use the admin console.",
} as const;

const mutation = graphql`
  mutation AdminLoginFormMutation($input: LoginInput!) {
    login(input: $input) {
      __typename
      ... on LoginPayload {
        token
        message
        account {
          __typename
          firstName
          lastName
          email
          image
          ... on Admin {
            status
            permissions
          }
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

type Fields = { email: string; password: string };

function validate({ email, password }: Fields): FieldErrors<Fields> {
  const errors: FieldErrors<Fields> = {};
  if (!email.trim()) errors.email = ACCOUNT_MESSAGES.emailRequired;
  else if (!EMAIL_PATTERN.test(email.trim())) errors.email = ACCOUNT_MESSAGES.emailInvalid;
  if (!password) errors.password = ACCOUNT_MESSAGES.passwordRequired;
  return errors;
}

/** Logs an admin in: stores `token` and `user` and goes to the dashboard, or the first page the account may use. */
export function AdminLoginForm() {
  const navigate = useNavigate();
  const form = useFormFields<Fields>({ email: "", password: "" });
  const [error, setError] = useState<string | null>(null);
  const [login, isInFlight] = useAsyncMutation<AdminLoginFormMutation>(mutation);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isInFlight) return;
    setError(null);
    const errors = validate(form.values);
    form.showErrors(errors);
    if (Object.keys(errors).length > 0) return;
    try {
      const { login: result } = await login({ variables: { input: { email: form.values.email.trim(), password: form.values.password } } });
      const failure = failureOf(result, LOGIN_MESSAGES.failed);
      if (failure) {
        form.showErrors(pickFieldErrors<Fields>(failure.fieldErrors, ["email", "password"]));
        setError(failure.message);
        return;
      }
      const { token, account, message } = result;
      if (!token || !account) throw new Error(LOGIN_MESSAGES.failed);
      if (account.__typename !== "Admin") {
        // The server opened a learner session; close it again rather than leave an unused token alive.
        fetch("/api/auth/logout", { method: "POST", headers: { authorization: `Bearer ${token}` }, keepalive: true }).catch(
          () => undefined,
        );
        setError(LOGIN_MESSAGES.learnerAccount);
        return;
      }
      saveSession(adminSession, token, {
        firstName: account.firstName,
        lastName: account.lastName,
        email: account.email,
        image: account.image,
      });
      // A pending account waits for approval; the others go to the first page their role may use.
      const landing = landingPath({ status: account.status === "ACTIVE" ? "ACTIVE" : "PENDING", permissions: account.permissions ?? [] });
      navigate(landing, { replace: true, state: { flash: message || LOGIN_MESSAGES.success } });
    } catch (failure) {
      setError(thrownMessage(failure, { fallback: LOGIN_MESSAGES.failed, network: LOGIN_MESSAGES.network }));
    }
  };

  return (
    <AuthForm formRef={form.formRef} onSubmit={submit} notice={error}>
      <TextField label="Email" type="email" autoComplete="email" placeholder="you@example.com" required {...form.field("email")} />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        placeholder="Enter your password"
        required
        {...form.field("password")}
      />
      <Link to="/forgot-password" className={styles.inlineLink}>
        Forgot password?
      </Link>
      <Button type="submit" size="lg" block loading={isInFlight}>
        Log in
      </Button>
    </AuthForm>
  );
}
