import { randomBytes } from "node:crypto";
import { z } from "zod";
import { paystackFor } from "../../payments/paystack/index.ts";
import type { Services } from "../../services.ts";
import { PHONE_PATTERN } from "../accounts/rules.ts";
import { AppError, ConflictError, NotFoundError } from "../errors.ts";
import { parseInput } from "../validation.ts";

export const CHECKOUT_MESSAGES = {
  contact: "Contact is required.",
  invalidContact: "Please enter a valid phone number.",
  gender: "Please select your gender (Male or Female).",
  noTrack: "No track specified.",
  trackNotFound: "Track not found.",
  alreadyEnrolled: "You are already enrolled in this track.",
  enrolled: "Successfully Enrolled!",
  providerDown: "Payment could not be started. Please try again in a moment.",
} as const;

/** The payment provider failed; nothing was charged. */
export class PaymentProviderError extends AppError {
  override name = "PaymentProviderError";
  readonly status = 502;
}

const checkoutInput = z.object({
  trackId: z.string({ error: CHECKOUT_MESSAGES.noTrack }).min(1, CHECKOUT_MESSAGES.noTrack),
  contact: z
    .string({ error: CHECKOUT_MESSAGES.contact })
    .trim()
    .min(1, CHECKOUT_MESSAGES.contact)
    .max(30, CHECKOUT_MESSAGES.invalidContact)
    .regex(PHONE_PATTERN, CHECKOUT_MESSAGES.invalidContact),
  gender: z.enum(["MALE", "FEMALE"], { error: CHECKOUT_MESSAGES.gender }),
  location: z.string().trim().max(120).nullish(),
  description: z.string().trim().max(2000).nullish(),
});

export type CheckoutInput = z.input<typeof checkoutInput>;

export type CheckoutResult =
  | { kind: "redirect"; authorizationUrl: string; reference: string; invoiceId: string }
  | { kind: "enrolled"; enrollmentId: string; message: string };

/** Paystack references allow A-Za-z0-9 - . = only. */
const newReference = () => `lh-${Date.now().toString(36)}-${randomBytes(8).toString("hex")}`;

/**
 * Starts a checkout: unless the learner is already enrolled, their contact details are saved, then a free track
 * enrolls at once; a paid one gets a pending invoice (price in cents, USD, unique reference) before Paystack is asked
 * for a payment page, so every payment Paystack knows of has an invoice here. Nothing is given until the payment is verified server-side.
 */
export async function startCheckout(deps: Services, learnerId: string, raw: CheckoutInput): Promise<CheckoutResult> {
  const input = parseInput(checkoutInput, raw);
  const { prisma } = deps.db;
  const track = await prisma.track.findUnique({ where: { id: input.trackId } });
  if (!track) throw new NotFoundError(CHECKOUT_MESSAGES.trackNotFound);
  // Refused before anything is saved: a checkout that cannot go ahead leaves the profile as it was.
  const enrolled = await prisma.enrollment.findUnique({ where: { learnerId_trackId: { learnerId, trackId: track.id } } });
  if (enrolled) throw new ConflictError(CHECKOUT_MESSAGES.alreadyEnrolled);
  const learner = await prisma.learner.update({
    where: { id: learnerId },
    data: {
      contact: input.contact,
      gender: input.gender,
      ...(input.location ? { location: input.location } : {}),
      ...(input.description ? { bio: input.description } : {}),
    },
  });

  if (track.priceCents === 0) {
    const enrollment = await prisma.enrollment.upsert({
      where: { learnerId_trackId: { learnerId, trackId: track.id } },
      create: { learnerId, trackId: track.id },
      update: {},
    });
    return { kind: "enrolled", enrollmentId: enrollment.id, message: CHECKOUT_MESSAGES.enrolled };
  }

  const reference = newReference();
  const invoice = await prisma.invoice.create({
    data: {
      learnerId,
      trackId: track.id,
      amountCents: track.priceCents,
      currency: track.currency,
      reference,
      status: "PENDING",
      paymentDetails: "Card payment (Paystack)",
    },
  });
  try {
    const result = await paystackFor(deps.config).initialize({
      email: learner.email,
      amount: track.priceCents,
      currency: track.currency as "USD",
      reference,
      callback_url: `${deps.config.publicUrl}/payment-verification`,
      metadata: { invoiceId: invoice.id, learnerId, trackId: track.id },
    });
    return { kind: "redirect", authorizationUrl: result.authorization_url, reference, invoiceId: invoice.id };
  } catch (error) {
    deps.logger.error({ err: error, reference }, "Paystack initialize failed");
    await prisma.invoice.update({
      where: { id: invoice.id },
      data: { status: "FAILED", flaggedReason: "Paystack could not start the payment." },
    });
    throw new PaymentProviderError(CHECKOUT_MESSAGES.providerDown);
  }
}
