import type { ChangeEvent, ComponentProps } from "react";
import { otpDigits } from "../format/format.ts";
import { TextField } from "../ui/Field.tsx";
import { PasswordField } from "../ui/PasswordField.tsx";

/** What a form's field helper binds to a control: its name, value, message and change. */
interface FieldBinding {
  name?: string;
  value: string;
  error?: string | null;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/** A new password with its rule and strength meter, and its confirmation (both sites' reset-password form). */
export function NewPasswordFields({
  password,
  confirm,
  hint,
  placeholder,
}: {
  password: FieldBinding;
  confirm: FieldBinding;
  /** The password rule, in the site's words. */
  hint: string;
  placeholder?: string;
}) {
  return (
    <>
      <PasswordField label="New password" autoComplete="new-password" placeholder={placeholder} hint={hint} meter required {...password} />
      <PasswordField label="Confirm new password" autoComplete="new-password" required {...confirm} />
    </>
  );
}

type OtpCodeFieldProps = Omit<ComponentProps<typeof TextField>, "label" | "value" | "onChange"> & {
  value: string;
  /** The typed or pasted text with only its digits kept, at most 6 (docs/product.md, Validation). */
  onCodeChange: (code: string) => void;
};

/** The 6-digit code from the sign-up e-mail (both sites' OTP page). */
export function OtpCodeField({ value, onCodeChange, ...field }: OtpCodeFieldProps) {
  return (
    <TextField
      label="Verification code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      required
      {...field}
      value={value}
      onChange={(event) => onCodeChange(otpDigits(event.target.value))}
    />
  );
}
