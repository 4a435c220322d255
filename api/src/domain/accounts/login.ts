import { z } from "zod";
import { ACCOUNT_MESSAGES } from "../../../../common/account-messages.ts";
import type { Prisma } from "../../db/client.ts";
import { recordJob } from "../../job-contract.ts";
import { siteUrl } from "../../sites.ts";
import type { DomainServices as Services } from "../deps.ts";
import { ForbiddenError, NotAuthenticatedError, RateLimitError, ValidationError } from "../errors.ts";
import { composeMail } from "../mails/compose.ts";
import { unlockLink } from "../mails/templates.ts";
import { checkLockout, clear, hit, LIMITS, recordFailure } from "../rate-limit.ts";
import { type Actor, recordAudit } from "../staff/audit.ts";
import { parseInput, tryParseInput } from "../validation.ts";
import { CODE_MESSAGES, consumeLinkCode, issueCode } from "./codes.ts";
import { type AccountRecord, findAccount, findAccountByEmail, mailName, ownerColumn, type Role } from "./directory.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { forgetSessions, hashToken, newToken, SESSION_TTL_MS } from "./sessions.ts";

export const LOGIN_MESSAGES = {
  invalid: "Invalid email or password.",
  unverified: "Please verify your email before logging in.",
  disabled: "This account has been disabled.",
  success: "Login successful!",
} as const;

