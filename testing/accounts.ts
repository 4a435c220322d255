import { randomBytes } from "node:crypto";
import { createSession } from "../api/src/domain/accounts/login.ts";
import { hashPassword } from "../api/src/domain/accounts/passwords.ts";
import type { Actor } from "../api/src/domain/staff/audit.ts";
import type { StaffRole } from "../api/src/domain/staff/permissions.ts";
import { rest, type TestApp } from "./app.ts";

/**
 * Accounts for tests: ready-made verified accounts made in the database, sign-up through REST with the codes read from
 * the outbox, and logging in. Every account a helper makes has TEST_PASSWORD unless told otherwise.
 */
export const TEST_PASSWORD = "Str0ng!Passw0rd";
let passwordHash: Promise<string> | undefined;

/** A verified learner with a live session, made directly in the database (sign-up itself is tested elsewhere). */
export async function learnerWithToken(app: TestApp, overrides: { firstName?: string; lastName?: string } = {}) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const learner = await app.services.db.prisma.learner.create({
    data: {
      firstName: overrides.firstName ?? "Test",
      lastName: overrides.lastName ?? "Learner",
      email: `learner-${randomBytes(5).toString("hex")}@example.com`,
      contact: "+234 801 000 0000",
      passwordHash: await passwordHash,
      emailVerifiedAt: new Date(),
    },
  });
  return { learner, token: await createSession(app.services.db.prisma, "LEARNER", learner.id) };
}

/**
 * A verified staff account with a live session; an owner unless another role is asked for (null: pending approval).
 */
export async function adminWithToken(app: TestApp, staffRole: StaffRole | null = "OWNER") {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const admin = await app.services.db.prisma.admin.create({
    data: {
      firstName: "Test",
      lastName: "Admin",
      email: `admin-${randomBytes(5).toString("hex")}@example.com`,
      contact: "+234 801 000 0001",
      passwordHash: await passwordHash,
      emailVerifiedAt: new Date(),
      staffRole,
      approvedAt: staffRole ? new Date() : null,
    },
  });
  return { admin, token: await createSession(app.services.db.prisma, "ADMIN", admin.id) };
}

/** A staff account of this role (finance unless another is asked for) as the actor the domain's staff writes take. */
export async function adminActor(app: TestApp, staffRole: StaffRole = "FINANCE"): Promise<Actor> {
  const { admin } = await adminWithToken(app, staffRole);
  return { id: admin.id, email: admin.email, role: staffRole, ip: "127.0.0.1" };
}

let counter = 0;
/** A fresh, unique e-mail address (rate limits and uniqueness are per address). */
export function uniqueEmail(label = "user"): string {
  counter += 1;
  return `${label}-${counter}-${randomBytes(3).toString("hex")}@example.com`;
}

export interface StoredMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: Date;
}

/** Every mail the outbox transport stored for an address, oldest first (after running the queued jobs). */
export async function mailsTo(app: TestApp, to: string): Promise<StoredMail[]> {
  await app.settleJobs();
  return app.services.db.prisma.outboxMail.findMany({ where: { to: to.toLowerCase() }, orderBy: { createdAt: "asc" } });
}

export async function lastMailTo(app: TestApp, to: string): Promise<StoredMail> {
  const mails = await mailsTo(app, to);
  const last = mails.at(-1);
  if (!last) throw new Error(`no mail to ${to}`);
  return last;
}

/** The 6-digit code of a verification mail (from its text part). */
export function codeIn(mail: { text: string }): string {
  const match = /verification code is (\d{6})\b/.exec(mail.text);
  if (!match) throw new Error(`no code in mail: ${mail.text}`);
  return match[1] as string;
}

/** The reset token of a reset-link mail. */
export function resetTokenIn(mail: { text: string }): { link: string; token: string } {
  const match = /(https?:\/\/\S+\/reset-password\?token=(\S+))/.exec(mail.text);
  if (!match) throw new Error(`no reset link in mail: ${mail.text}`);
  return { link: match[1] as string, token: decodeURIComponent(match[2] as string) };
}

export function signUpBody(overrides: Record<string, unknown> = {}) {
  return {
    firstName: "Ada",
    lastName: "Lovelace",
    email: uniqueEmail(),
    contact: "+234 801 234 5678",
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
    ...overrides,
  };
}

export type RoleName = "admin" | "learner";

/** Signs up through REST and returns the e-mail and the code read from the verification mail. */
export async function signUp(app: TestApp, role: RoleName, overrides: Record<string, unknown> = {}) {
  const body = signUpBody(overrides);
  const res = await rest(app, "POST", `/api/auth/signup/${role}`, { body });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  const mail = await lastMailTo(app, body.email);
  return { ...body, email: body.email.toLowerCase(), code: codeIn(mail) };
}

/**
 * Signs up, verifies with the mailed code and logs in; returns the account's e-mail, password and token. A staff
 * account is approved as an owner before it logs in (approval itself is tested in api/src/domain/staff/).
 */
export async function signUpAndVerify(app: TestApp, role: RoleName, overrides: Record<string, unknown> = {}) {
  const account = await signUp(app, role, overrides);
  const verified = await rest(app, "POST", "/api/auth/verify-email", { body: { email: account.email, token: account.code } });
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.status} ${JSON.stringify(verified.body)}`);
  if (role === "admin") await app.services.db.prisma.admin.update({ where: { email: account.email }, data: { staffRole: "OWNER" } });
  const token = await logIn(app, account.email, account.password);
  return { ...account, token };
}

export async function logIn(app: TestApp, email: string, password: string): Promise<string> {
  const res = await rest(app, "POST", "/api/auth/login", { body: { email, password } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

/** Forgets every rate-limit window, so tests that do not test limits do not trip over each other's hits. */
export async function resetRateLimits(app: TestApp): Promise<void> {
  await app.services.db.prisma.rateLimit.deleteMany();
}
