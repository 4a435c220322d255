import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { Prisma } from "../../db/client.ts";
import { ValidationError } from "../errors.ts";
import { ownerColumn, type Role } from "./directory.ts";

export type CodePurpose = "VERIFY_EMAIL" | "RESET_PASSWORD" | "UNLOCK_ACCOUNT";

/**
 * Wrong tries count against one code only: a new code starts at zero, so five wrong guesses never block the codes
 * sent after them. Guessing stays bounded by the per-address and per-e-mail limits on verifying and resending.
 */
export const CODE_RULES = {
  VERIFY_EMAIL: { ttlMs: 15 * 60_000, maxAttempts: 5 },
  RESET_PASSWORD: { ttlMs: 60 * 60_000, maxAttempts: 5 },
  UNLOCK_ACCOUNT: { ttlMs: 24 * 60 * 60_000, maxAttempts: 1 },
} as const;

export const CODE_MESSAGES = {
  expired: "This code has expired. Please request a new one.",
  invalid: "Invalid OTP. Please check the code and try again.",
  tooManyAttempts: "Too many wrong attempts. Please request a new code later.",
  noCode: "No verification code is pending for this email. Please request a new one.",
  resetInvalid: "This reset link is invalid or has expired. Please request a new one.",
  unlockInvalid: "This unlock link is invalid, has expired or was already used.",
} as const;

const hash = (secret: string) => createHash("sha256").update(secret).digest("hex");

type Tx = Prisma.TransactionClient;

/**
 * Issues a code for an account, voiding any live one of the same purpose. Verification codes are 6 digits from a
 * CSPRNG; reset and unlock tokens are 32 random bytes. Only a hash is stored.
 */
export async function issueCode(
  tx: Tx,
  role: Role,
  accountId: string,
  purpose: CodePurpose,
  signup?: { registration: string; passwordHash: string },
): Promise<{ id: string; secret: string }> {
  const now = new Date();
  await voidCodes(tx, role, accountId, purpose, now);
  const secret = purpose === "VERIFY_EMAIL" ? String(randomInt(0, 1_000_000)).padStart(6, "0") : randomBytes(32).toString("base64url");
  const code = await tx.emailCode.create({
    data: {
      ...{ [ownerColumn(role)]: accountId },
      role,
      purpose,
      codeHash: hash(secret),
      expiresAt: new Date(now.getTime() + CODE_RULES[purpose].ttlMs),
      ...(signup ? { registrationHash: hash(signup.registration), passwordHash: signup.passwordHash } : {}),
    },
  });
  return { id: code.id, secret };
}

/** How long a sign-up's registration token can still pick its password (signup.ts verifyEmail): a day. */
const REGISTRATION_TTL_MS = 24 * 60 * 60_000;

/**
 * The password hash of one of this account's own sign-ups, named by the token the browser that made it kept (null for
 * an unknown, foreign or day-old token). Codes voided by later sign-ups still count: the token is what names it.
 */
export async function registrationPassword(tx: Tx, role: Role, accountId: string, registration: string): Promise<string | null> {
  const code = await tx.emailCode.findFirst({
    where: {
      [ownerColumn(role)]: accountId,
      purpose: "VERIFY_EMAIL",
      registrationHash: hash(registration),
      createdAt: { gt: new Date(Date.now() - REGISTRATION_TTL_MS) },
    },
    select: { passwordHash: true },
  });
  return code?.passwordHash ?? null;
}

/** Voids every live code of one purpose of an account (e.g. reset links once the password has changed). */
export async function voidCodes(tx: Tx, role: Role, accountId: string, purpose: CodePurpose, now = new Date()): Promise<void> {
  await tx.emailCode.updateMany({ where: { [ownerColumn(role)]: accountId, purpose, consumedAt: null }, data: { consumedAt: now } });
}

/**
 * Checks a 6-digit code against the account's live code and consumes it when right. A wrong code counts an attempt
 * (so the caller must commit even then); the fifth wrong attempt kills the code. Call inside a transaction: the
 * code row is locked so concurrent guesses are counted one by one.
 */
export async function checkVerificationCode(
  tx: Tx,
  role: Role,
  accountId: string,
  code: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const live = await tx.emailCode.findFirst({
    where: { [ownerColumn(role)]: accountId, purpose: "VERIFY_EMAIL", consumedAt: null },
    orderBy: { createdAt: "desc" },
    select: { id: true },
  });
  if (!live) return { ok: false, message: CODE_MESSAGES.noCode };
  await tx.$executeRaw`SELECT 1 FROM "EmailCode" WHERE "id" = ${live.id}::uuid FOR UPDATE`;
  const current = await tx.emailCode.findUniqueOrThrow({ where: { id: live.id } });
  if (current.consumedAt) return { ok: false, message: CODE_MESSAGES.noCode };
  if (current.attempts >= CODE_RULES.VERIFY_EMAIL.maxAttempts) return { ok: false, message: CODE_MESSAGES.tooManyAttempts };
  if (current.expiresAt <= new Date()) return { ok: false, message: CODE_MESSAGES.expired };
  if (!sameHash(current.codeHash, hash(code))) {
    await tx.emailCode.update({ where: { id: current.id }, data: { attempts: { increment: 1 } } });
    const left = CODE_RULES.VERIFY_EMAIL.maxAttempts - current.attempts - 1;
    return { ok: false, message: left > 0 ? CODE_MESSAGES.invalid : CODE_MESSAGES.tooManyAttempts };
  }
  await tx.emailCode.update({ where: { id: current.id }, data: { consumedAt: new Date() } });
  return { ok: true };
}

/**
 * Consumes a live link token (reset or unlock) once: of two concurrent uses only one gets the row back. Throws the
 * purpose's "invalid or expired link" error otherwise.
 */
export async function consumeLinkCode(tx: Tx, token: string, purpose: "RESET_PASSWORD" | "UNLOCK_ACCOUNT", invalid: string) {
  const code = await findLinkCode(tx, token, purpose, invalid);
  const consumed = await tx.emailCode.updateMany({ where: { id: code.id, consumedAt: null }, data: { consumedAt: new Date() } });
  if (consumed.count !== 1) throw ValidationError.forField("token", invalid);
  const role = code.role as Role;
  return { role, accountId: (role === "ADMIN" ? code.adminId : code.learnerId) as string };
}

/**
 * What a link's token is now, without using it: live (with when it stops working), used (or voided by a newer link
 * of the same purpose), expired, or unknown. It tells only about the token in hand: nothing about its account.
 */
export async function linkCodeState(
  db: Tx,
  token: string,
  purpose: "RESET_PASSWORD" | "UNLOCK_ACCOUNT",
): Promise<{ state: "live"; expiresAt: Date } | { state: "used" | "expired" | "unknown" }> {
  const code = await db.emailCode.findFirst({ where: { codeHash: hash(token), purpose }, select: { consumedAt: true, expiresAt: true } });
  if (!code) return { state: "unknown" };
  if (code.consumedAt) return { state: "used" };
  if (code.expiresAt <= new Date()) return { state: "expired" };
  return { state: "live", expiresAt: code.expiresAt };
}

async function findLinkCode(tx: Tx, token: string, purpose: "RESET_PASSWORD" | "UNLOCK_ACCOUNT", invalid: string) {
  const code = await tx.emailCode.findFirst({ where: { codeHash: hash(token), purpose } });
  if (!code || code.consumedAt || code.expiresAt <= new Date()) throw ValidationError.forField("token", invalid);
  return code;
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}
