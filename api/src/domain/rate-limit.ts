import type { PrismaClient } from "../db/client.ts";
import type { DomainServices as Services } from "./deps.ts";
import { RateLimitError } from "./errors.ts";

export interface Limit {
  /** How many hits a window allows. */
  max: number;
  windowMs: number;
  message?: string;
}

/** The limits in one place, so they can be read (and reasoned about) together. */
export const LIMITS = {
  loginPerIp: { max: 30, windowMs: 5 * 60_000 },
  /**
   * Failed logins per account and client address within the window; reaching the max locks that address out of the
   * account (see LOGIN_LOCKOUT). The owner, at another address, can still log in.
   */
  loginFailuresPerAccount: { max: 10, windowMs: 15 * 60_000 },
  /**
   * Failed logins per account from all addresses together: the backstop against guessing spread over many addresses
   * (10 a address would otherwise allow unbounded guesses). Reaching it locks the account for everyone, with the
   * same growing delays; the owner is mailed an unlock link.
   */
  loginFailuresPerAccountAllAddresses: { max: 100, windowMs: 60 * 60_000 },
  /** Unlock-link mails per account: one per first lockout's length, however many addresses get locked out. */
  unlockMailPerAccount: { max: 1, windowMs: 15 * 60_000 },
  signupPerIp: { max: 10, windowMs: 60 * 60_000 },
  codeVerifyPerIp: { max: 30, windowMs: 10 * 60_000 },
  codeResendPerEmail: { max: 1, windowMs: 60_000, message: "Please wait a minute before requesting a new code." },
  codeResendPerIp: { max: 20, windowMs: 60 * 60_000 },
  forgotPerEmail: { max: 3, windowMs: 60 * 60_000 },
  forgotPerIp: { max: 20, windowMs: 60 * 60_000 },
  /** Checkouts a learner may start; a repeated one gets the open invoice's payment page anyway. */
  checkoutPerLearner: { max: 10, windowMs: 60_000, message: "Too many checkout attempts. Please wait a minute and try again." },
  /** Coupon codes a learner may try on the checkout page (guessing codes one by one is slowed to a crawl). */
  couponQuotePerLearner: { max: 30, windowMs: 10 * 60_000, message: "Too many coupon tries. Please wait a few minutes and try again." },
  /**
   * Quiz tries that are scored but not kept (a free-preview quiz, staff trying one), per quiz and per account or
   * address: each answer says which questions were right, so unlimited tries would give the key away.
   */
  quizTriesNotKept: {
    max: 20,
    windowMs: 60 * 60_000,
    message: "You have tried this quiz many times in the last hour. Please wait before trying again.",
  },
} satisfies Record<string, Limit>;

/** A fixed window's state: hits (or failures) counted so far, and when the window ends. */
export interface RateWindow {
  count: number;
  resetAt: Date;
}

/**
 * Counts a hit against `key` in a fixed window kept in the database (shared by every API instance) and throws a
 * RateLimitError once the window's allowance is spent. The windows of the keys in `read` (e.g. an account's failed
 * logins) come back from the same statement, as they were before it, so a request's checks cost one round trip.
 */
export async function hit(
  deps: Pick<Services, "db" | "config">,
  key: string,
  limit: Limit,
  read: string[] = [],
): Promise<Map<string, RateWindow>> {
  const max = limit.max * deps.config.rateLimitScale;
  const rows = await deps.db.prisma.$queryRaw<({ key: string } & RateWindow)[]>`
    WITH "hit" AS (
      INSERT INTO "RateLimit" ("key", "count", "resetAt")
      VALUES (${key}, 1, now() + ${limit.windowMs} * interval '1 millisecond')
      ON CONFLICT ("key") DO UPDATE SET
        "count" = CASE WHEN "RateLimit"."resetAt" <= now() THEN 1 ELSE "RateLimit"."count" + 1 END,
        "resetAt" = CASE WHEN "RateLimit"."resetAt" <= now() THEN EXCLUDED."resetAt" ELSE "RateLimit"."resetAt" END
      RETURNING "key", "count", "resetAt"
    )
    SELECT "key", "count", "resetAt" FROM "hit"
    UNION ALL
    SELECT "key", "count", "resetAt" FROM "RateLimit" WHERE "key" = ANY(${read}::text[])`;
  const own = rows.find((row) => row.key === key);
  if (own && Number(own.count) > max) {
    const retryAfter = Math.max(1, Math.ceil((new Date(own.resetAt).getTime() - Date.now()) / 1000));
    throw new RateLimitError(retryAfter, limit.message);
  }
  return new Map(rows.filter((row) => row !== own).map((row) => [row.key, { count: Number(row.count), resetAt: new Date(row.resetAt) }]));
}

