import { randomBytes } from "node:crypto";
import type { TestApp } from "./app.ts";

/** Helpers for the accounts tests: REST calls, reading mails from the outbox, and ready-made verified accounts. */

export const PASSWORD = "Str0ng!Passw0rd";

let counter = 0;
/** A fresh, unique e-mail address (rate limits and uniqueness are per address). */
export function uniqueEmail(label = "user"): string {
  counter += 1;
  return `${label}-${counter}-${randomBytes(3).toString("hex")}@example.com`;
}

export interface RestAnswer<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/**
 * Calls the REST facade; a plain object body is sent as JSON, anything else (FormData, string) as is. `from` is the
 * client address (another loopback address, e.g. 127.0.0.2; string bodies only with it).
 */
export async function rest<T = any>(
  app: TestApp,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; from?: string } = {},
): Promise<RestAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || typeof options.body === "string" || options.body instanceof Uint8Array) {
    body = options.body as BodyInit;
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const res = await app.fetch(path, { method, headers, body, localAddress: options.from });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON; keep the text.
  }
  return { status: res.status, headers: res.headers, body: parsed as T };
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
    password: PASSWORD,
    confirmPassword: PASSWORD,
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
  const token = await login(app, account.email, account.password);
  return { ...account, token };
}

export async function login(app: TestApp, email: string, password: string): Promise<string> {
  const res = await rest(app, "POST", "/api/auth/login", { body: { email, password } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

/** Forgets every rate-limit window, so tests that do not test limits do not trip over each other's hits. */
export async function resetRateLimits(app: TestApp): Promise<void> {
  await app.services.db.prisma.rateLimit.deleteMany();
}
