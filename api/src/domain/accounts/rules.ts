import { z } from "zod";
import { ACCOUNT_MESSAGES } from "../../../../common/account-messages.ts";
import { passwordRule } from "../../../../common/accounts.ts";
import { PHONE_PATTERN } from "../../../../common/formats.ts";
import { isCommonPassword } from "./common-passwords.ts";

/** Field rules and the exact messages of docs/product.md, Validation and Texts. */

// Names, e-mail and the password rule are shared with the browser forms (common/accounts.ts).
export { email, isMailSafeName, NAME_MAX, name, PASSWORD_RULE_MESSAGE } from "../../../../common/accounts.ts";

export const INVALID_PHONE = ACCOUNT_MESSAGES.invalidPhone;

/** A phone number as the forms take it (docs/product.md, Validation); each form words a missing one its own way. */
export const phoneNumber = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(30, INVALID_PHONE).regex(PHONE_PATTERN, INVALID_PHONE);

/** A staff member's contact number: a phone number with at least 7 digits. */
export const contact = phoneNumber(ACCOUNT_MESSAGES.contactRequired).refine((v) => (v.match(/\d/g) ?? []).length >= 7, INVALID_PHONE);

export const COMMON_PASSWORD_MESSAGE = "This password is too common. Please choose one that is harder to guess.";

/** The shared rule (common/accounts.ts) and, on the server only, not one of the common passwords. */
export const newPassword = passwordRule.refine((p) => !isCommonPassword(p), COMMON_PASSWORD_MESSAGE);

export const otpCode = z
  .string({ error: ACCOUNT_MESSAGES.otp })
  .trim()
  .regex(/^\d{6}$/, ACCOUNT_MESSAGES.otp);

export const gender = z.enum(["MALE", "FEMALE"], { error: "Gender must be Male or Female." });
