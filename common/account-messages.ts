/**
 * The accounts' messages (docs/product.md, Validation and Texts) as plain strings: what the server's rules answer
 * (common/accounts.ts, api/src/domain/accounts/) and what the sign-up, login, OTP, reset and profile forms say when
 * they check the same thing first. Apart from accounts.ts, so that a form that checks without zod (login, OTP, a
 * reset request) takes the words without taking zod.
 */

/** "First name is required": a required name or field, by its label. */
export const requiredMessage = (label: string) => `${label} is required`;

export const ACCOUNT_MESSAGES = {
  emailRequired: "Email is required",
  emailInvalid: "Email is invalid",
  /** The reset request's own wording for an address it cannot use. */
  resetEmailInvalid: "Please enter a valid email address",
  passwordRequired: "Password is required",
  passwordTooShort: "Password must be at least 8 characters",
  passwordTooLong: "Password must be at most 1024 characters",
  passwordRule: "Password must include uppercase, lowercase, number and special character",
  /** The admin and learner forms word the mismatch differently (docs/product.md, Validation). */
  passwordMismatch: { ADMIN: "Passwords do not match", LEARNER: "Passwords do not match." },
  contactRequired: "Contact number is required",
  invalidPhone: "Please enter a valid phone number.",
  /** The admin OTP form's and the server's wording (the learner's OTP page ends it with a full stop). */
  otp: "OTP must be 6 digits",
} as const;

/** The learner's profile (api/src/domain/accounts/profile.ts and the portal's settings form). */
export const PROFILE_MESSAGES = {
  descriptionRequired: "Description is required.",
  mismatch: "New passwords do not match.",
  wrongCurrent: "Current password is incorrect.",
  success: "Profile updated successfully!",
} as const;
