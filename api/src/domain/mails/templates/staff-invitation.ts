import type { StaffRole } from "../../staff/permissions.ts";
import { HELLO, type MailTemplate, rich, strong } from "../compose.ts";
import { roleName } from "../words.ts";

/** An owner's invitation to join the staff with a role (the link works once, 7 days). */
export const staffInvitation: MailTemplate<{ role: StaffRole; link: string }> = {
  name: "staff-invitation",
  description: "An owner invites someone to the staff with a role",
  sample: { role: "FINANCE", link: "https://admin.learnhub.example/signup?invitation=sample-token" },
  compose: ({ role, link }, brand) => ({
    subject: `You are invited to the ${brand.name} staff`,
    title: "Join the staff",
    greeting: HELLO,
    blocks: [
      {
        kind: "p",
        content: rich`you are invited to join the ${brand.name} staff as ${strong(roleName(role))}. The link works once, for 7 days.`,
      },
      { kind: "button", href: link, label: "Create your account" },
    ],
    unasked: true,
  }),
};
