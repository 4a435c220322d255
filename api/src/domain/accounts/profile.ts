import { z } from "zod";
import { PROFILE_MESSAGES } from "../../../../common/account-messages.ts";
import type { DomainServices as Services } from "../deps.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import { replaceImage } from "../images.ts";
import { type Actor, recordAudit } from "../staff/audit.ts";
import { type FormInput, parseInput } from "../validation.ts";
import { voidCodes } from "./codes.ts";
import { createSession, revokeAllSessions } from "./login.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import * as rules from "./rules.ts";
import { forgetSessions } from "./sessions.ts";

// Shared with the portal's settings form (common/account-messages.ts).
export { PROFILE_MESSAGES };

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => v || null);

const learnerProfileInput = z
  .object({
    firstName: rules.name("First name").optional(),
    lastName: rules.name("Last name").optional(),
    contact: rules.phoneNumber(rules.INVALID_PHONE),
    location: optionalText(120),
    description: z.string({ error: PROFILE_MESSAGES.descriptionRequired }).trim().min(1, PROFILE_MESSAGES.descriptionRequired).max(2000),
    gender: rules.gender.optional().nullable(),
    disabled: z.boolean().optional(),
    currentPassword: z.string().max(1024).optional().nullable(),
    newPassword: z.string().max(1024).optional().nullable(),
    confirmNewPassword: z.string().max(1024).optional().nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.newPassword && v.confirmNewPassword != null && v.newPassword !== v.confirmNewPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmNewPassword"], message: PROFILE_MESSAGES.mismatch });
    }
    if (v.currentPassword && v.newPassword) {
      const strength = rules.newPassword.safeParse(v.newPassword);
      if (!strength.success) ctx.addIssue({ code: "custom", path: ["newPassword"], message: strength.error.issues[0]?.message ?? "" });
    }
  });

export type LearnerProfileInput = FormInput<z.input<typeof learnerProfileInput>> & { image?: File | null };

/**
 * Updates a learner's own profile. A password change happens only when both the current and the new password are
 * given; it (and disabling the account) revokes every session, and it voids every reset link still outstanding.
 * After a password change a fresh token is returned.
 */
export async function updateLearnerProfile(deps: Services, learnerId: string, raw: LearnerProfileInput) {
  const { prisma } = deps.db;
  const { image, ...fields } = raw;
  const input = parseInput(learnerProfileInput, fields);
  const learner = await prisma.learner.findUnique({ where: { id: learnerId } });
  if (!learner) throw new NotFoundError("Learner not found.");

  const changePassword = Boolean(input.currentPassword && input.newPassword);
  if (changePassword && !(await verifyPassword(learner.passwordHash, input.currentPassword as string))) {
    throw ValidationError.forField("currentPassword", PROFILE_MESSAGES.wrongCurrent);
  }
  const passwordHash = changePassword ? await hashPassword(input.newPassword as string) : undefined;
  const imagePath = image ? await replaceImage(deps.storage, image, learner.image) : undefined;

  const result = await prisma.$transaction(async (tx) => {
    const updated = await tx.learner.update({
      where: { id: learnerId },
      data: {
        firstName: input.firstName,
        lastName: input.lastName,
        contact: input.contact,
        location: input.location,
        bio: input.description,
        gender: input.gender ?? undefined,
        disabled: input.disabled,
        image: imagePath,
        passwordHash,
      },
    });
    let token: string | null = null;
    if (changePassword || (input.disabled && !learner.disabled)) await revokeAllSessions(tx, "LEARNER", learnerId);
    // A reset link mailed before the change would otherwise still set a password the owner no longer expects.
    if (changePassword) await voidCodes(tx, "LEARNER", learnerId, "RESET_PASSWORD");
    if (changePassword && !updated.disabled) token = await createSession(tx, "LEARNER", learnerId);
    return { learner: updated, token, message: PROFILE_MESSAGES.success };
  });
  if (changePassword || (input.disabled && !learner.disabled)) await forgetSessions(deps, { accountId: learnerId });
  return result;
}

const adminProfileInput = z.object({
  firstName: rules.name("First name"),
  lastName: rules.name("Last name"),
  contact: rules.contact,
});

/** Updates an admin's own name, contact and picture. */
export type AdminProfileInput = FormInput<z.input<typeof adminProfileInput>> & { image?: File | null };

export async function updateAdminProfile(deps: Services, actor: Actor, raw: AdminProfileInput) {
  const { prisma } = deps.db;
  const { image, ...fields } = raw;
  const input = parseInput(adminProfileInput, fields);
  const adminId = actor.id ?? "";
  const admin = await prisma.admin.findUnique({ where: { id: adminId } });
  if (!admin) throw new NotFoundError("Admin not found.");
  const imagePath = image ? await replaceImage(deps.storage, image, admin.image) : undefined;
  return prisma.$transaction(async (tx) => {
    const updated = await tx.admin.update({ where: { id: adminId }, data: { ...input, image: imagePath } });
    await recordAudit(tx, actor, { action: "profile.update", entityType: "Admin", entityId: adminId, before: admin, after: updated });
    return updated;
  });
}
