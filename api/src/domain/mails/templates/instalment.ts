import { greeting, type MailTemplate, rich, strong } from "../compose.ts";
import { money } from "../words.ts";

/**
 * An instalment part's mail (docs/payments.md, "Instalments"): the reminder 3 days before its due date (saying whether
 * the saved card ending NNNN will be charged or the learner pays from the portal), the payment link when it is due and
 * no card will be charged, and the payment link after a declined charge.
 */
export const instalment: MailTemplate<{
  kind: "reminder" | "due" | "declined";
  firstName: string;
  trackName: string;
  partNumber: number;
  parts: number;
  amountCents: number;
  currency: string;
  dueOn: string;
  /** The saved card's last 4 digits when it will be charged (reminder), else null. */
  cardLast4: string | null;
  /** The portal page with "Pay now". */
  payUrl: string;
}> = {
  name: "instalment",
  description: "An instalment part: reminder 3 days before, payment link when due or after a declined charge",
  sample: {
    kind: "reminder",
    firstName: "Ada",
    trackName: "Data Analysis",
    partNumber: 2,
    parts: 3,
    amountCents: 5_000_000,
    currency: "NGN",
    dueOn: "2026-12-31",
    cardLast4: "4081",
    payUrl: "https://learnhub.example/portal/payments",
  },
  compose: ({ kind, firstName, trackName, partNumber, parts, amountCents, currency, dueOn, cardLast4, payUrl }) => {
    const what = rich`instalment ${strong(`${partNumber} of ${parts}`)} for ${strong(trackName)}, ${strong(money(amountCents, currency))},`;
    const lead =
      kind === "reminder"
        ? rich`${what} is due on ${strong(dueOn)}.`
        : kind === "due"
          ? rich`${what} is due (${dueOn}).`
          : rich`${what} due on ${dueOn}: we could not charge your card.`;
    const how =
      kind === "reminder" && cardLast4
        ? rich`We will charge your saved card ending ${strong(cardLast4)} on that day; nothing to do.`
        : rich`Please pay it from your portal ("Pay now"). Unpaid past the grace period, your access to the track is paused until it is paid; your progress is kept.`;
    return {
      subject:
        kind === "reminder"
          ? `Instalment ${partNumber} of ${parts} for ${trackName} is due on ${dueOn}`
          : kind === "due"
            ? `Instalment ${partNumber} of ${parts} for ${trackName} is due`
            : `We could not charge instalment ${partNumber} of ${parts} for ${trackName}`,
      title: kind === "declined" ? "Payment not taken" : "Instalment due",
      greeting: greeting(firstName),
      blocks: [
        { kind: "p", content: lead },
        { kind: "p", content: how },
        ...(kind === "reminder" && cardLast4 ? [] : [{ kind: "button" as const, href: payUrl, label: "Pay now" }]),
      ],
    };
  },
};
