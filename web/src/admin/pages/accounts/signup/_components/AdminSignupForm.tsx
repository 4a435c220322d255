import { type FormEvent, useEffect, useState } from "react";
import { graphql } from "react-relay/hooks";
import { useNavigate } from "react-router-dom";
import { z } from "zod";
import { ACCOUNT_MESSAGES, requiredMessage } from "../../../../../../../common/account-messages.ts";
import { email, fieldMessages, name, passwordRule } from "../../../../../../../common/accounts.ts";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { rememberSignup } from "../../../../../shared/session/signup.ts";
import { Alert } from "../../../../../shared/ui/Alert.tsx";
import { Button } from "../../../../../shared/ui/Button.tsx";
import { TextField } from "../../../../../shared/ui/Field.tsx";
import { PasswordField } from "../../../../../shared/ui/PasswordField.tsx";
import { failureOf, thrownMessage } from "../../../../components/failures.ts";
import styles from "../../../../components/forms.module.css";
import { type FieldErrors, pickFieldErrors, useFormFields } from "../../../../components/useFormFields.ts";
import type { AdminSignupFormMutation } from "./__generated__/AdminSignupFormMutation.graphql.ts";

export const SIGNUP_MESSAGES = {
  firstName: requiredMessage("First name"),
  lastName: requiredMessage("Last name"),
  email: ACCOUNT_MESSAGES.emailRequired,
  emailInvalid: ACCOUNT_MESSAGES.emailInvalid,
  contact: ACCOUNT_MESSAGES.contactRequired,
  password: ACCOUNT_MESSAGES.passwordRequired,
  passwordShort: ACCOUNT_MESSAGES.passwordTooShort,
  mismatch: ACCOUNT_MESSAGES.passwordMismatch.ADMIN,
  failed: "Sign up failed.",
  network: "An unexpected error occurred.",
  success: "Account created successfully! Please check your email to verify.",
} as const;

/** After a successful sign-up the OTP page opens after 3 s (docs/product.md, Limits). */
export const OTP_REDIRECT_MS = 3000;

const mutation = graphql`
  mutation AdminSignupFormMutation($input: SignUpInput!) {
    signUpAdmin(input: $input) {
      __typename
      ... on SignUpPayload {
        email
        message
        registration
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

export type SignupFields = {
  firstName: string;
  lastName: string;
  email: string;
  contact: string;
  password: string;
  confirmPassword: string;
};

const FIELDS = ["firstName", "lastName", "email", "contact", "password", "confirmPassword"] as const;

/** The rules the server checks too, with its messages (common/accounts.ts): names, e-mail, the password rule. */
const sharedRules = z.object({ firstName: name("First name"), lastName: name("Last name"), email: email(), password: passwordRule });

/** The checks on submit (docs/product.md, Validation), the names, e-mail and password by the server's own rules. */
export function validateSignup(v: SignupFields): FieldErrors<SignupFields> {
  const ruled = fieldMessages(sharedRules, v);
  const errors: FieldErrors<SignupFields> = {};
  if (ruled.firstName) errors.firstName = ruled.firstName;
  if (ruled.lastName) errors.lastName = ruled.lastName;
  if (ruled.email) errors.email = ruled.email;
  if (!v.contact.trim()) errors.contact = SIGNUP_MESSAGES.contact;
  if (ruled.password) errors.password = ruled.password;
  if (v.password !== v.confirmPassword) errors.confirmPassword = SIGNUP_MESSAGES.mismatch;
  return errors;
}

/** An owner's invitation the sign-up follows: its link's token and the invited address (which cannot be changed). */
export interface SignupInvitation {
  token: string;
  email: string;
}

/**
 * Creates an admin account; the e-mail is remembered as `verificationEmail` for the OTP page. With an invitation the
 * e-mail is the invited one and the token goes along, so the account gets the invitation's role once verified.
 */
export function AdminSignupForm({ invitation }: { invitation?: SignupInvitation } = {}) {
  const navigate = useNavigate();
  const form = useFormFields<SignupFields>({
    firstName: "",
    lastName: "",
    email: invitation?.email ?? "",
    contact: "",
    password: "",
    confirmPassword: "",
  });
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [signUp, isInFlight] = useAsyncMutation<AdminSignupFormMutation>(mutation);

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => navigate("/otp"), OTP_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [success, navigate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isInFlight || success) return;
    setError(null);
    const errors = validateSignup(form.values);
    form.showErrors(errors);
    if (Object.keys(errors).length > 0) return;
    const { firstName, lastName, email, contact, password, confirmPassword } = form.values;
    try {
      const { signUpAdmin: result } = await signUp({
        variables: {
          input: {
            firstName: firstName.trim(),
            lastName: lastName.trim(),
            email: email.trim(),
            contact: contact.trim(),
            password,
            confirmPassword,
            ...(invitation ? { invitation: invitation.token } : {}),
          },
        },
      });
      const failure = failureOf(result, SIGNUP_MESSAGES.failed);
      if (failure) {
        form.showErrors(pickFieldErrors<SignupFields>(failure.fieldErrors, FIELDS));
        setError(failure.message);
        return;
      }
      rememberSignup(result.email ?? email.trim(), result.registration);
      setSuccess(result.message || SIGNUP_MESSAGES.success);
    } catch (failure) {
      setError(thrownMessage(failure, { fallback: SIGNUP_MESSAGES.failed, network: SIGNUP_MESSAGES.network }));
    }
  };

  return (
    <form ref={form.formRef} className={styles.form} onSubmit={submit} noValidate>
      {success && (
        <Alert tone="success" title={success}>
          Taking you to the verification page...
        </Alert>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      <div className={styles.row}>
        <TextField label="First name" autoComplete="given-name" required {...form.field("firstName")} />
        <TextField label="Last name" autoComplete="family-name" required {...form.field("lastName")} />
      </div>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        required
        {...form.field("email")}
        readOnly={invitation !== undefined}
        hint={invitation ? "The address the invitation was sent to." : undefined}
      />
      <TextField label="Contact number" type="tel" autoComplete="tel" placeholder="+234 801 234 5678" required {...form.field("contact")} />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        placeholder="Must include uppercase, lowercase, number and special character"
        hint="At least 8 characters, with uppercase, lowercase, a number and a special character."
        meter
        required
        {...form.field("password")}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        placeholder="Repeat your password"
        required
        {...form.field("confirmPassword")}
      />
      <Button type="submit" size="lg" block loading={isInFlight} disabled={success !== null}>
        Sign up
      </Button>
    </form>
  );
}