const loginInput = z.object({
  email: z
    .string({ error: ACCOUNT_MESSAGES.emailRequired })
    .trim()
    .min(1, ACCOUNT_MESSAGES.emailRequired)
    .max(254, LOGIN_MESSAGES.invalid)
    .transform((v) => v.toLowerCase()),
  password: z
    .string({ error: ACCOUNT_MESSAGES.passwordRequired })
    .min(1, ACCOUNT_MESSAGES.passwordRequired)
    .max(1024, LOGIN_MESSAGES.invalid),
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

/**
 * The rate-limit keys of an account's failed logins and of its lockouts: per (account, client address), so that
 * someone guessing from one address locks only that address out of the account, not the owner at theirs; and for
 * the account from every address, a much higher ceiling against guessing spread over many addresses.
 */
const accountKeys = (email: string, ip: string) => ({
  failures: `login-fail:${email}:${ip}`,
  lockouts: `login-lockouts:${email}:${ip}`,
  allFailures: `login-fail:${email}`,
  allLockouts: `login-lockouts:${email}`,
});

/**
 * Logs in with e-mail and password. Unknown e-mail and wrong password answer alike; failures are counted per account
 * and address (and per account overall) and lock out for a while, longer with each lockout (growing delays). When a
 * lockout starts, the owner is mailed a link that lifts it.
 */
export async function login(deps: Services, raw: unknown, ip: string): Promise<{ token: string; account: AccountRecord }> {
  const { prisma } = deps.db;
  // Every attempt counts against the address, a malformed one too (refused just after). The same statement reads the
  // account's failures and lockouts.
  const email = tryParseInput(loginInput, raw)?.email;
  const read = email ? Object.values(accountKeys(email, ip)) : [];
  const windows = await hit(deps, `login:ip:${ip}`, LIMITS.loginPerIp, read);
  const input = parseInput(loginInput, raw);
  const keys = accountKeys(input.email, ip);
  checkLockout(windows.get(keys.failures), LIMITS.loginFailuresPerAccount);
  checkLockout(windows.get(keys.allFailures), LIMITS.loginFailuresPerAccountAllAddresses);
  const account = await findAccountByEmail(prisma, input.email);
  dummyHash ??= hashPassword("not-a-real-password-Aa1!");
  const ok = await verifyPassword(account?.passwordHash ?? (await dummyHash), input.password);
  if (!account || !ok) {
    // Not awaited: a wrong password for a staff e-mail must not take longer than for any other (no staff enumeration).
    if (account?.role === "ADMIN") {
      recordAudit(prisma, staffLoginActor(account, ip, false), { action: "login.failed", entityType: "Admin", entityId: account.id }).catch(
        (error) => deps.logger.error({ err: error }, "could not record a failed staff login"),
      );
    }
    const lockedHere = await recordFailure(deps, keys.failures, keys.lockouts, LIMITS.loginFailuresPerAccount);
    const lockedEverywhere = await recordFailure(deps, keys.allFailures, keys.allLockouts, LIMITS.loginFailuresPerAccountAllAddresses);
    if (account && (lockedHere || lockedEverywhere)) await mailUnlockLink(deps, account);
    throw new ValidationError(LOGIN_MESSAGES.invalid);
  }
  if (account.disabled) throw new ForbiddenError(LOGIN_MESSAGES.disabled);
  if (!account.emailVerifiedAt) throw new ForbiddenError(LOGIN_MESSAGES.unverified);
  // A successful login forgets this address's failures and lockouts; most accounts have none to forget. The count
  // over every address stays until its window ends (or the owner's unlock link): one success does not reset it.
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

/**
 * Mails the owner of an account that just got locked a single-use link (24 hours) that lifts every lockout of the
 * account. At most one such mail per account in a lockout's first length, however many addresses get locked out.
 */
async function mailUnlockLink(deps: Services, account: AccountRecord) {
  try {
    await hit(deps, `unlock-mail:${account.email}`, LIMITS.unlockMailPerAccount);
  } catch (error) {
    if (error instanceof RateLimitError) return;
    throw error;
  }
  await deps.db.prisma.$transaction(async (tx) => {
    const code = await issueCode(tx, account.role, account.id, "UNLOCK_ACCOUNT");
    const base = siteUrl(deps.config.publicUrl, deps.config.adminHostPrefix, account.role === "ADMIN" ? "admin" : "learner");
    const link = `${base}/api/auth/unlock?token=${encodeURIComponent(code.secret)}`;
    await recordJob(
      tx,
      "send-mail",
      await composeMail(deps, tx, unlockLink, account.email, { firstName: mailName(account), link }),
      `mail-unlock-${code.id}`,
    );
  });
  deps.jobs.kick();
}

export const UNLOCK_MESSAGE = "Your account is unlocked. You can log in again.";

const unlockInput = z.object({
  token: z.string({ error: CODE_MESSAGES.unlockInvalid }).min(10, CODE_MESSAGES.unlockInvalid).max(200, CODE_MESSAGES.unlockInvalid),
});

/** Uses an unlock link once: the account's failed logins and lockouts, from every address, are forgotten. */
export async function unlockAccount(deps: Services, raw: unknown) {
  const { prisma } = deps.db;
  const input = parseInput(unlockInput, raw);
  const { role, accountId } = await prisma.$transaction((tx) =>
    consumeLinkCode(tx, input.token, "UNLOCK_ACCOUNT", CODE_MESSAGES.unlockInvalid),
  );
  const account = await findAccount(prisma, role, accountId);
  if (account) {
    const all = accountKeys(account.email, "");
    await prisma.rateLimit.deleteMany({
      where: {
        OR: [
          { key: { in: [all.allFailures, all.allLockouts] } },
          { key: { startsWith: all.failures } },
          { key: { startsWith: all.lockouts } },
        ],
      },
    });
  }
  return { message: UNLOCK_MESSAGE };
}

/** Revokes the session; the token stops working at once. */
export async function logout(deps: Services, sessionId: string | undefined) {
  if (!sessionId) throw new NotAuthenticatedError();
  await deps.db.prisma.session.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: new Date() } });
  await forgetSessions(deps, { sessionId });
  return { message: "Logged out successfully." };
}

/**
 * Revokes every live session of an account (password change or reset, account disabled). The caller calls
 * `forgetSessions(deps, { accountId })` once the transaction has committed, so that no instance keeps a copy.
 */
export async function revokeAllSessions(tx: Prisma.TransactionClient, role: Role, accountId: string) {
  await tx.session.updateMany({ where: { [ownerColumn(role)]: accountId, revokedAt: null }, data: { revokedAt: new Date() } });
}