/**
 * Growing delays for an account under password guessing: each lockout lasts twice as long as the one before it
 * (15 min, 30 min, 1 h, ... at most 24 h). Lockouts are remembered until `rememberMs` after the last one; a
 * successful login forgets them.
 */
export const LOGIN_LOCKOUT = { firstMs: 15 * 60_000, maxMs: 24 * 60 * 60_000, rememberMs: 24 * 60 * 60_000 } as const;

export function lockoutMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const wait = minutes <= 90 ? `${minutes} minute${minutes === 1 ? "" : "s"}` : `${Math.ceil(minutes / 60)} hours`;
  return `Too many failed logins. Please wait ${wait} and try again.`;
}

/** How long the n-th lockout (1-based) lasts. */
export function lockoutMs(n: number): number {
  return Math.min(LOGIN_LOCKOUT.firstMs * 2 ** Math.max(0, n - 1), LOGIN_LOCKOUT.maxMs);
}

/** Throws a RateLimitError while an account's failures window (read along with a `hit`) holds a lockout. */
export function checkLockout(failures: RateWindow | undefined, limit: Limit): void {
  if (failures && failures.resetAt > new Date() && failures.count >= limit.max) {
    const retryAfter = Math.max(1, Math.ceil((failures.resetAt.getTime() - Date.now()) / 1000));
    throw new RateLimitError(retryAfter, lockoutMessage(retryAfter));
  }
}

/**
 * Counts a failure against `failuresKey` (a fixed window of `limit.windowMs`). The failure that reaches `limit.max`
 * starts a lockout: the window is extended to the lockout's length, which doubles with each lockout recorded under
 * `lockoutsKey`. Only one request can reach exactly `max` (the counter is incremented atomically); it gets true.
 */
export async function recordFailure(deps: Pick<Services, "db">, failuresKey: string, lockoutsKey: string, limit: Limit): Promise<boolean> {
  const { prisma } = deps.db;
  const rows = await prisma.$queryRaw<{ count: number }[]>`
    INSERT INTO "RateLimit" ("key", "count", "resetAt")
    VALUES (${failuresKey}, 1, now() + ${limit.windowMs} * interval '1 millisecond')
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimit"."resetAt" <= now() THEN 1 ELSE "RateLimit"."count" + 1 END,
      "resetAt" = CASE WHEN "RateLimit"."resetAt" <= now() THEN EXCLUDED."resetAt" ELSE "RateLimit"."resetAt" END
    RETURNING "count"`;
  if (Number(rows[0]?.count) !== limit.max) return false;
  const lockouts = await prisma.$queryRaw<{ count: number }[]>`
    INSERT INTO "RateLimit" ("key", "count", "resetAt")
    VALUES (${lockoutsKey}, 1, now() + ${LOGIN_LOCKOUT.rememberMs} * interval '1 millisecond')
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimit"."resetAt" <= now() THEN 1 ELSE "RateLimit"."count" + 1 END,
      "resetAt" = EXCLUDED."resetAt"
    RETURNING "count"`;
  const duration = lockoutMs(Number(lockouts[0]?.count ?? 1));
  await prisma.$executeRaw`
    UPDATE "RateLimit" SET "resetAt" = now() + ${duration} * interval '1 millisecond' WHERE "key" = ${failuresKey}`;
  return true;
}

/** Forgets keys (e.g. an account's failed logins and lockouts after a successful login), in one statement. */
export async function clear(prisma: PrismaClient, ...keys: string[]): Promise<void> {
  await prisma.rateLimit.deleteMany({ where: { key: { in: keys } } });
}

/** Drops expired windows; called now and then so the table stays small. */
export async function sweepExpired(prisma: PrismaClient): Promise<number> {
  return (await prisma.rateLimit.deleteMany({ where: { resetAt: { lt: new Date() } } })).count;
}
