import { greeting, link, type MailTemplate, rich } from "../compose.ts";

/** Sent instead of a second account when someone signs up with an address that already has one. */
export const alreadyRegistered: MailTemplate<{ firstName: string; loginUrl: string }> = {
  name: "already-registered",
  description: "A sign-up with an address that already has an account",
  sample: { firstName: "Ada", loginUrl: "https://learnhub.example/learner-login" },
  compose: ({ firstName, loginUrl }, brand) => ({
    subject: `You already have a ${brand.name} account`,
    title: "You already have an account",
    greeting: greeting(firstName),
    blocks: [
      { kind: "p", content: rich`someone tried to sign up with this e-mail, but you already have an account.` },
      { kind: "p", content: rich`${link(loginUrl, "Log in")}, or use "Forgot password" there.` },
    ],
    unasked: true,
  }),
};
