/**
 * The offline payments' limits and messages (docs/payments.md): what the API's rules check and answer
 * (api/src/domain/payments/offline.ts) and what the admin's confirmation of a received payment checks first, written
 * once. Plain values, like the rest of common/.
 */

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
