import { greeting, type MailTemplate, rich, strong } from "../compose.ts";
import { money } from "../words.ts";

/** A full refund: the money is on its way back and, for a track, the access has ended. */
export const refund: MailTemplate<{
  firstName: string;
  trackName: string | null;
  amountCents: number;
  currency: string;
  portalUrl: string;
}> = {
  name: "refund",
  description: "A full refund of a payment (the learner's access to the track ends)",
  sample: {
    firstName: "Ada",
    trackName: "Data Analysis",
    amountCents: 12_500,
    currency: "USD",
    portalUrl: "https://learnhub.example/portal",
  },
  compose: ({ firstName, trackName, amountCents, currency, portalUrl }) => {
    const what = trackName ? `your payment for ${trackName}` : "your payment";
    const access = trackName ? ` Your access to ${trackName} has ended.` : "";
    return {
      subject: trackName ? `Refund of your payment for ${trackName}` : "Refund of your payment",
      title: "Refund",
      greeting: greeting(firstName),
      blocks: [
        { kind: "p", content: rich`we refunded ${what} in full (${strong(money(amountCents, currency))}).${access}` },
        { kind: "p", content: rich`Your card or account should show it within a few working days.` },
        { kind: "button", href: portalUrl, label: "Open my portal" },
      ],
    };
  },
};
