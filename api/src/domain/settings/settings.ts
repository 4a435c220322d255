import { z } from "zod";
import { hasControlCharacters } from "../../../../common/accounts.ts";
import { CURRENCY_CODES, type CurrencyCode } from "../../../../common/money.ts";
import type { Prisma } from "../../db/client.ts";
import type { DomainServices as Services } from "../deps.ts";
import { ValidationError } from "../errors.ts";
import { storeImage } from "../images.ts";
import { type Actor, recordAudit } from "../staff/audit.ts";
import { type FormInput, parseInput } from "../validation.ts";

export const SETTINGS_MESSAGES = {
  instructionsRequired: "Payment instructions are required when bank transfer / mobile money is enabled.",
  instructionsTooLong: "Payment instructions must be at most 2000 characters.",
  expiryDays: "Offline payments must expire after 1 to 365 days.",
  abandonHours: "Card checkouts must be abandoned after 1 to 720 hours.",
  businessName: "Business name is required.",
  businessNameTooLong: "Business name must be at most 120 characters.",
  postalAddressTooLong: "Postal address must be at most 500 characters.",
  taxNumberTooLong: "Tax number must be at most 50 characters.",
  supportEmail: "Enter a valid support e-mail address.",
  businessNameCharacters: "Business name contains a character that is not allowed.",
  taxNumberCharacters: "Tax number contains a character that is not allowed.",
  textCharacters: "This text contains a character that is not allowed.",
  footerContactTooLong: "Footer contact details must be at most 500 characters.",
  invoicePrefix: "Invoice prefix must be 1 to 12 letters, digits or dashes, starting with a letter or digit.",
  taxRate: "Tax rate must be a percentage from 0 to 100 with at most 2 decimals.",
  currency: "Choose the business currency: NGN, GHS, KES, ZAR or USD.",
  /** A track priced explicitly in the currency that is to become the business one: its main price would clash. */
  currencyPriced: (count: number, currency: string) =>
    `${count === 1 ? "A track has" : `${count} tracks have`} their own ${currency} price: remove ${count === 1 ? "it" : "them"} before making ${currency} the business currency.`,
} as const;

/**
 * What a change of the business currency does, as the settings form and the API say it: like Thinkific or Teachable,
 * the numbers stay and only their currency changes.
 */
export const CURRENCY_CHANGE_NOTE =
  "Changing the currency re-labels every track's main price in the new currency without converting it (a price of 450 stays 450); invoices keep their own currency.";

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
    .max(120, SETTINGS_MESSAGES.businessNameTooLong)
    // It is the sender's name in every mail's subject line: one line, nothing that could end a header.
    .refine((v) => !hasControlCharacters(v), SETTINGS_MESSAGES.businessNameCharacters)
    .optional(),
  postalAddress: optionalText(500, SETTINGS_MESSAGES.postalAddressTooLong, true),
  taxNumber: optionalText(50, SETTINGS_MESSAGES.taxNumberTooLong, false, SETTINGS_MESSAGES.taxNumberCharacters),
  supportEmail: z
    .string({ error: SETTINGS_MESSAGES.supportEmail })
    .trim()
    .max(254, SETTINGS_MESSAGES.supportEmail)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null))
    .refine((v) => !v || z.email().safeParse(v).success, SETTINGS_MESSAGES.supportEmail),
  footerContact: optionalText(500, SETTINGS_MESSAGES.footerContactTooLong, true),
  invoicePrefix: z
    .string({ error: SETTINGS_MESSAGES.invoicePrefix })
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,11}$/, SETTINGS_MESSAGES.invoicePrefix)
    .optional(),
  /** Percent with at most 2 decimals, kept as basis points (7.5 -> 750). */
  taxRatePercent: z
    .number({ error: SETTINGS_MESSAGES.taxRate })
    .min(0, SETTINGS_MESSAGES.taxRate)
    .max(100, SETTINGS_MESSAGES.taxRate)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, SETTINGS_MESSAGES.taxRate)
    .optional(),
  taxInclusive: z.boolean().optional(),
  /** The business currency (omitted keeps it); see CURRENCY_CHANGE_NOTE. */
  currency: z.enum(CURRENCY_CODES, { error: SETTINGS_MESSAGES.currency }).optional(),
  /** True removes the logo (a new one is uploaded beside the input). */
  removeLogo: z.boolean().optional(),
};

const settingsInput = z
  .object({
    offlinePaymentsEnabled: z.boolean().default(false),
    offlineInstructions: z
      .string()
      .trim()
      .max(2000, SETTINGS_MESSAGES.instructionsTooLong)
      .refine((v) => !hasControlCharacters(v, true), SETTINGS_MESSAGES.textCharacters)
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
