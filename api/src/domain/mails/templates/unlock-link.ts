import { greeting, type MailTemplate, rich } from "../compose.ts";

/** Sent when failed logins have locked the account: the owner can lift the lockout (the link works once, 24 hours). */
export const unlockLink: MailTemplate<{ firstName: string; link: string }> = {
  name: "unlock-link",
  description: "Too many failed logins: the link that unlocks the account",
  sample: { firstName: "Ada", link: "https://learnhub.example/api/auth/unlock?token=sample-token" },
  compose: ({ firstName, link }, brand) => ({
    subject: `Your ${brand.name} account was locked`,
    title: "Your account was locked",
    greeting: greeting(firstName),
    blocks: [
      {
        kind: "p",
        content: rich`there were too many failed logins to your account, so logging in is paused for a while. If that was you, unlock it now. The link works once, for 24 hours.`,
      },
      { kind: "button", href: link, label: "Unlock my account" },
      { kind: "p", content: rich`If it was not you, someone may be guessing your password: consider changing it.` },
    ],
  }),
};
