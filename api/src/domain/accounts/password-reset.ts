import { z } from "zod";
import { siteUrl } from "../../http/hosts.ts";
import { recordJob } from "../../jobs/outbox.ts";
import type { Services } from "../../services.ts";
import { ValidationError } from "../errors.ts";
import { hashPassword } from "../passwords.ts";
import { hit, LIMITS } from "../rate-limit.ts";
import { parseInput } from "../validation.ts";
import { CODE_MESSAGES, findResetCode, issueCode } from "./codes.ts";
import { findAccountByEmail, type Role } from "./directory.ts";
import { revokeAllSessions } from "./login.ts";
import { resetLinkMail } from "./mails.ts";
import * as rules from "./rules.ts";

export const FORGOT_MESSAGE = "If an account exists for this email, a reset link has been sent.";
export const RESET_MESSAGE = "Your password has been reset. You can now log in.";

const forgotInput = z.object({ email: rules.email("Please enter a valid email address") });

/** Mails a single-use reset link (1 hour) to the account's site; answers the same whether or not the account exists. */
export async function requestPasswordReset(deps: Services, raw: unknown, ip: string) {
  const { prisma } = deps.db;
  await hit(deps, `forgot:ip:${ip}`, LIMITS.forgotPerIp);
  const input = parseInput(forgotInput, raw);
  await hit(deps, `forgot:email:${input.email}`, LIMITS.forgotPerEmail);
  const account = await findAccountByEmail(prisma, input.email);
  if (account && !account.disabled) {
    await prisma.$transaction(async (tx) => {
      const code = await issueCode(tx, account.role, account.id, "RESET_PASSWORD");
      const base = siteUrl(deps.config.publicUrl, deps.config.adminHostPrefix, account.role === "ADMIN" ? "admin" : "learner");
      const link = `${base}/reset-password?token=${encodeURIComponent(code.secret)}`;
      await recordJob(tx, "send-mail", resetLinkMail(account.email, account.firstName, link), `mail-reset-${code.id}`);
    });
    deps.jobs.kick();
  }
  return { message: FORGOT_MESSAGE };
}

const resetInput = z
  .object({
    token: z.string({ error: "The reset link is incomplete." }).min(10, "The reset link is incomplete.").max(200),
    password: rules.newPassword,
    confirmPassword: z.string({ error: "Passwords do not match" }),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "Passwords do not match" });

/** Sets a new password with an e-mailed token, once; every session of the account is revoked. */
export async function resetPassword(deps: Services, raw: unknown) {
  const { prisma } = deps.db;
  const input = parseInput(resetInput, raw);
  const passwordHash = await hashPassword(input.password);
  await prisma.$transaction(async (tx) => {
    const code = await findResetCode(tx, input.token);
    // Consume conditionally: of two concurrent uses of one link, only one changes the password.
    const consumed = await tx.emailCode.updateMany({ where: { id: code.id, consumedAt: null }, data: { consumedAt: new Date() } });
    if (consumed.count !== 1) throw ValidationError.forField("token", CODE_MESSAGES.resetInvalid);
    const role = code.role as Role;
    const accountId = (role === "ADMIN" ? code.adminId : code.learnerId) as string;
    // A reset proves the mailbox, so it verifies the e-mail too.
    const data = { passwordHash, emailVerifiedAt: new Date() };
    if (role === "ADMIN") await tx.admin.update({ where: { id: accountId }, data });
    else await tx.learner.update({ where: { id: accountId }, data });
    await revokeAllSessions(tx, role, accountId);
  });
  return { message: RESET_MESSAGE };
}
