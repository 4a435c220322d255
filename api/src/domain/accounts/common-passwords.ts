import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * The most common passwords (zxcvbn-ts's ranked list, which includes every entry of the usual top-1,000 lists),
 * compared case-insensitively: "Password1!" is as guessable as "password1!".
 */
const COMMON = new Set((dictionary["passwords-common"] as string[]).slice(0, 10_000).map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
