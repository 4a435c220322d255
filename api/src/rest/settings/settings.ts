import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { isPaymentChannel, PAYMENT_CHANNEL_MESSAGES, PAYMENT_CHANNELS } from "../../../../common/payments.ts";
import { ValidationError } from "../../domain/errors.ts";
import { CURRENCY_CHANGE_NOTE, SETTINGS_MESSAGES } from "../../domain/settings/settings.ts";
import type { Services } from "../../services.ts";
import { booleanIn, currencyIn, jsonBody, numberIn, textFields, textIn } from "../input.ts";
import { ERROR_FIELDS, restRoutes } from "../pipeline.ts";
import { answer, choice, currency, errors, form, integer, nullableText, object, ref, text } from "../schemas.ts";

const SETTINGS_FIELDS = `offlinePaymentsEnabled offlineInstructions offlineExpiryDays checkoutAbandonHours instalmentGraceDays
  businessName logo postalAddress taxNumber supportEmail footerContact invoicePrefix taxRatePercent taxInclusive currency paymentChannels`;
const IDENTITY_TEXT = ["businessName", "postalAddress", "taxNumber", "supportEmail", "footerContact", "invoicePrefix"] as const;
const SETTINGS = `query { businessSettings { ${SETTINGS_FIELDS} } }`;
const UPDATE_SETTINGS = `mutation($input: BusinessSettingsInput!) {
  result: updateBusinessSettings(input: $input) { ${ERROR_FIELDS} ... on BusinessSettingsPayload { settings { ${SETTINGS_FIELDS} } } }
}`;

export const SETTINGS_REST_MESSAGES = {
  saved: "Settings saved.",
  wholeNumber: (field: string) => `${field} must be a whole number.`,
} as const;

function integerIn(value: unknown, field: string): number | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const number =
    typeof value === "number" ? value : typeof value === "string" && /^\d{1,6}$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number)) throw ValidationError.forField(field, SETTINGS_REST_MESSAGES.wholeNumber(field));
  return number;
}

const PAYMENT_CHANNELS_TEXT =
  "The Paystack channels the checkout offers, by Paystack's names; a checkout opens Paystack with those its currency supports (docs/payments.md, Channels: USD is card only).";

/**
 * `paymentChannels` from JSON: a list of Paystack's names (any case), to the GraphQL enum's names; omitted keeps them.
 * Anything else is refused with the settings' own messages.
 */
function channelsIn(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw ValidationError.forField("paymentChannels", PAYMENT_CHANNEL_MESSAGES.atLeastOne);
  const names = value.map((item) => (typeof item === "string" ? item.trim().toLowerCase() : ""));
  if (!names.every(isPaymentChannel)) throw ValidationError.forField("paymentChannels", PAYMENT_CHANNEL_MESSAGES.unknown);
  if (names.length === 0) throw ValidationError.forField("paymentChannels", PAYMENT_CHANNEL_MESSAGES.atLeastOne);
  return names.map((name) => name.toUpperCase());
}

/** The settings as REST answers them: the channels by Paystack's names (GraphQL's enum writes them in capitals). */
const restSettings = (settings: Record<string, unknown> & { paymentChannels?: string[] }) => ({
  ...settings,
  paymentChannels: (settings.paymentChannels ?? []).map((channel) => channel.toLowerCase()),
});

const SettingsSchema = object(
  {
    offlinePaymentsEnabled: Type.Boolean({ description: "Learners may pick bank transfer / mobile money at checkout." }),
    offlineInstructions: nullableText("Shown and mailed to learners who pick it (plain text, up to 2000 characters)."),
    offlineExpiryDays: integer("A pending offline invoice lapses after this many days (1..365)."),
    checkoutAbandonHours: integer("An unpaid card checkout is abandoned after this many hours (1..720)."),
    instalmentGraceDays: Type.Optional(
      integer("An instalment unpaid this many days after its due date pauses the learner's access (0..60; 7 by default)."),
    ),
    businessName: text("The seller's name on invoices, receipts, mails and the learner footer."),
    logo: nullableText("URL of the logo (uploaded through GraphQL updateBusinessSettings); null when there is none."),
    postalAddress: nullableText("The seller's postal address, lines separated by line breaks."),
    taxNumber: nullableText("The seller's tax number."),
    supportEmail: nullableText("Where learners write for help."),
    footerContact: nullableText("Contact lines of the learner footer and the invoices, separated by line breaks."),
    invoicePrefix: text("The prefix of new invoice numbers, <prefix>-<year>-<000123>."),
    taxRatePercent: Type.Number({ description: "Tax rate in percent (0..100, 2 decimals); 0: no tax." }),
    taxInclusive: Type.Boolean({ description: "Prices include the tax (true) or it is added at checkout (false)." }),
    currency: currency(
      `The business currency: every track's main price is in it, and checkouts pay in it unless another is chosen. ${CURRENCY_CHANGE_NOTE}`,
    ),
    paymentChannels: Type.Array(choice(PAYMENT_CHANNELS), {
      description: `${PAYMENT_CHANNELS_TEXT} All seven by default.`,
    }),
  },
  { $id: "BusinessSettings" },
);

