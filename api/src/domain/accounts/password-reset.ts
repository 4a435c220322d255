import { randomUUID } from "node:crypto";
import { z } from "zod";
import { ACCOUNT_MESSAGES } from "../../../../common/account-messages.ts";
import { recordJob, toJobId } from "../../job-contract.ts";
import { siteUrl } from "../../sites.ts";
import type { DomainServices as Services } from "../deps.ts";
import { NotFoundError } from "../errors.ts";
import { composeMail } from "../mails/compose.ts";
import { resetLink } from "../mails/templates.ts";
import { hit, LIMITS } from "../rate-limit.ts";
import { onStaffEmailVerified } from "../staff/staff.ts";
import { parseInput } from "../validation.ts";
import { CODE_MESSAGES, consumeLinkCode, issueCode, linkCodeState, voidCodes } from "./codes.ts";
import { findAccountByEmail, lockEmail, mailName } from "./directory.ts";
import { revokeAllSessions } from "./login.ts";
import { hashPassword } from "./passwords.ts";
import * as rules from "./rules.ts";
import { forgetSessions } from "./sessions.ts";

export const FORGOT_MESSAGE = "If an account exists for this email, a reset link has been sent.";
export const RESET_MESSAGE = "Your password has been reset. You can now log in.";

const forgotInput = z.object({ email: rules.email(ACCOUNT_MESSAGES.resetEmailInvalid) });

/**
 * Asks for a reset link (mailed by a job, see mailResetLink); answers the same whether or not the account exists.
 * The request itself never looks the account up: known and unknown addresses cost the same statements, so the
 * answer's timing tells nothing either.
 */
export async function requestPasswordReset(deps: Services, raw: unknown, ip: string) {
  await hit(deps, `forgot:ip:${ip}`, LIMITS.forgotPerIp);
  const input = parseInput(forgotInput, raw);
  await hit(deps, `forgot:email:${input.email}`, LIMITS.forgotPerEmail);
  await recordJob(deps.db.prisma, "password-reset", { email: input.email }, toJobId("forgot", randomUUID()));
  deps.jobs.kick();
  return { message: FORGOT_MESSAGE };
}

/**
 * The job behind a reset request: mails a single-use reset link (1 hour) to the account's site if the address has a
 * live account, and does nothing otherwise. A retry (the mail failed) issues a new link, voiding the one before.
 * `anonymous` leaves the name out even of a verified account's mail: a contested sign-up's verification (signup.ts)
 * keeps the details the latest sign-up typed, which may be a stranger's.
 */
export async function mailResetLink(deps: Services, email: string, anonymous = false): Promise<{ sent: boolean }> {
  const { prisma } = deps.db;
  const account = await findAccountByEmail(prisma, email);
  if (!account || account.disabled) return { sent: false };
  const code = await prisma.$transaction((tx) => issueCode(tx, account.role, account.id, "RESET_PASSWORD"));
  const base = siteUrl(deps.config.publicUrl, deps.config.adminHostPrefix, account.role === "ADMIN" ? "admin" : "learner");
  const link = `${base}/reset-password?token=${encodeURIComponent(code.secret)}`;
  await deps.mail.send(
    await composeMail(deps, undefined, resetLink, account.email, { firstName: anonymous ? "" : mailName(account), link }),
  );
  return { sent: true };
}

/** Why a reset link cannot be used, as the reset page says it before the form is filled. */
export const RESET_LINK_MESSAGES = {
  used: "This reset link has already been used, or a newer one was sent. Please request a new one.",
  expired: "This reset link has expired. Please request a new one.",
  unknown: CODE_MESSAGES.resetInvalid,
} as const;

/**
 * Whether a reset link can still be used, for its page to say so before the form is filled: its expiry, or a
 * NotFoundError saying why not. It reads only the token's own code (a hash lookup, nothing about any account), and a
 * token is 32 random bytes, so asking about made-up tokens finds nothing.
 */
export async function resetLinkStatus(deps: Services, token: string): Promise<{ expiresAt: Date }> {
  if (token.length < 10 || token.length > 200) throw new NotFoundError(RESET_LINK_MESSAGES.unknown);
  const found = await linkCodeState(deps.db.prisma, token, "RESET_PASSWORD");
  if (found.state !== "live") throw new NotFoundError(RESET_LINK_MESSAGES[found.state]);
  return { expiresAt: found.expiresAt };
}

const resetInput = z
  .object({
    token: z.string({ error: "The reset link is incomplete." }).min(10, "The reset link is incomplete.").max(200),
    password: rules.newPassword,
    confirmPassword: z.string({ error: ACCOUNT_MESSAGES.passwordMismatch.ADMIN }),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: ACCOUNT_MESSAGES.passwordMismatch.ADMIN });

/** Sets a new password with an e-mailed token, once; every session and every other reset link of the account dies. */
export async function resetPassword(deps: Services, raw: unknown) {
  const { prisma } = deps.db;
  const input = parseInput(resetInput, raw);
  const passwordHash = await hashPassword(input.password);
  const accountId = await prisma.$transaction(async (tx) => {
    // Consumed conditionally: of two concurrent uses of one link, only one changes the password.
    const { role, accountId } = await consumeLinkCode(tx, input.token, "RESET_PASSWORD", CODE_MESSAGES.resetInvalid);
    // Serialised with sign-ups of the address (signup.ts): one that read the account as unverified must not write its
    // password over the one set here.
    const { email } =
      role === "ADMIN"
        ? await tx.admin.findUniqueOrThrow({ where: { id: accountId }, select: { email: true } })
        : await tx.learner.findUniqueOrThrow({ where: { id: accountId }, select: { email: true } });
    await lockEmail(tx, email);
    // A reset proves the mailbox, so it verifies the e-mail too.
    // The mailbox's owner chose this password: a contested sign-up (signup.ts) is settled.
    const data = { passwordHash, emailVerifiedAt: new Date(), signupContested: false };
    if (role === "ADMIN") {
      const before = await tx.admin.findUniqueOrThrow({ where: { id: accountId }, select: { emailVerifiedAt: true } });
      await tx.admin.update({ where: { id: accountId }, data });
      // The same staff step as a verification by code (first owner, invited role, owners told of a pending account).
      if (!before.emailVerifiedAt) await onStaffEmailVerified(deps, tx, accountId);
    } else await tx.learner.update({ where: { id: accountId }, data });
    await voidCodes(tx, role, accountId, "RESET_PASSWORD");
    await revokeAllSessions(tx, role, accountId);
    return accountId;
  });
  await forgetSessions(deps, { accountId });
  return { message: RESET_MESSAGE };
}
