import type { PrismaClient } from "../db/client.ts";
import type { Services } from "../services.ts";
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
  loginFailuresPerAccount: { max: 10, windowMs: 15 * 60_000, message: "Too many failed logins. Please wait 15 minutes and try again." },
  signupPerIp: { max: 10, windowMs: 60 * 60_000 },
  codeVerifyPerIp: { max: 30, windowMs: 10 * 60_000 },
  codeResendPerEmail: { max: 1, windowMs: 60_000, message: "Please wait a minute before requesting a new code." },
  codeResendPerIp: { max: 20, windowMs: 60 * 60_000 },
  forgotPerEmail: { max: 3, windowMs: 60 * 60_000 },
  forgotPerIp: { max: 20, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

/**
 * Counts a hit against `key` in a fixed window kept in the database (shared by every API instance) and throws a
 * RateLimitError once the window's allowance is spent.
 */
export async function hit(deps: Pick<Services, "db" | "config">, key: string, limit: Limit): Promise<void> {
  const max = limit.max * deps.config.rateLimitScale;
  const rows = await deps.db.prisma.$queryRaw<{ count: number; resetAt: Date }[]>`
    INSERT INTO "RateLimit" ("key", "count", "resetAt")
    VALUES (${key}, 1, now() + ${limit.windowMs} * interval '1 millisecond')
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimit"."resetAt" <= now() THEN 1 ELSE "RateLimit"."count" + 1 END,
      "resetAt" = CASE WHEN "RateLimit"."resetAt" <= now() THEN EXCLUDED."resetAt" ELSE "RateLimit"."resetAt" END
    RETURNING "count", "resetAt"`;
  const row = rows[0];
  if (row && row.count > max) {
    const retryAfter = Math.max(1, Math.ceil((new Date(row.resetAt).getTime() - Date.now()) / 1000));
    throw new RateLimitError(retryAfter, limit.message);
  }
}

/** Forgets a key (e.g. an account's failed logins after a successful one). */
export async function clear(prisma: PrismaClient, key: string): Promise<void> {
  await prisma.rateLimit.deleteMany({ where: { key } });
}

/** Drops expired windows; called now and then so the table stays small. */
export async function sweepExpired(prisma: PrismaClient): Promise<number> {
  return (await prisma.rateLimit.deleteMany({ where: { resetAt: { lt: new Date() } } })).count;
}
