import { type FormEvent, useState } from "react";
import { graphql } from "react-relay/hooks";
import { Link, useNavigate } from "react-router-dom";
import { z } from "zod";
import { ACCOUNT_MESSAGES, requiredMessage } from "../../../../../../common/account-messages.ts";
import { email, fieldMessages, name, passwordRule } from "../../../../../../common/accounts.ts";
import { useAsyncMutation } from "../../../../shared/relay/useAsyncMutation.ts";
import { rememberSignup } from "../../../../shared/session/signup.ts";
import { Alert } from "../../../../shared/ui/Alert.tsx";
import { Button } from "../../../../shared/ui/Button.tsx";
import { TextField } from "../../../../shared/ui/Field.tsx";
import { PasswordField } from "../../../../shared/ui/PasswordField.tsx";
import styles from "../../../forms/forms.module.css";
import { type FieldErrors, serverFieldErrors, useFields } from "../../../forms/forms.ts";
import { AuthCard } from "../../../layout/AuthCard.tsx";
import type { SignupPageMutation } from "./__generated__/SignupPageMutation.graphql.ts";

const mutation = graphql`
  mutation SignupPageMutation($input: SignUpInput!) {
    signUpLearner(input: $input) {
      __typename
      ... on SignUpPayload {
        email
        registration
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

const fields = ["firstName", "lastName", "email", "contact", "password", "confirmPassword"] as const;
type Field = (typeof fields)[number];

const requiredMessages: Record<Field, string> = {
  firstName: requiredMessage("First name"),
  lastName: requiredMessage("Last name"),
  email: ACCOUNT_MESSAGES.emailRequired,
  contact: ACCOUNT_MESSAGES.contactRequired,
  password: ACCOUNT_MESSAGES.passwordRequired,
  confirmPassword: "Please confirm your password",
};

/** The rules the server checks too, with its messages (common/accounts.ts): names, e-mail, the password rule. */
const sharedRules = z.object({ firstName: name("First name"), lastName: name("Last name"), email: email(), password: passwordRule });

/**
 * The learner sign-up rules (docs/product.md, Validation): every field is required, the names, e-mail and password
 * follow the server's rules (the same schemas), and the two passwords must match.
 */
export function validateSignup(values: Record<Field, string>): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const field of fields) if (!values[field].trim()) errors[field] = requiredMessages[field];
  const ruled = fieldMessages(sharedRules, values);
  for (const field of ["firstName", "lastName", "email", "password"] as const) {
    const message = ruled[field];
    if (message && !errors[field]) errors[field] = message;
  }
  if (!errors.password && !errors.confirmPassword && values.password !== values.confirmPassword) {
    errors.confirmPassword = ACCOUNT_MESSAGES.passwordMismatch.LEARNER;
  }
  return errors;
}

export default function SignupPage() {
  const navigate = useNavigate();
  const {
    values,
    showErrors,
    formRef,
    field: bound,
  } = useFields<Record<Field, string>, Field>({
    firstName: "",
    lastName: "",
    email: "",
    contact: "",
    password: "",
    confirmPassword: "",
  });
  const [message, setMessage] = useState<string | null>(null);
  const [signUp, isSigningUp] = useAsyncMutation<SignupPageMutation>(mutation);

  const field = (name: Field) => ({ ...bound(name), required: true });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(null);
    const found = validateSignup(values);
    if (showErrors(found)) return;
    try {
      const input = { ...values, firstName: values.firstName.trim(), lastName: values.lastName.trim(), email: values.email.trim() };
      const { signUpLearner: result } = await signUp({ variables: { input } });
      if (result.__typename === "SignUpPayload" && result.email) {
        rememberSignup(result.email, result.registration);
        navigate("/learner-otp");
        return;
      }
      if (result.failure?.fieldErrors) {
        showErrors(serverFieldErrors(result.failure.fieldErrors, fields));
      }
      setMessage(result.failure?.message || "Sign up failed. Please try again.");
    } catch {
      setMessage("An error occurred. Please check your connection.");
    }
  };

  return (
    <AuthCard
      wide
      title="Create your account"
      description="Sign up to enroll in tracks and follow your courses from your portal."
      footer={
        <>
          Already have an account? <Link to="/learner-login">Log in</Link>
        </>
      }
    >
      <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
        {message && <Alert tone="error">{message}</Alert>}
        <div className={styles.row}>
          <TextField label="First name" autoComplete="given-name" {...field("firstName")} />
          <TextField label="Last name" autoComplete="family-name" {...field("lastName")} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" {...field("email")} />
        <TextField label="Contact number" type="tel" autoComplete="tel" placeholder="+234 800 123 4567" {...field("contact")} />
        <div className={styles.row}>
          <PasswordField
            label="Password"
            autoComplete="new-password"
            hint="At least 8 characters with uppercase, lowercase, a number and a special character."
            meter
            {...field("password")}
          />
          <PasswordField label="Confirm password" autoComplete="new-password" {...field("confirmPassword")} />
        </div>
        <div className={styles.actions}>
          <Button type="submit" size="lg" block loading={isSigningUp}>
            Sign up
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
