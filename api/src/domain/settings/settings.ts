import { z } from "zod";
import type { Prisma } from "../../db/client.ts";
import type { DomainServices as Services } from "../deps.ts";
import { type Actor, recordAudit } from "../staff/audit.ts";
import { type FormInput, parseInput } from "../validation.ts";

export const SETTINGS_MESSAGES = {
  instructionsRequired: "Payment instructions are required when bank transfer / mobile money is enabled.",
  instructionsTooLong: "Payment instructions must be at most 2000 characters.",
  expiryDays: "Offline payments must expire after 1 to 365 days.",
  abandonHours: "Card checkouts must be abandoned after 1 to 720 hours.",
} as const;

const settingsInput = z
  .object({
    offlinePaymentsEnabled: z.boolean().default(false),
    offlineInstructions: z
      .string()
      .trim()
      .max(2000, SETTINGS_MESSAGES.instructionsTooLong)
      .nullish()
      .transform((v) => v || null),
    offlineExpiryDays: z
      .number({ error: SETTINGS_MESSAGES.expiryDays })
      .int(SETTINGS_MESSAGES.expiryDays)
      .min(1, SETTINGS_MESSAGES.expiryDays)
      .max(365, SETTINGS_MESSAGES.expiryDays),
    checkoutAbandonHours: z
      .number({ error: SETTINGS_MESSAGES.abandonHours })
      .int(SETTINGS_MESSAGES.abandonHours)
      .min(1, SETTINGS_MESSAGES.abandonHours)
      .max(720, SETTINGS_MESSAGES.abandonHours),
  })
  .superRefine((v, ctx) => {
    if (v.offlinePaymentsEnabled && !v.offlineInstructions)
      ctx.addIssue({ code: "custom", path: ["offlineInstructions"], message: SETTINGS_MESSAGES.instructionsRequired });
  });

export type SettingsInput = FormInput<z.input<typeof settingsInput>>;

/** The owner's settings (one row, id 1, which the migration creates). */
export function businessSettings(deps: Pick<Services, "db">) {
  return deps.db.prisma.businessSettings.findUniqueOrThrow({ where: { id: 1 } });
}

/** Saves the owner's settings, with an audit entry in the same transaction. */
export async function updateBusinessSettings(deps: Services, actor: Actor, raw: SettingsInput) {
  const input = parseInput(settingsInput, raw);
  return deps.db.prisma.$transaction(async (tx) => {
    const before = await tx.businessSettings.findUniqueOrThrow({ where: { id: 1 } });
    const after = await tx.businessSettings.update({ where: { id: 1 }, data: input });
    await recordAudit(tx, actor, { action: "settings.update", entityType: "BusinessSettings", entityId: "1", before, after });
    return after;
  });
}

/**
 * The business identity mails, PDFs, the learner footer and the sandbox page show (docs/ARCHITECTURE.md); `client` is
 * the caller's transaction when it reads inside one.
 */
export function businessIdentity(deps: Pick<Services, "db">, client: Prisma.TransactionClient = deps.db.prisma) {
  return client.businessSettings.findUniqueOrThrow({
    where: { id: 1 },
    select: {
      businessName: true,
      logoImage: true,
      postalAddress: true,
      taxNumber: true,
      supportEmail: true,
      footerContact: true,
      invoicePrefix: true,
      taxRateBasisPoints: true,
      taxInclusive: true,
    },
  });
}

export type BusinessIdentity = Awaited<ReturnType<typeof businessIdentity>>;
