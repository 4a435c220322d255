import { randomBytes } from "node:crypto";
import { z } from "zod";
import { ACCOUNT_MESSAGES } from "../../../../common/account-messages.ts";
import { recordJob, toJobId } from "../../job-contract.ts";
import { siteUrl } from "../../sites.ts";
import type { DomainServices as Services } from "../deps.ts";
import { ValidationError } from "../errors.ts";
import { composeMail } from "../mails/compose.ts";
import { alreadyRegistered, verificationCode } from "../mails/templates.ts";
import { hit, LIMITS } from "../rate-limit.ts";
import { acceptInvitation, checkInvitation, onStaffEmailVerified } from "../staff/staff.ts";
import { parseInput } from "../validation.ts";
import { CODE_MESSAGES, checkVerificationCode, issueCode, registrationPassword } from "./codes.ts";
import { findAccountByEmail, lockEmail, mailName, type Role } from "./directory.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
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

// The admin and learner forms word the mismatch differently (docs/product.md, Validation).
const MISMATCH = ACCOUNT_MESSAGES.passwordMismatch;

/**
 * Creates an unverified account and mails it a 6-digit code. An e-mail that already has a verified account gets a
 * "you already have an account" mail instead, and the answer is the same either way, so sign-up reveals nothing.
 *
 * Signing up again before the e-mail is verified replaces the account's details and voids older codes. Whoever
 * verifies the e-mail proves only the mailbox, not which of the sign-ups was theirs (every code goes to the same
 * mailbox), so a stranger's password must never survive a verification, whichever of the two signed up first: when a
 * repeat sign-up brings another password, the account is contested. Its verification keeps the password of the
 * sign-up whose `registration` token the verifying page sends back (only the browser that made that sign-up has it,
 * and only the mailbox has the code), or else neither password, and mails a link to choose one (verifyEmail). The
 * same password again (a second try, a double click) contests nothing. Every answer carries a registration token, a
 * sign-up of a verified address too, so the answer still tells nothing.
 *
 * Staff (role ADMIN): with an owner's invitation token the account gets the invitation's role when verified;
 * without one it is pending (see domain/staff/staff.ts onStaffEmailVerified). The invitation link was mailed to the
 * address, so a sign-up that holds it speaks for the mailbox: its password is kept and contests nothing.
 */
export async function signUp(deps: Services, role: Role, raw: unknown, ip: string) {
  const { prisma } = deps.db;
  await hit(deps, `signup:ip:${ip}`, LIMITS.signupPerIp);
  const { invitation, ...fields } = (raw ?? {}) as Record<string, unknown>;
  const input = parseInput(signUpInput(MISMATCH[role]), fields);
  const invitationToken = role === "ADMIN" && typeof invitation === "string" && invitation ? invitation : null;
  // A bad invitation is refused whoever the e-mail belongs to, so it tells nothing about accounts.
  if (invitationToken) await checkInvitation(prisma, invitationToken, input.email);
  const seen = await findAccountByEmail(prisma, input.email);
  // Names this sign-up's password for its verification (verifyEmail), from the browser that signed up only.
  const registration = randomBytes(24).toString("base64url");
  // Both hashes before the transaction: a transaction holds a database connection, and on the embedded backend one
  // hash at a time runs (domain/accounts/passwords.ts), so no hash waits while a connection is held.
  const [passwordHash, samePassword] = await Promise.all([
    hashPassword(input.password),
    seen && !seen.emailVerifiedAt ? verifyPassword(seen.passwordHash, input.password) : false,
  ]);

  await prisma.$transaction(async (tx) => {
    await lockEmail(tx, input.email);
    const existing = await findAccountByEmail(tx, input.email);
    // An invited staff account that is not verified yet holds the password of the sign-up that used the invitation:
    // a repeat sign-up without one may not replace it (the invitation's role would go with a stranger's password).
    const invitedAndWaiting = existing?.role === "ADMIN" && "staffRole" in existing.row && existing.row.staffRole !== null;
    if (existing && (existing.emailVerifiedAt || existing.role !== role || (invitedAndWaiting && !invitationToken))) {
      const loginUrl =
        existing.role === "ADMIN"
          ? siteUrl(deps.config.publicUrl, deps.config.adminHostPrefix, "admin")
          : `${deps.config.publicUrl}/learner-login`;
      await recordJob(
        tx,
        "send-mail",
        await composeMail(deps, tx, alreadyRegistered, existing.email, { firstName: mailName(existing), loginUrl }),
        `mail-existing-${existing.id}-${Date.now()}`,
      );
      return;
    }
    const data = { firstName: input.firstName, lastName: input.lastName, email: input.email, contact: input.contact, passwordHash };
    // The invitation is spent only by a sign-up that makes or replaces the account.
    const staffRole = invitationToken ? await acceptInvitation(tx, invitationToken, input.email) : null;
    let accountId: string;
    if (existing) {
      // The password compared outside the lock must still be the account's, or another sign-up came in between.
      const unchanged = samePassword && seen?.id === existing.id && seen.passwordHash === existing.passwordHash;
      const signupContested = !invitationToken && (existing.signupContested || !unchanged);
      accountId = existing.id;
      if (role === "ADMIN")
        await tx.admin.update({ where: { id: existing.id }, data: { ...data, signupContested, ...(staffRole ? { staffRole } : {}) } });
      else await tx.learner.update({ where: { id: existing.id }, data: { ...data, signupContested } });
    } else {
      const account = role === "ADMIN" ? await tx.admin.create({ data: { ...data, staffRole } }) : await tx.learner.create({ data });
      accountId = account.id;
    }
    const code = await issueCode(tx, role, accountId, "VERIFY_EMAIL", { registration, passwordHash });
    await recordJob(
      tx,
      "send-mail",
      await composeMail(deps, tx, verificationCode, input.email, { code: code.secret }),
      `mail-code-${code.id}`,
    );
  });
  deps.jobs.kick();
  return { message: SIGNUP_MESSAGE, email: input.email, registration };
}

