import { z } from "zod";
import { siteUrl } from "../../http/hosts.ts";
import { recordJob } from "../../jobs/outbox.ts";
import type { Services } from "../../services.ts";
import { ValidationError } from "../errors.ts";
import { hashPassword } from "../passwords.ts";
import { hit, LIMITS } from "../rate-limit.ts";
import { parseInput } from "../validation.ts";
import { checkVerificationCode, issueCode } from "./codes.ts";
import { findAccountByEmail, type Role } from "./directory.ts";
import { alreadyRegisteredMail, verificationCodeMail } from "./mails.ts";
import * as rules from "./rules.ts";

export const SIGNUP_MESSAGE = "Account created successfully! Please check your email to verify.";

const signUpInput = (mismatch: string) =>
  z
    .object({
      firstName: rules.name("First name"),
      lastName: rules.name("Last name"),
      email: rules.email(),
      contact: rules.contact,
      password: rules.newPassword,
      confirmPassword: z.string({ error: mismatch }),
    })
    .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: mismatch });

// The admin and learner forms word the mismatch differently (spec §5).
const MISMATCH = { ADMIN: "Passwords do not match", LEARNER: "Passwords do not match." } as const;

/**
 * Creates an unverified account and mails it a 6-digit code. An e-mail that already has an account gets a
 * "you already have an account" mail instead, and the answer is the same either way, so sign-up reveals nothing.
 */
export async function signUp(deps: Services, role: Role, raw: unknown, ip: string) {
  const { prisma } = deps.db;
  await hit(deps, `signup:ip:${ip}`, LIMITS.signupPerIp);
  const input = parseInput(signUpInput(MISMATCH[role]), raw);
  const existing = await findAccountByEmail(prisma, input.email);
  const passwordHash = await hashPassword(input.password);

  await prisma.$transaction(async (tx) => {
    if (existing) {
      const loginUrl =
        existing.role === "ADMIN"
          ? siteUrl(deps.config.publicUrl, deps.config.adminHostPrefix, "admin")
          : `${deps.config.publicUrl}/learner-login`;
      if (existing.emailVerifiedAt || existing.role !== role) {
        await recordJob(
          tx,
          "send-mail",
          alreadyRegisteredMail(existing.email, existing.firstName, loginUrl),
          `mail-existing-${existing.id}-${Date.now()}`,
        );
        return;
      }
      // Signing up again before verifying sends a new code, and changes nothing else: whoever repeats a sign-up
      // with someone else's address must not get to set that account's password.
      const code = await issueCode(tx, role, existing.id, "VERIFY_EMAIL");
      await recordJob(tx, "send-mail", verificationCodeMail(existing.email, existing.firstName, code.secret), `mail-code-${code.id}`);
      return;
    }
    const data = { firstName: input.firstName, lastName: input.lastName, email: input.email, contact: input.contact, passwordHash };
    const account = role === "ADMIN" ? await tx.admin.create({ data }) : await tx.learner.create({ data });
    const code = await issueCode(tx, role, account.id, "VERIFY_EMAIL");
    await recordJob(tx, "send-mail", verificationCodeMail(input.email, input.firstName, code.secret), `mail-code-${code.id}`);
  });
  deps.jobs.kick();
  return { message: SIGNUP_MESSAGE, email: input.email };
}

const verifyInput = z.object({ email: rules.email(), code: rules.otpCode });

export const VERIFIED_MESSAGE = "Email verified successfully. You can now log in.";

/** Verifies an e-mail with its 6-digit code. */
export async function verifyEmail(deps: Services, raw: unknown, ip: string) {
  const { prisma } = deps.db;
  await hit(deps, `verify:ip:${ip}`, LIMITS.codeVerifyPerIp);
  const input = parseInput(verifyInput, raw);
  const account = await findAccountByEmail(prisma, input.email);
  if (!account) throw ValidationError.forField("code", "No verification code is pending for this email. Please request a new one.");
  if (account.emailVerifiedAt) return { message: "Email already verified. You can log in." };
  const result = await prisma.$transaction(async (tx) => {
    const check = await checkVerificationCode(tx, account.role, account.id, input.code);
    if (check.ok) {
      const data = { emailVerifiedAt: new Date() };
      if (account.role === "ADMIN") await tx.admin.update({ where: { id: account.id }, data });
      else await tx.learner.update({ where: { id: account.id }, data });
    }
    return check;
  });
  if (!result.ok) throw ValidationError.forField("code", result.message);
  return { message: VERIFIED_MESSAGE };
}

const resendInput = z.object({ email: rules.email() });

export const RESEND_MESSAGE = "If this email has an account waiting for verification, a new code has been sent.";

/** Sends a new code (voiding the old one) at most once a minute per e-mail; the answer never says if the account exists. */
export async function resendCode(deps: Services, raw: unknown, ip: string) {
  const { prisma } = deps.db;
  const input = parseInput(resendInput, raw);
  await hit(deps, `resend:ip:${ip}`, LIMITS.codeResendPerIp);
  await hit(deps, `resend:email:${input.email}`, LIMITS.codeResendPerEmail);
  const account = await findAccountByEmail(prisma, input.email);
  if (account && !account.emailVerifiedAt) {
    await prisma.$transaction(async (tx) => {
      const code = await issueCode(tx, account.role, account.id, "VERIFY_EMAIL");
      await recordJob(tx, "send-mail", verificationCodeMail(account.email, account.firstName, code.secret), `mail-code-${code.id}`);
    });
    deps.jobs.kick();
  }
  return { message: RESEND_MESSAGE };
}
