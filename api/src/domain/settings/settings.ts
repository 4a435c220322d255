import { z } from "zod";
import { hasControlCharacters } from "../../../../common/accounts.ts";
import { CURRENCY_CODES, type CurrencyCode } from "../../../../common/money.ts";
import { isPaymentChannel, PAYMENT_CHANNEL_MESSAGES, PAYMENT_CHANNELS } from "../../../../common/payments.ts";
import { CURRENCY_CHANGE_NOTE, INVOICE_PREFIX_PATTERN, SETTINGS_LIMITS, SETTINGS_MESSAGES } from "../../../../common/settings.ts";
import type { Prisma } from "../../db/client.ts";
import type { DomainServices as Services } from "../deps.ts";
import { ValidationError } from "../errors.ts";
import { storeImage } from "../images.ts";
import { type Actor, recordAudit } from "../staff/audit.ts";
import { type FormInput, parseInput } from "../validation.ts";

// The limits and messages are shared with the settings form (common/settings.ts), as is what a currency change does.
export { CURRENCY_CHANGE_NOTE, SETTINGS_MESSAGES };

/**
 * Optional text: trimmed, blank or null clears it (null), omitted keeps what is saved (undefined). No control
 * characters (`lines`: but line breaks and tabs), since these texts go into mails, PDFs and pages.
 */
const optionalText = (max: number, message: string, lines: boolean, characters: string = SETTINGS_MESSAGES.textCharacters) =>
  z
    .string()
    .trim()
    .max(max, message)
    .refine((v) => !hasControlCharacters(v, lines), characters)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

/**
 * The business identity (docs/ARCHITECTURE.md, "Business identity and prices"). Each field is optional in the input:
 * omitted keeps what is saved, so a client that only changes the payment settings (the REST spec's) sends none.
 */
const identityInput = {
  businessName: z
    .string({ error: SETTINGS_MESSAGES.businessName })
    .trim()
    .min(1, SETTINGS_MESSAGES.businessName)
    .max(SETTINGS_LIMITS.businessName, SETTINGS_MESSAGES.businessNameTooLong)
    // It is the sender's name in every mail's subject line: one line, nothing that could end a header.
    .refine((v) => !hasControlCharacters(v), SETTINGS_MESSAGES.businessNameCharacters)
    .optional(),
  postalAddress: optionalText(SETTINGS_LIMITS.postalAddress, SETTINGS_MESSAGES.postalAddressTooLong, true),
  taxNumber: optionalText(SETTINGS_LIMITS.taxNumber, SETTINGS_MESSAGES.taxNumberTooLong, false, SETTINGS_MESSAGES.taxNumberCharacters),
  supportEmail: z
    .string({ error: SETTINGS_MESSAGES.supportEmail })
    .trim()
    .max(SETTINGS_LIMITS.supportEmail, SETTINGS_MESSAGES.supportEmail)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null))
    .refine((v) => !v || z.email().safeParse(v).success, SETTINGS_MESSAGES.supportEmail),
  footerContact: optionalText(SETTINGS_LIMITS.footerContact, SETTINGS_MESSAGES.footerContactTooLong, true),
  invoicePrefix: z
    .string({ error: SETTINGS_MESSAGES.invoicePrefix })
    .trim()
    .regex(INVOICE_PREFIX_PATTERN, SETTINGS_MESSAGES.invoicePrefix)
    .optional(),
  /** Percent with at most 2 decimals, kept as basis points (7.5 -> 750). */
  taxRatePercent: z
    .number({ error: SETTINGS_MESSAGES.taxRate })
    .min(SETTINGS_LIMITS.taxRatePercent.min, SETTINGS_MESSAGES.taxRate)
    .max(SETTINGS_LIMITS.taxRatePercent.max, SETTINGS_MESSAGES.taxRate)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, SETTINGS_MESSAGES.taxRate)
    .optional(),
  taxInclusive: z.boolean().optional(),
  /** The business currency (omitted keeps it); see CURRENCY_CHANGE_NOTE. */
  currency: z.enum(CURRENCY_CODES, { error: SETTINGS_MESSAGES.currency }).optional(),
  /**
   * The Paystack channels the checkout offers (common/payments.ts PAYMENT_CHANNELS): at least one, each once (kept in
   * PAYMENT_CHANNELS order); omitted keeps them.
   */
  paymentChannels: z
    .array(z.string(), { error: PAYMENT_CHANNEL_MESSAGES.atLeastOne })
    .max(50, PAYMENT_CHANNEL_MESSAGES.unknown)
    .refine((chosen) => chosen.every(isPaymentChannel), PAYMENT_CHANNEL_MESSAGES.unknown)
    .refine((chosen) => chosen.length > 0, PAYMENT_CHANNEL_MESSAGES.atLeastOne)
    .transform((chosen) => PAYMENT_CHANNELS.filter((channel) => chosen.includes(channel)))
    .optional(),
  /** True removes the logo (a new one is uploaded beside the input). */
  removeLogo: z.boolean().optional(),
};

