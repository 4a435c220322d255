import { either, greeting, type MailTemplate, rich } from "../compose.ts";

/** "Forgot password": a single-use link to choose a new password (1 hour). */
export const resetLink: MailTemplate<{ firstName: string; link: string }> = {
  name: "reset-link",
  description: "Forgot password: the single-use link to choose a new password",
  sample: { firstName: "Ada", link: "https://learnhub.example/reset-password?token=sample-token" },
  compose: ({ firstName, link }, brand) => ({
    subject: `Reset your ${brand.name} password`,
    title: "Reset your password",
    greeting: greeting(firstName),
    blocks: [
      {
        kind: "p",
        content: rich`${either("open the link below", "click the button")} to choose a new password. The link works once, for 1 hour.`,
      },
      { kind: "button", href: link, label: "Choose a new password" },
    ],
    unasked: true,
  }),
};
