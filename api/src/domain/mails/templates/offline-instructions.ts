import { greeting, type MailTemplate, rich, strong } from "../compose.ts";
import { money } from "../words.ts";

/** How to pay a pending offline invoice (bank transfer / mobile money): the owner's instructions, as plain text. */
export const offlineInstructions: MailTemplate<{
  firstName: string;
  trackName: string;
  amountCents: number;
  currency: string;
  reference: string;
  instructions: string;
  expiresAt: Date;
}> = {
  name: "offline-instructions",
  description: "Offline checkout: the reference and the owner's payment instructions",
  sample: {
    firstName: "Ada",
    trackName: "Data Analysis",
    amountCents: 12_500,
    currency: "USD",
    reference: "LH-SAMPLE-0002",
    instructions: "Bank: Example Bank\nAccount: 0123456789\nName: Example Training Ltd",
    expiresAt: new Date("2026-12-31T12:00:00Z"),
  },
  compose: ({ firstName, trackName, amountCents, currency, reference, instructions, expiresAt }) => ({
    subject: `How to pay for ${trackName}`,
    title: "How to pay",
    greeting: greeting(firstName),
    blocks: [
      {
        kind: "p",
        content: rich`to enroll in ${strong(trackName)}, pay ${strong(money(amountCents, currency))} by bank transfer or mobile money, with the reference ${strong(reference)}:`,
      },
      { kind: "box", text: instructions },
      {
        kind: "p",
        content: rich`Please pay by ${expiresAt.toISOString().slice(0, 10)}. You are enrolled as soon as we confirm your payment.`,
      },
    ],
  }),
};
