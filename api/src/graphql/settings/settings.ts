import { type CurrencyCode as Code, CURRENCY_CODES } from "../../../../common/money.ts";
import { CHANNELS_BY_CURRENCY, type PaystackChannelName } from "../../../../common/payments.ts";
import { currenciesOnSale } from "../../domain/catalogue/prices.ts";
import { businessSettings, CURRENCY_CHANGE_NOTE, updateBusinessSettings } from "../../domain/settings/settings.ts";
import { builder } from "../builder.ts";
import { actor } from "../context.ts";
import { commonErrors } from "../schema/errors.ts";
import { CurrencyCode } from "../schema/money.ts";
import { PaymentChannel } from "../schema/payment-channel.ts";

interface Settings {
  offlinePaymentsEnabled: boolean;
  offlineInstructions: string | null;
  offlineExpiryDays: number;
  checkoutAbandonHours: number;
  instalmentGraceDays: number;
  businessName: string;
  logoImage: string | null;
  postalAddress: string | null;
  taxNumber: string | null;
  supportEmail: string | null;
  footerContact: string | null;
  invoicePrefix: string;
  taxRateBasisPoints: number;
  taxInclusive: boolean;
  currency: string;
  paymentChannels: string[];
  updatedAt: Date;
}

const CurrencyChannels = builder
  .objectRef<{ currency: Code; channels: readonly PaystackChannelName[] }>("CurrencyPaymentChannels")
  .implement({
    description: "The Paystack channels a currency supports.",
    fields: (t) => ({
      currency: t.field({ type: CurrencyCode, description: "The currency.", resolve: (c) => c.currency }),
      channels: t.field({ type: [PaymentChannel], description: "Its channels, card first.", resolve: (c) => [...c.channels] }),
    }),
  });