const settingsInput = z
  .object({
    offlinePaymentsEnabled: z.boolean().default(false),
    offlineInstructions: z
      .string()
      .trim()
      .max(SETTINGS_LIMITS.offlineInstructions, SETTINGS_MESSAGES.instructionsTooLong)
      .refine((v) => !hasControlCharacters(v, true), SETTINGS_MESSAGES.textCharacters)
      .nullish()
      .transform((v) => v || null),
    offlineExpiryDays: z
      .number({ error: SETTINGS_MESSAGES.expiryDays })
      .int(SETTINGS_MESSAGES.expiryDays)
      .min(SETTINGS_LIMITS.offlineExpiryDays.min, SETTINGS_MESSAGES.expiryDays)
      .max(SETTINGS_LIMITS.offlineExpiryDays.max, SETTINGS_MESSAGES.expiryDays),
    checkoutAbandonHours: z
      .number({ error: SETTINGS_MESSAGES.abandonHours })
      .int(SETTINGS_MESSAGES.abandonHours)
      .min(SETTINGS_LIMITS.checkoutAbandonHours.min, SETTINGS_MESSAGES.abandonHours)
      .max(SETTINGS_LIMITS.checkoutAbandonHours.max, SETTINGS_MESSAGES.abandonHours),
    /** Omitted keeps the saved value (7 unless changed): docs/payments.md, "Instalments". */
    instalmentGraceDays: z
      .number({ error: SETTINGS_MESSAGES.graceDays })
      .int(SETTINGS_MESSAGES.graceDays)
      .min(SETTINGS_LIMITS.instalmentGraceDays.min, SETTINGS_MESSAGES.graceDays)
      .max(SETTINGS_LIMITS.instalmentGraceDays.max, SETTINGS_MESSAGES.graceDays)
      .nullish()
      .transform((v) => v ?? undefined),
    ...identityInput,
  })
  .superRefine((v, ctx) => {
    if (v.offlinePaymentsEnabled && !v.offlineInstructions)
      ctx.addIssue({ code: "custom", path: ["offlineInstructions"], message: SETTINGS_MESSAGES.instructionsRequired });
  });

export type SettingsInput = FormInput<z.input<typeof settingsInput>> & { logo?: File | null };

/** The owner's settings (one row, id 1, which the migration creates). */
export function businessSettings(deps: Pick<Services, "db">) {
  return deps.db.prisma.businessSettings.findUniqueOrThrow({ where: { id: 1 } });
}

/**
 * The business currency: every track's main price is in it, and a checkout without a currency pays in it. `client` is
 * the caller's transaction when it reads inside one.
 */
export async function businessCurrency(
  deps: Pick<Services, "db">,
  client: Prisma.TransactionClient = deps.db.prisma,
): Promise<CurrencyCode> {
  const settings = await client.businessSettings.findUniqueOrThrow({ where: { id: 1 }, select: { currency: true } });
  return settings.currency as CurrencyCode;
}

/**
 * The business currency under a share lock on the settings row, inside a transaction that writes something priced in
 * it (a track price): a change of the business currency (which updates that row) waits for it, or it for the change.
 */
export async function lockBusinessCurrency(tx: Prisma.TransactionClient): Promise<CurrencyCode> {
  const [row] = await tx.$queryRaw<{ currency: CurrencyCode }[]>`SELECT "currency" FROM "BusinessSettings" WHERE "id" = 1 FOR SHARE`;
  return row?.currency ?? "USD";
}

/**
 * Saves the owner's settings, with an audit entry in the same transaction. A new business currency re-labels every
 * track's main price (CURRENCY_CHANGE_NOTE), in the same transaction: refused while a track has an explicit price in
 * that currency, which would clash with its main price.
 */
export async function updateBusinessSettings(deps: Services, actor: Actor, raw: SettingsInput) {
  const { logo, ...fields } = raw;
  const { taxRatePercent, removeLogo, ...input } = parseInput(settingsInput, fields);
  // Checked and stored only once the rest of the form is valid; the old logo is removed after the save commits.
  const logoImage = logo ? await storeImage(deps.storage, logo, "logo") : removeLogo ? null : undefined;
  const taxRateBasisPoints = taxRatePercent === undefined ? undefined : Math.round(taxRatePercent * 100);
  const saved = await deps.db.prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT 1 FROM "BusinessSettings" WHERE "id" = 1 FOR UPDATE`;
    const before = await tx.businessSettings.findUniqueOrThrow({ where: { id: 1 } });
    const after = await tx.businessSettings.update({ where: { id: 1 }, data: { ...input, taxRateBasisPoints, logoImage } });
    if (after.currency !== before.currency) {
      // The row lock above makes a track price being set now wait, or this see it (lockBusinessCurrency).
      const priced = await tx.trackPrice.count({ where: { currency: after.currency } });
      if (priced > 0) throw ValidationError.forField("currency", SETTINGS_MESSAGES.currencyPriced(priced, after.currency));
      // The trigger on Track writes the business currency, the one just saved, whatever is sent.
      await tx.track.updateMany({ data: { currency: after.currency } });
    }
    await recordAudit(tx, actor, { action: "settings.update", entityType: "BusinessSettings", entityId: "1", before, after });
    return { before, after };
  });
  if (logoImage !== undefined && saved.before.logoImage && saved.before.logoImage !== logoImage) {
    await deps.storage.remove(saved.before.logoImage).catch(() => undefined);
  }
  // The learner footer's business profile and the payment options are public answers the cache keeps.
  deps.publicCache.clear();
  return saved.after;
}

/** What anyone may know of the business (the learner site's footer): no tax number, prefix or rates. */
export function businessProfile(deps: Pick<Services, "db">) {
  return deps.db.prisma.businessSettings.findUniqueOrThrow({
    where: { id: 1 },
    select: { businessName: true, logoImage: true, supportEmail: true, footerContact: true },
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
