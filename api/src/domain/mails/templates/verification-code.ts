import { greeting, type MailTemplate, rich } from "../compose.ts";

/**
 * The 6-digit code that verifies a new account's e-mail (sign-up and "resend code"). It greets nobody by name: anyone
 * can have it sent to any address, with any name typed into the sign-up form.
 */
export const verificationCode: MailTemplate<{ code: string }> = {
  name: "verification-code",
  description: "Sign-up and resend: the 6-digit code that verifies the e-mail",
  sample: { code: "482913" },
  compose: ({ code }, brand) => ({
    subject: `Your ${brand.name} verification code: ${code}`,
    title: "Verify your e-mail",
    greeting: greeting(""),
    blocks: [
      { kind: "code", lead: rich`your verification code is`, code },
      { kind: "p", content: rich`It expires in 15 minutes.` },
    ],
    unasked: true,
  }),
};
