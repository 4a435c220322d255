import type { StaffRole } from "../../staff/permissions.ts";
import { greeting, type MailTemplate, rich, strong } from "../compose.ts";
import { roleName } from "../words.ts";

/** A pending staff account was approved with a role. */
export const staffApproved: MailTemplate<{ firstName: string; role: StaffRole; adminSite: string }> = {
  name: "staff-approved",
  description: "A pending staff account is approved with a role",
  sample: { firstName: "Grace", role: "MANAGER", adminSite: "https://admin.learnhub.example" },
  compose: ({ firstName, role, adminSite }, brand) => ({
    subject: `Your ${brand.name} staff account is approved`,
    title: "Your account is approved",
    greeting: greeting(firstName),
    blocks: [
      { kind: "p", content: rich`your staff account was approved with the ${strong(roleName(role))} role.` },
      { kind: "button", href: adminSite, label: "Log in" },
    ],
  }),
};
