import { z } from "zod";
import { PHONE_PATTERN } from "../../../../common/formats.ts";
import { isCommonPassword } from "./common-passwords.ts";

/** Field rules and the exact messages of docs/product.md, Validation and Texts. */

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/** Names go into mails sent to any address, so they are kept short and may not carry a link. */
export const NAME_MAX = 50;

/**
 * Anything a mail client could turn into a link: a scheme (`https://`), `www.`, an e-mail address or a domain-like
 * word (`evil.com`: a letter or digit, a dot, then two letters). "St. John" and "J.R." are fine.
 */
const LINK_LIKE = /:\/\/|www\.|@|[\p{L}\p{N}-]\.\p{L}{2,}/iu;
/** Control characters (tabs, line breaks, ...) and the invisible marks that reorder text (bidi overrides). */
const CONTROL = /[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** A name that may be shown in a mail as typed (every name taken since these rules; older ones may not be). */
export const isMailSafeName = (value: string) => value.length <= NAME_MAX && !LINK_LIKE.test(value) && !CONTROL.test(value);

export const name = (label: string) =>
  required(`${label} is required`)
    .max(NAME_MAX, `${label} must be at most ${NAME_MAX} characters`)
    .refine((v) => !CONTROL.test(v), `${label} contains a character that is not allowed.`)
    .refine((v) => !LINK_LIKE.test(v), `${label} cannot contain a web or e-mail address.`);

export const email = (invalid = "Email is invalid") =>
  z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(254, invalid)
    .pipe(z.email({ error: invalid }))
    .transform((v) => v.toLowerCase());

export const INVALID_PHONE = "Please enter a valid phone number.";

/** A phone number as the forms take it (docs/product.md, Validation); each form words a missing one its own way. */
export const phoneNumber = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(30, INVALID_PHONE).regex(PHONE_PATTERN, INVALID_PHONE);

/** A staff member's contact number: a phone number with at least 7 digits. */
export const contact = phoneNumber("Contact number is required").refine((v) => (v.match(/\d/g) ?? []).length >= 7, INVALID_PHONE);

export const COMMON_PASSWORD_MESSAGE = "This password is too common. Please choose one that is harder to guess.";

export const PASSWORD_RULE_MESSAGE = "Password must include uppercase, lowercase, number and special character";

/** At least 8 characters with upper, lower, digit and special; long passphrases are fine (no truncation). */
export const newPassword = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .min(8, "Password must be at least 8 characters")
  .max(1024, "Password must be at most 1024 characters")
  .refine((p) => /[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p) && /[^A-Za-z0-9]/.test(p), PASSWORD_RULE_MESSAGE)
  .refine((p) => !isCommonPassword(p), COMMON_PASSWORD_MESSAGE);

export const otpCode = z
  .string({ error: "OTP must be 6 digits" })
  .trim()
  .regex(/^\d{6}$/, "OTP must be 6 digits");

export const gender = z.enum(["MALE", "FEMALE"], { error: "Gender must be Male or Female." });
