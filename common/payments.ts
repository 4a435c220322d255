/**
 * The payments' limits and messages (docs/payments.md): what the API's rules check and answer
 * (api/src/domain/payments/checkout.ts, offline.ts) and what the learner's checkout form and the admin's confirmation
 * of a received payment check first, written once. Plain values, like the rest of common/.
 */
import { TRACK_MESSAGES } from "./catalogue.ts";

export const CHECKOUT_MESSAGES = {
  contact: "Contact is required.",
  gender: "Please select your gender (Male or Female).",
  noTrack: "No track specified.",
  trackNotFound: "Track not found.",
  alreadyEnrolled: "You are already enrolled in this track.",
  enrolled: "Successfully Enrolled!",
  providerDown: "Payment could not be started. Please try again in a moment.",
  noLongerSold: TRACK_MESSAGES.noLongerSold,
  method: "Choose how to pay: card or bank transfer / mobile money.",
  currency: "Choose a currency: NGN, GHS, KES, ZAR or USD.",
} as const;

export const OFFLINE_LIMITS = {
  /** Characters of the note staff keep with a confirmed payment. */
  note: 500,
} as const;

export const OFFLINE_MESSAGES = {
  unavailable: "Bank transfer / mobile money is not available at the moment. Please pay by card.",
  notFound: "Invoice not found.",
  alreadyPaid: "This invoice is already paid; nothing was changed.",
  voided: "This invoice was voided; it cannot be paid.",
  expired: "This invoice expired unpaid; it cannot be confirmed.",
  notPending: "Only a pending invoice can be confirmed.",
  method: "Choose how the payment was received: bank transfer, mobile money, cash or other.",
  receivedOn: "Date received is required.",
  futureDate: "The date received cannot be in the future.",
  noteTooLong: "The note must be at most 500 characters.",
} as const;
