/**
 * The account rules the server and the browser forms both check, written once as plain zod schemas with the exact
 * messages of docs/product.md (Validation and Texts): names, e-mail and the new-password rule. The server's domain
 * validation builds on them (api/src/domain/accounts/rules.ts, which adds the checks only it can make, such as the
 * common-password list); the forms run the same schemas, so a rule or its message cannot differ between the two. The
 * messages themselves are plain strings in account-messages.ts, for the forms that check without zod. Like the rest
 * of common/, this imports nothing of ours outside common/; it is imported only by routes that load on demand
 * (sign-up, reset, profile), so zod stays out of the sites' initial bundles.
 */
import { z } from "zod";
import { ACCOUNT_MESSAGES, requiredMessage } from "./account-messages.ts";

/** Names go into mails sent to any address, so they are kept short and may not carry a link. */
export const NAME_MAX = 50;

/**
 * Anything a mail client could turn into a link: a scheme (`https://`), `www.`, an e-mail address or a domain-like
 * word (`evil.com`: a letter or digit, a dot, then two letters). "St. John" and "J.R." are fine.
 */
const LINK_LIKE = /:\/\/|www\.|@|[\p{L}\p{N}-]\.\p{L}{2,}/iu;
/** Control characters (tabs, line breaks, ...) and the invisible marks that reorder text (bidi overrides). */
const CONTROL = /[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/** The same, less the line breaks and tabs a text of several lines may hold. */
const CONTROL_IN_LINES = /[^\P{Cc}\n\r\t]|[\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/**
 * Whether a text holds a character no form field should: for a single-line text any control character (a line
 * break in a business name would reach a mail's subject), for a text of lines any but line breaks and tabs.
 */
export const hasControlCharacters = (value: string, lines = false) => (lines ? CONTROL_IN_LINES : CONTROL).test(value);

/** A name that may be shown in a mail as typed (every name taken since these rules; older ones may not be). */
export const isMailSafeName = (value: string) => value.length <= NAME_MAX && !LINK_LIKE.test(value) && !CONTROL.test(value);

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

export const name = (label: string) =>
  required(requiredMessage(label))
    .max(NAME_MAX, `${label} must be at most ${NAME_MAX} characters`)
    .refine((v) => !CONTROL.test(v), `${label} contains a character that is not allowed.`)
    .refine((v) => !LINK_LIKE.test(v), `${label} cannot contain a web or e-mail address.`);

export const email = (invalid: string = ACCOUNT_MESSAGES.emailInvalid) =>
  z
    .string({ error: ACCOUNT_MESSAGES.emailRequired })
    .trim()
    .min(1, ACCOUNT_MESSAGES.emailRequired)
    .max(254, invalid)
    .pipe(z.email({ error: invalid }))
    .transform((v) => v.toLowerCase());

export const PASSWORD_RULE_MESSAGE = ACCOUNT_MESSAGES.passwordRule;

/** The character classes a new password needs, each tested on its own (the forms show which are still missing). */
export const PASSWORD_CLASSES = [
  { label: "an uppercase letter", test: (p: string) => /[A-Z]/.test(p) },
  { label: "a lowercase letter", test: (p: string) => /[a-z]/.test(p) },
  { label: "a number", test: (p: string) => /\d/.test(p) },
  { label: "a special character", test: (p: string) => /[^A-Za-z0-9]/.test(p) },
] as const;

/**
 * A new password's rule: at least 8 characters with upper, lower, digit and special; long passphrases are fine (no
 * truncation). The server adds the common-password check (its list stays on the server).
 */
export const passwordRule = z
  .string({ error: ACCOUNT_MESSAGES.passwordRequired })
  .min(1, ACCOUNT_MESSAGES.passwordRequired)
  .min(8, ACCOUNT_MESSAGES.passwordTooShort)
  .max(1024, ACCOUNT_MESSAGES.passwordTooLong)
  .refine((p) => PASSWORD_CLASSES.every((c) => c.test(p)), PASSWORD_RULE_MESSAGE);

/** The first message of each field a schema refuses (an empty object when it accepts the values), as forms show them. */
export function fieldMessages(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  const messages: Record<string, string> = {};
  if (result.success) return messages;
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join(".") || "input";
    messages[field] ??= issue.message;
  }
  return messages;
}
