import { businessProfile } from "../../domain/settings/settings.ts";
import { builder } from "../builder.ts";

interface Profile {
  businessName: string;
  logoImage: string | null;
  supportEmail: string | null;
  footerContact: string | null;
}

/** What anyone may know of the business: the learner site's footer reads it (kept by the public cache). */
const BusinessProfile = builder.objectRef<Profile>("BusinessProfile").implement({
  description: "The business's public identity: name, logo and contact details (the learner site's footer).",
  fields: (t) => ({
    businessName: t.exposeString("businessName", { description: "The business's name." }),
    logo: t.exposeString("logoImage", { nullable: true, description: "URL of the logo; null when there is none." }),
    supportEmail: t.exposeString("supportEmail", { nullable: true, description: "Where learners write for help; null when not set." }),
    footerContact: t.exposeString("footerContact", {
      nullable: true,
      description: "Contact lines (phone, address...), separated by line breaks; null when not set.",
    }),
  }),
});

builder.queryFields((t) => ({
  businessProfile: t.field({
    type: BusinessProfile,
    description: "The business's public identity for the learner site's footer (anyone may ask).",
    resolve: (_root, _args, ctx) => businessProfile(ctx.services),
  }),
}));
