import { greeting, type MailTemplate, rich } from "../compose.ts";

/** The 6-digit code that verifies a new account's e-mail (sign-up and "resend code"). */
export const verificationCode: MailTemplate<{ firstName: string; code: string }> = {
  name: "verification-code",
  description: "Sign-up and resend: the 6-digit code that verifies the e-mail",
  sample: { firstName: "Ada", code: "482913" },
  compose: ({ firstName, code }, brand) => ({
    subject: `Your ${brand.name} verification code: ${code}`,
    title: "Verify your e-mail",
    greeting: greeting(firstName),
    blocks: [
      { kind: "code", lead: rich`your verification code is`, code },
      { kind: "p", content: rich`It expires in 15 minutes.` },
    ],
    unasked: true,
  }),
};
