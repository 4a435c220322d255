import { businessSettings, updateBusinessSettings } from "../../domain/settings/settings.ts";
import { builder } from "../builder.ts";
import { actor } from "../context.ts";
import { commonErrors } from "./errors.ts";

interface Settings {
  offlinePaymentsEnabled: boolean;
  offlineInstructions: string | null;
  offlineExpiryDays: number;
  checkoutAbandonHours: number;
  updatedAt: Date;
}

const BusinessSettings = builder.objectRef<Settings>("BusinessSettings").implement({
  description: "The owner's settings: offline payments and their instructions, how long unpaid checkouts stay open.",
  fields: (t) => ({
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
  }),
});

const BusinessSettingsInput = builder.inputType("BusinessSettingsInput", {
  description: "The settings form.",
  fields: (t) => ({
    offlinePaymentsEnabled: t.boolean({ description: "Offer bank transfer / mobile money at checkout." }),
    offlineInstructions: t.string({ description: "Required when enabled; up to 2000 characters, plain text." }),
    offlineExpiryDays: t.int({ description: "1..365 days." }),
    checkoutAbandonHours: t.int({ description: "1..720 hours." }),
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