const verifyInput = z.object({
  email: rules.email(),
  code: rules.otpCode,
  // The sign-up answer's token, kept by the browser that signed up; anything else is as good as none.
  registration: z.string().max(100).nullish(),
});

export const VERIFIED_MESSAGE = "Email verified successfully. You can now log in.";
export const CONTESTED_MESSAGE =
  "Email verified. This address was signed up more than once, so no password was kept: we have e-mailed you a link to choose one.";

/**
 * Verifies an e-mail with its 6-digit code. An unknown e-mail, an e-mail already verified and a wrong code get the
 * same answer, so the call tells nothing about which addresses have accounts. A contested account (signUp) keeps the
 * password of the sign-up `registration` names; without it, it is verified without a usable password and a reset
 * link is mailed to the address just proven: `choosePassword` says so, for the page to show the message instead of
 * sending the learner to a login that cannot work.
 */
export async function verifyEmail(deps: Services, raw: unknown, ip: string): Promise<{ message: string; choosePassword: boolean }> {
  const { prisma } = deps.db;
  await hit(deps, `verify:ip:${ip}`, LIMITS.codeVerifyPerIp);
  const input = parseInput(verifyInput, raw);
  const seen = await findAccountByEmail(prisma, input.email);
  // A contested account's password is replaced by one nobody knows, hashed like any other so that a login with it
  // costs what any login costs. Hashed before the transaction (see signUp); a sign-up that contests the account after
  // this read voids the codes its owner had, so a code that passes below was read with the flag as it is now.
  const unusableHash = seen?.signupContested && !seen.emailVerifiedAt ? await hashPassword(randomBytes(32).toString("base64url")) : null;
  const result = await prisma.$transaction(async (tx) => {
    await lockEmail(tx, input.email);
    const account = await findAccountByEmail(tx, input.email);
    if (!account || account.emailVerifiedAt) {
      // The same statements as a wrong code for a pending account (find the live code, lock it), on no row.
      await tx.$executeRaw`SELECT 1 FROM "EmailCode" WHERE "id" = ${UNKNOWN_ID}::uuid FOR UPDATE`;
      return { ok: false as const, message: CODE_MESSAGES.invalid };
    }
    const check = await checkVerificationCode(tx, account.role, account.id, input.code);
    if (!check.ok) return check;
    // Contested: the password of the sign-up this browser made, if it names one of this account's; else none.
    const own =
      account.signupContested && input.registration ? await registrationPassword(tx, account.role, account.id, input.registration) : null;
    const contested = account.signupContested && !own;
    if (contested && !unusableHash) throw new Error("a contested sign-up passed verification without its replacement password");
    const passwordHash = own ?? (contested ? unusableHash : null);
    const data = {
      emailVerifiedAt: new Date(),
      ...(account.signupContested ? { signupContested: false } : {}),
      ...(passwordHash ? { passwordHash } : {}),
    };
    if (account.role === "ADMIN") {
      await tx.admin.update({ where: { id: account.id }, data });
      await onStaffEmailVerified(deps, tx, account.id);
    } else await tx.learner.update({ where: { id: account.id }, data });
    if (contested) await recordJob(tx, "password-reset", { email: account.email, anonymous: true }, toJobId("contested", account.id));
    return { ok: true as const, contested };
  });
  deps.jobs.kick();
  if (!result.ok) throw ValidationError.forField("code", result.message);
  return result.contested ? { message: CONTESTED_MESSAGE, choosePassword: true } : { message: VERIFIED_MESSAGE, choosePassword: false };
}

/** A version-0 UUID: names no row (every id is a gen_random_uuid()). */
const UNKNOWN_ID = "00000000-0000-0000-0000-000000000000";

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
      await recordJob(
        tx,
        "send-mail",
        await composeMail(deps, tx, verificationCode, account.email, { code: code.secret }),
        `mail-code-${code.id}`,
      );
    });
    deps.jobs.kick();
  }
  return { message: RESEND_MESSAGE };
}