const BusinessSettings = builder.objectRef<Settings>("BusinessSettings").implement({
  description:
    "The owner's settings: the business identity (invoices, receipts, mails, the learner footer), offline payments and their instructions, how long unpaid checkouts stay open.",
  fields: (t) => ({
    businessName: t.exposeString("businessName", { description: "The seller's name on invoices, receipts, mails and the learner footer." }),
    logo: t.exposeString("logoImage", {
      nullable: true,
      description: "URL of the logo (on invoices and receipts); null when there is none.",
    }),
    postalAddress: t.exposeString("postalAddress", {
      nullable: true,
      description: "The seller's postal address (lines separated by line breaks).",
    }),
    taxNumber: t.exposeString("taxNumber", { nullable: true, description: "The seller's tax number on invoices and receipts." }),
    supportEmail: t.exposeString("supportEmail", {
      nullable: true,
      description: "Where learners write for help (footer, invoices, mails).",
    }),
    footerContact: t.exposeString("footerContact", {
      nullable: true,
      description: "Contact lines of the learner footer and the invoices (lines separated by line breaks).",
    }),
    invoicePrefix: t.exposeString("invoicePrefix", {
      description: "The prefix of new invoice numbers, `<prefix>-<year>-<000123>` (1..12 letters, digits or dashes).",
    }),
    taxRatePercent: t.float({
      description: "The tax rate in percent (2 decimals, 0..100); 0 means no tax line.",
      resolve: (s) => s.taxRateBasisPoints / 100,
    }),
    taxInclusive: t.exposeBoolean("taxInclusive", {
      description: "True: prices include the tax; false: the tax is added to the price at checkout.",
    }),
    currency: t.field({
      type: CurrencyCode,
      description: `The business currency: every track's main price is in it, and a checkout pays in it unless the learner picks another currency the track has its own price in. ${CURRENCY_CHANGE_NOTE}`,
      resolve: (s) => s.currency as Code,
    }),
    paymentChannels: t.field({
      type: [PaymentChannel],
      description:
        "The Paystack channels the checkout offers (at least one; all by default). A checkout opens Paystack with those the invoice's currency supports (USD: card only).",
      resolve: (s) => s.paymentChannels as PaystackChannelName[],
    }),
    paymentChannelsByCurrency: t.field({
      type: [CurrencyChannels],
      description: "Which channels Paystack supports in each currency (the same table the checkout uses).",
      resolve: () => CURRENCY_CODES.map((currency) => ({ currency, channels: CHANNELS_BY_CURRENCY[currency] })),
    }),
    offlinePaymentsEnabled: t.exposeBoolean("offlinePaymentsEnabled", {
      description: "Learners may pick bank transfer / mobile money at checkout.",
    }),
    offlineInstructions: t.exposeString("offlineInstructions", {
      nullable: true,
      description: "What a learner who picks bank transfer / mobile money is shown and mailed (plain text), as saved.",
    }),
    offlineExpiryDays: t.exposeInt("offlineExpiryDays", {
      description: "Days after which a pending offline invoice lapses unpaid (1..365).",
    }),
    checkoutAbandonHours: t.exposeInt("checkoutAbandonHours", {
      description: "Hours after which an unpaid card checkout is abandoned (1..720).",
    }),
    instalmentGraceDays: t.exposeInt("instalmentGraceDays", {
      description: "Days after an instalment's due date before the unpaid part pauses the learner's access (0..60; 7 by default).",
    }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", description: "Last saved." }),
  }),
});

/** What anyone may know of the settings: whether bank transfer / mobile money is offered, and how to pay that way. */
const PaymentOptions = builder.objectRef<Settings>("PaymentOptions").implement({
  description: "How learners may pay besides card.",
  fields: (t) => ({
    offlinePaymentsEnabled: t.exposeBoolean("offlinePaymentsEnabled", {
      description: "Learners may pick bank transfer / mobile money at checkout.",
    }),
    offlineInstructions: t.string({
      nullable: true,
      description: "Where to send the money (plain text; keep its line breaks); null while offline payments are off.",
      resolve: (s) => (s.offlinePaymentsEnabled ? s.offlineInstructions : null),
    }),
    currency: t.field({
      type: CurrencyCode,
      description:
        "The business currency: prices show in it, and a checkout pays in it, unless the learner picks another a track is sold in.",
      resolve: (s) => s.currency as Code,
    }),
    currencies: t.field({
      type: [CurrencyCode],
      description:
        "The currencies learners may pick (the site's currency switcher): the business currency first, then every other currency a published track has its own price in.",
      resolve: (s, _args, ctx) => currenciesOnSale(ctx.services, s.currency),
    }),
  }),
});

const BusinessSettingsInput = builder.inputType("BusinessSettingsInput", {
  description: "The settings form.",
  fields: (t) => ({
    offlinePaymentsEnabled: t.boolean({ description: "Offer bank transfer / mobile money at checkout." }),
    offlineInstructions: t.string({ description: "Required when enabled; up to 2000 characters, plain text." }),
    offlineExpiryDays: t.int({ description: "1..365 days." }),
    checkoutAbandonHours: t.int({ description: "1..720 hours." }),
    instalmentGraceDays: t.int({ description: "0..60 days; omitted keeps it." }),
    businessName: t.string({ description: "Required when given, at most 120 characters. Omitted keeps the saved name." }),
    logo: t.field({ type: "Upload", description: "JPEG, PNG or WebP, at most 5 MB. Omit to keep the current logo." }),
    removeLogo: t.boolean({ description: "True removes the current logo." }),
    postalAddress: t.string({ description: "At most 500 characters; blank clears it; omitted keeps it." }),
    taxNumber: t.string({ description: "At most 50 characters; blank clears it; omitted keeps it." }),
    supportEmail: t.string({ description: "An e-mail address; blank clears it; omitted keeps it." }),
    footerContact: t.string({ description: "At most 500 characters; blank clears it; omitted keeps it." }),
    invoicePrefix: t.string({ description: "1..12 letters, digits or dashes, starting with a letter or digit. Omitted keeps it." }),
    taxRatePercent: t.float({ description: "0..100 with at most 2 decimals (7.5 = 7.5%). Omitted keeps it." }),
    taxInclusive: t.boolean({ description: "Prices include the tax (true) or it is added (false). Omitted keeps it." }),
    paymentChannels: t.field({
      type: [PaymentChannel],
      description: "The Paystack channels the checkout offers: at least one (400 otherwise). Omitted keeps them.",
    }),
    currency: t.field({
      type: CurrencyCode,
      description: `The business currency. Omitted keeps it. ${CURRENCY_CHANGE_NOTE} Refused while a track has its own price in the new currency.`,
    }),
  }),
});

const BusinessSettingsPayload = builder.objectRef<{ settings: Settings }>("BusinessSettingsPayload").implement({
  description: "The saved settings.",
  fields: (t) => ({ settings: t.field({ type: BusinessSettings, description: "As saved.", resolve: (p) => p.settings }) }),
});

builder.queryFields((t) => ({
  businessSettings: t.field({
    type: BusinessSettings,
    authScopes: { can: "manageSettings" },
    description: "The owner's settings.",
    resolve: (_root, _args, ctx) => businessSettings(ctx.services),
  }),
  paymentOptions: t.field({
    type: PaymentOptions,
    description: "Whether bank transfer / mobile money is offered at checkout, and its instructions (anyone may ask).",
    resolve: (_root, _args, ctx) => businessSettings(ctx.services),
  }),
}));

builder.mutationFields((t) => ({
  updateBusinessSettings: t.field({
    type: BusinessSettingsPayload,
    errors: { types: commonErrors },
    authScopes: { can: "manageSettings" },
    description: "Saves the owner's settings.",
    args: { input: t.arg({ type: BusinessSettingsInput, required: true, description: "The settings." }) },
    resolve: async (_root, { input }, ctx) => ({ settings: await updateBusinessSettings(ctx.services, actor(ctx), input) }),
  }),
}));
