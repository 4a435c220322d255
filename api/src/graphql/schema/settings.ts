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
  description: "The owner's settings. Anyone may read whether offline payments are on and their instructions; the rest is the owner's.",
  fields: (t) => ({
    offlinePaymentsEnabled: t.exposeBoolean("offlinePaymentsEnabled", {
      description: "Learners may pick bank transfer / mobile money at checkout.",
    }),
    offlineInstructions: t.string({
      nullable: true,
      description: "What a learner who picks bank transfer / mobile money is shown and mailed (plain text); null when off.",
      resolve: (s) => (s.offlinePaymentsEnabled ? s.offlineInstructions : null),
    }),
    offlineExpiryDays: t.exposeInt("offlineExpiryDays", {
      authScopes: { can: "manageSettings" },
      description: "Days after which a pending offline invoice lapses unpaid (1..365).",
    }),
    checkoutAbandonHours: t.exposeInt("checkoutAbandonHours", {
      authScopes: { can: "manageSettings" },
      description: "Hours after which an unpaid card checkout is abandoned (1..720).",
    }),
    savedInstructions: t.string({
      nullable: true,
      authScopes: { can: "manageSettings" },
      description: "The instructions as saved, also while offline payments are off.",
      resolve: (s) => s.offlineInstructions,
    }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", authScopes: { can: "manageSettings" }, description: "Last saved." }),
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
    description: "The owner's settings (the checkout reads whether offline payments are on, and their instructions).",
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
