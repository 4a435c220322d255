import { z } from "zod";
import type { Prisma } from "../../db/client.ts";
import type { Services } from "../../services.ts";
import { ForbiddenError, NotAuthenticatedError, ValidationError } from "../errors.ts";
import { hashPassword, verifyPassword } from "../passwords.ts";
import { checkLockout, clear, hit, LIMITS, recordFailure } from "../rate-limit.ts";
import { hashToken, newToken, SESSION_TTL_MS } from "../sessions.ts";
import { type Actor, recordAudit } from "../staff/audit.ts";
import { parseInput, tryParseInput } from "../validation.ts";
import { type AccountRecord, findAccountByEmail, ownerColumn, type Role } from "./directory.ts";

export const LOGIN_MESSAGES = {
  invalid: "Invalid email or password.",
  unverified: "Please verify your email before logging in.",
  disabled: "This account has been disabled.",
  success: "Login successful!",
} as const;

const loginInput = z.object({
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(254, LOGIN_MESSAGES.invalid)
    .transform((v) => v.toLowerCase()),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(1024, LOGIN_MESSAGES.invalid),
});

// Verified against when the e-mail is unknown, so both failures take the same time.
let dummyHash: Promise<string> | undefined;

/** Opens a session for an account, whichever role it has; the token is returned once and stored hashed. */
export async function createSession(tx: Prisma.TransactionClient | Services["db"]["prisma"], role: Role, accountId: string) {
  const token = newToken();
  await tx.session.create({
    data: { tokenHash: hashToken(token), role, [ownerColumn(role)]: accountId, expiresAt: new Date(Date.now() + SESSION_TTL_MS) },
  });
  return token;
}

/** The rate-limit keys of an account's failed logins and of its lockouts. */
const accountKeys = (email: string) => ({ failures: `login-fail:${email}`, lockouts: `login-lockouts:${email}` });

/**
 * Logs in with e-mail and password. Unknown e-mail and wrong password answer alike; failures per account are
 * counted and lock the account out for a while, longer with each lockout (growing delays).
 */
export async function login(deps: Services, raw: unknown, ip: string): Promise<{ token: string; account: AccountRecord }> {
  const { prisma } = deps.db;
  // Every attempt counts against the address, a malformed one too (refused just after). The same statement reads the
  // account's failures and lockouts.
  const email = tryParseInput(loginInput, raw)?.email;
  const read = email ? Object.values(accountKeys(email)) : [];
  const windows = await hit(deps, `login:ip:${ip}`, LIMITS.loginPerIp, read);
  const input = parseInput(loginInput, raw);
  const keys = accountKeys(input.email);
  checkLockout(windows.get(keys.failures), LIMITS.loginFailuresPerAccount);
  const account = await findAccountByEmail(prisma, input.email);
  dummyHash ??= hashPassword("not-a-real-password-Aa1!");
  const ok = await verifyPassword(account?.passwordHash ?? (await dummyHash), input.password);
  if (!account || !ok) {
    if (account?.role === "ADMIN")
      await recordAudit(prisma, staffLoginActor(account, ip, false), { action: "login.failed", entityType: "Admin", entityId: account.id });
    await recordFailure(deps, keys.failures, keys.lockouts, LIMITS.loginFailuresPerAccount);
    throw new ValidationError(LOGIN_MESSAGES.invalid);
  }
  if (account.disabled) throw new ForbiddenError(LOGIN_MESSAGES.disabled);
  if (!account.emailVerifiedAt) throw new ForbiddenError(LOGIN_MESSAGES.unverified);
  // A successful login forgets earlier failures and lockouts; most accounts have none to forget.
  if (windows.has(keys.failures) || windows.has(keys.lockouts)) await clear(prisma, keys.failures, keys.lockouts);
  const token = await createSession(prisma, account.role, account.id);
  if (account.role === "ADMIN")
    await recordAudit(prisma, staffLoginActor(account, ip, true), { action: "login", entityType: "Admin", entityId: account.id });
  return { token, account };
}

/** Who a staff login is recorded as in the audit log; a failed one names the account tried, not an actor. */
function staffLoginActor(account: AccountRecord, ip: string, succeeded: boolean): Actor {
  const role = "staffRole" in account.row ? account.row.staffRole : null;
  return { id: succeeded ? account.id : null, email: account.email, role, ip };
}

/** Revokes the session; the token stops working at once. */
export async function logout(deps: Services, sessionId: string | undefined) {
  if (!sessionId) throw new NotAuthenticatedError();
  await deps.db.prisma.session.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: new Date() } });
  return { message: "Logged out successfully." };
}

/** Revokes every live session of an account (password change or reset, account disabled). */
export async function revokeAllSessions(tx: Prisma.TransactionClient, role: Role, accountId: string) {
  await tx.session.updateMany({ where: { [ownerColumn(role)]: accountId, revokedAt: null }, data: { revokedAt: new Date() } });
}
