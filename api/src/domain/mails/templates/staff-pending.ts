import { isMailSafeName } from "../../accounts/rules.ts";
import { HELLO, type MailTemplate, rich } from "../compose.ts";

/** To every owner when someone signed up on the admin console on their own and verified the e-mail. */
export const staffPending: MailTemplate<{ name: string; email: string; staffPage: string }> = {
  name: "staff-pending",
  description: "To the owners: a staff sign-up waits for approval",
  sample: { name: "Grace Hopper", email: "grace@example.com", staffPage: "https://admin.learnhub.example/staff" },
  compose: ({ name, email, staffPage }) => {
    // The name is the sign-up's own words: left out when a mail client could turn it into a link.
    const who = name.trim() && isMailSafeName(name.trim()) ? `${name.trim()} <${email}>` : email;
    return {
      subject: "A staff sign-up waits for your approval",
      title: "A sign-up waits for approval",
      greeting: HELLO,
      blocks: [
        {
          kind: "p",
          content: rich`${who} signed up on the admin console and waits for approval. Until an owner approves the account, it can do nothing.`,
        },
        { kind: "button", href: staffPage, label: "Open the Staff page" },
      ],
    };
  },
};
