import { either, greeting, type MailTemplate, rich, strong } from "../compose.ts";
import { money } from "../words.ts";

/** The payment receipt; `portalUrl` is the learner site's portal page, where the new track is. */
export const receipt: MailTemplate<{
  firstName: string;
  trackName: string;
  amountCents: number;
  currency: string;
  reference: string;
  portalUrl: string;
  /** How it was paid, inside a sentence ("bank transfer (Paystack)": common/payments.ts paidByWords); null: unsaid. */
  paidBy?: string | null;
}> = {
  name: "receipt",
  description: "A settled payment (card, offline or marked paid): receipt and enrollment",
  sample: {
    firstName: "Ada",
    trackName: "Data Analysis",
    amountCents: 12_500,
    currency: "USD",
    reference: "LH-SAMPLE-0001",
    portalUrl: "https://learnhub.example/portal",
    paidBy: "bank transfer (Paystack)",
  },
  compose: ({ firstName, trackName, amountCents, currency, reference, portalUrl, paidBy }) => ({
    subject: `Payment received: you are enrolled in ${trackName}`,
    title: "Payment received",
    greeting: greeting(firstName),
    blocks: [
      {
        kind: "p",
        content: paidBy
          ? rich`we received your payment of ${strong(money(amountCents, currency))} by ${paidBy} (reference ${reference}).`
          : rich`we received your payment of ${strong(money(amountCents, currency))} (reference ${reference}).`,
      },
      { kind: "p", content: rich`You are now enrolled in ${strong(trackName)}; find it in your portal${either(`: ${portalUrl}`, ".")}` },
      { kind: "button", href: portalUrl, label: "Open my portal", inText: false },
    ],
  }),
};
