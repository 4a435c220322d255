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
  /** A later part of an instalment plan (part 1 enrols, and reads as any purchase). */
  instalment?: { partNumber: number; parts: number } | null;
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
  compose: ({ firstName, trackName, amountCents, currency, reference, portalUrl, paidBy, instalment }) => ({
    subject: instalment
      ? `Payment received: instalment ${instalment.partNumber} of ${instalment.parts} for ${trackName}`
      : `Payment received: you are enrolled in ${trackName}`,
    title: "Payment received",
    greeting: greeting(firstName),
    blocks: [
      {
        kind: "p",
        content: paidBy
          ? rich`we received your payment of ${strong(money(amountCents, currency))} by ${paidBy} (reference ${reference}).`
          : rich`we received your payment of ${strong(money(amountCents, currency))} (reference ${reference}).`,
      },
      {
        kind: "p",
        content: !instalment
          ? rich`You are now enrolled in ${strong(trackName)}; find it in your portal${either(`: ${portalUrl}`, ".")}`
          : instalment.partNumber >= instalment.parts
            ? rich`That was the last instalment: ${strong(trackName)} is paid in full. Your portal keeps the receipts${either(`: ${portalUrl}`, ".")}`
            : rich`Instalment ${instalment.partNumber} of ${instalment.parts} for ${strong(trackName)} is paid; your portal shows the rest of the schedule${either(`: ${portalUrl}`, ".")}`,
      },
      { kind: "button", href: portalUrl, label: "Open my portal", inText: false },
    ],
  }),
};