/** The owner's settings: offline payments, checkout expiries, the business's identity and tax. */
export async function settingsRoutes(app: FastifyInstance, services: Services) {
  app.addSchema(SettingsSchema);
  const route = restRoutes(app, services);
  route.graphql({
    method: "GET",
    url: "/api/settings",
    schema: {
      operationId: "getSettings",
      summary: "The owner's settings: offline payments, their instructions, expiries.",
      tags: ["settings"],
      response: { 200: answer("The settings.", object({ settings: ref(SettingsSchema) })) },
    },
    handle: async (call) => ({ settings: restSettings((await call.query(SETTINGS)).businessSettings) }),
  });

  route.graphql({
    method: "PUT",
    url: "/api/settings",
    schema: {
      operationId: "updateSettings",
      summary: "Saves the owner's settings.",
      tags: ["settings"],
      body: form({
        offlinePaymentsEnabled: Type.Boolean(),
        offlineInstructions: nullableText("Required when enabled; up to 2000 characters."),
        offlineExpiryDays: integer("1..365"),
        checkoutAbandonHours: integer("1..720"),
        instalmentGraceDays: Type.Optional(integer("0..60; omitted keeps it.")),
        businessName: Type.Optional(text("Required when given, at most 120 characters; omitted keeps it.")),
        postalAddress: Type.Optional(text("At most 500 characters; blank clears it; omitted keeps it.")),
        taxNumber: Type.Optional(text("At most 50 characters; blank clears it; omitted keeps it.")),
        supportEmail: Type.Optional(text("An e-mail address; blank clears it; omitted keeps it.")),
        footerContact: Type.Optional(text("At most 500 characters; blank clears it; omitted keeps it.")),
        invoicePrefix: Type.Optional(text("1..12 letters, digits or dashes, starting with a letter or digit; omitted keeps it.")),
        taxRatePercent: Type.Optional(Type.Number({ description: "0..100 with at most 2 decimals; omitted keeps it." })),
        taxInclusive: Type.Optional(Type.Boolean({ description: "Prices include the tax; omitted keeps it." })),
        currency: Type.Optional(
          text(
            `The business currency (NGN, GHS, KES, ZAR or USD, any case); omitted keeps it. ${CURRENCY_CHANGE_NOTE} Refused (400) while a track has its own price in the new currency.`,
            { enum: ["NGN", "GHS", "KES", "ZAR", "USD"] },
          ),
        ),
        paymentChannels: Type.Optional(
          Type.Array(choice(PAYMENT_CHANNELS), {
            description: `${PAYMENT_CHANNELS_TEXT} At least one (400 otherwise); omitted keeps them.`,
          }),
        ),
      }),
      response: { 200: answer("Saved.", object({ message: text(), settings: ref(SettingsSchema) })), ...errors(400) },
    },
    handle: async (call) => {
      const body = jsonBody(call.req);
      const input = {
        offlinePaymentsEnabled: booleanIn(body.offlinePaymentsEnabled, "offlinePaymentsEnabled"),
        offlineInstructions: textIn(body.offlineInstructions, "offlineInstructions"),
        offlineExpiryDays: integerIn(body.offlineExpiryDays, "offlineExpiryDays"),
        checkoutAbandonHours: integerIn(body.checkoutAbandonHours, "checkoutAbandonHours"),
        instalmentGraceDays: integerIn(body.instalmentGraceDays, "instalmentGraceDays"),
        ...textFields(body, IDENTITY_TEXT),
        taxRatePercent: numberIn(body.taxRatePercent, "taxRatePercent", SETTINGS_MESSAGES.taxRate),
        taxInclusive: booleanIn(body.taxInclusive, "taxInclusive"),
        currency: currencyIn(body.currency, "currency", SETTINGS_MESSAGES.currency),
        paymentChannels: channelsIn(body.paymentChannels),
      };
      const ok = await call.mutate(UPDATE_SETTINGS, { input });
      return { message: SETTINGS_REST_MESSAGES.saved, settings: restSettings(ok.settings) };
    },
  });
}
