import type { Mail } from "../../mail/transport.ts";
import { escapeHtml, layout } from "../accounts/mails.ts";
import type { StaffRole } from "./permissions.ts";

const ROLE_NAMES: Record<StaffRole, string> = { OWNER: "owner", MANAGER: "manager", FINANCE: "finance", INSTRUCTOR: "instructor" };

const button = (href: string, label: string) =>
  `<p><a href="${escapeHtml(href)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(label)}</a></p>
<p style="font-size:13px;color:#6b7280;word-break:break-all">${escapeHtml(href)}</p>`;

export function invitationMail(to: string, role: StaffRole, link: string): Mail {
  return {
    to,
    subject: "You are invited to the LearnHub staff",
    text: `Hello,\n\nYou are invited to join the LearnHub staff as ${ROLE_NAMES[role]}. Open this link to create your account (valid for 7 days, once):\n${link}\n\nThe LearnHub team`,
    html: layout(
      "Join the staff",
      `<p>You are invited to join the LearnHub staff as <strong>${ROLE_NAMES[role]}</strong>. The link works once, for 7 days.</p>${button(link, "Create your account")}`,
    ),
  };
}

/** To every owner when someone signed up on the admin console on their own and verified the e-mail. */
export function pendingStaffMail(to: string, name: string, email: string, staffPage: string): Mail {
  return {
    to,
    subject: "A staff sign-up waits for your approval",
    text: `Hello,\n\n${name} <${email}> signed up on the admin console and waits for approval. Approve or ignore it on the Staff page:\n${staffPage}\n\nThe LearnHub team`,
    html: layout(
      "A sign-up waits for approval",
      `<p>${escapeHtml(name)} &lt;${escapeHtml(email)}&gt; signed up on the admin console. Until an owner approves the account, it can do nothing.</p>${button(staffPage, "Open the Staff page")}`,
    ),
  };
}

export function staffApprovedMail(to: string, firstName: string, role: StaffRole, adminSite: string): Mail {
  return {
    to,
    subject: "Your LearnHub staff account is approved",
    text: `Hi ${firstName},\n\nYour staff account was approved with the ${ROLE_NAMES[role]} role. Log in at ${adminSite}\n\nThe LearnHub team`,
    html: layout(
      "Your account is approved",
      `<p>Hi ${escapeHtml(firstName)}, your staff account was approved with the <strong>${ROLE_NAMES[role]}</strong> role.</p>${button(adminSite, "Log in")}`,
    ),
  };
}
