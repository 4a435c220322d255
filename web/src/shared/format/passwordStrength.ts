/**
 * A light strength estimate for the new-password fields, shown as the learner types (the server's own check, with
 * its list of common passwords, is the one that refuses). Length counts most; mixing character classes helps; a
 * run of one character, a keyboard or counting sequence, or a well-known word caps the score.
 */
export type Strength = { score: 0 | 1 | 2 | 3 | 4; label: string };

const LABELS = ["Too weak", "Weak", "Fair", "Good", "Strong"] as const;
const PREDICTABLE = /password|passw0rd|qwert|asdf|zxcv|letmein|welcome|admin|iloveyou|monkey|dragon|learnhub|1234|abcd|(.)\1{2,}/i;

export function passwordStrength(password: string): Strength {
  if (!password) return { score: 0, label: LABELS[0] };
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((pattern) => pattern.test(password)).length;
  let score = 0;
  if (password.length >= 8) score += 1;
  if (password.length >= 12) score += 1;
  if (password.length >= 16) score += 1;
  if (classes >= 3) score += 1;
  if (classes === 4 && password.length >= 10) score += 1;
  if (password.length < 8) score = Math.min(score, 1);
  if (PREDICTABLE.test(password)) score = Math.min(score, 1);
  const capped = Math.min(score, 4) as Strength["score"];
  return { score: capped, label: LABELS[capped] };
}
