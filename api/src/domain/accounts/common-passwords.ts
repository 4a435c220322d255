import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * The most common passwords (zxcvbn-ts's ranked list, which includes every entry of the usual top-1,000 lists).
 * The list holds mostly plain lower-case words, which our composition rule (upper, lower, digit, special) refuses by
 * itself; what people actually type to satisfy that rule is a common word dressed up: "Password1!", "P@ssw0rd",
 * "Summer2024!". So a password is compared in several normalised forms: lower-cased, with l33t substitutions undone,
 * without separators, and with the digits and symbols around its core stripped.
 */
const COMMON = new Set((dictionary["passwords-common"] as string[]).slice(0, 10_000).map((p) => p.toLowerCase()));

/** l33t substitutions, as "symbol letter" pairs. */
const LEET = new Map("@a 4a 8b (c 3e 6g 1i !i |l 0o $s 5s 7t +t".split(" ").map((pair) => [pair[0], pair[1]]));

const unLeet = (s: string) => s.replace(/[@48(361!|0$57+]/g, (c) => LEET.get(c) ?? c);

/** Digits and symbols around the core: "summer2024!" -> "summer", "!!qwerty123" -> "qwerty". */
const core = (s: string) => s.replace(/^[^a-z]+|[^a-z]+$/g, "");

/** Everything that is not a letter or digit removed: "abc@12345" -> "abc12345". */
const alnum = (s: string) => s.replace(/[^a-z0-9]/g, "");

/**
 * The forms a password is compared in. l33t is undone only inside the core, so "P@ssw0rd1" -> "password" while the
 * "1" of "Password1" stays a digit; cores shorter than 3 letters say nothing and are left out.
 */
export function passwordVariants(password: string): Set<string> {
  const lower = password.toLowerCase();
  const inner = core(lower);
  const plain = core(unLeet(inner));
  const variants = new Set([lower, alnum(lower)]);
  for (const form of [inner, unLeet(inner), plain]) if (form.length >= 3) variants.add(form);
  return variants;
}

export function isCommonPassword(password: string): boolean {
  for (const variant of passwordVariants(password)) if (COMMON.has(variant)) return true;
  return false;
}
