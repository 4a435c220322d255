import { z } from "zod";
import { CURRENCY_CODES } from "../../../../common/money.ts";
import { CHECKOUT_MESSAGES, checkoutChannels, PAYMENT_CHANNELS, type PaymentChannel } from "../../../../common/payments.ts";
import { PAYSTACK_TIMEOUT_MS } from "../../paystack/client.ts";
import type { PaystackCurrency } from "../../paystack/contract.ts";
import { paystackFor } from "../../paystack/index.ts";
import { phoneNumber } from "../accounts/rules.ts";
import { priceIn, TRACK_PRICES } from "../catalogue/prices.ts";
import { lockSoldTrack } from "../catalogue/tracks.ts";
import { checkoutCohort, claimSeat } from "../cohorts/cohorts.ts";
import { countCouponTry, invoicePrice, priceWithin, type TaxSetting, taxSetting, usableCoupon } from "../coupons/coupons.ts";
import type { DomainServices as Services } from "../deps.ts";
import { AppError, ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import { hit, LIMITS } from "../rate-limit.ts";
import { type FormInput, parseInput } from "../validation.ts";
import { createPaymentPlan, INSTALMENT_MESSAGES, type PlanTerms, planSchedule, splitTax } from "./instalment-plans.ts";
import { createCheckoutInvoice, startOfflineCheckout } from "./offline.ts";
import { afterSettlement, PaymentStillPendingError, settlePayment, settleWithin } from "./settle.ts";

// Shared with the checkout form (common/payments.ts).
export { CHECKOUT_MESSAGES };

/** The payment provider failed; nothing was charged. */
export class PaymentProviderError extends AppError {
  override name = "PaymentProviderError";
  readonly status = 502;
}

const checkoutInput = z.object({
  trackId: z.string({ error: CHECKOUT_MESSAGES.noTrack }).min(1, CHECKOUT_MESSAGES.noTrack),
  contact: phoneNumber(CHECKOUT_MESSAGES.contact),
  gender: z.enum(["MALE", "FEMALE"], { error: CHECKOUT_MESSAGES.gender }),
  location: z.string().trim().max(120).nullish(),
  description: z.string().trim().max(2000).nullish(),
  /** CARD (Paystack, the default) or OFFLINE (bank transfer / mobile money, when the owner enabled it). */
  method: z.enum(["CARD", "OFFLINE"], { error: CHECKOUT_MESSAGES.method }).nullish(),
  /** A coupon code (any case); the server checks it and prices the invoice itself. */
  coupon: z.string().trim().max(60, "This coupon code is not valid.").nullish(),
  /** The currency to pay in: the business currency when omitted; one the track is not sold in is refused. */
  currency: z.enum(CURRENCY_CODES, { error: CHECKOUT_MESSAGES.currency }).nullish(),
  /** FULL (the default) or INSTALMENTS: the track's instalment plan, part 1 paid now (instalment-plans.ts). */
  plan: z.enum(["FULL", "INSTALMENTS"], { error: "Choose to pay in full or in instalments." }).nullish(),
  /** The cohort to enroll in: required for a cohort track, refused for a self-paced one (docs/cohorts.md). */
  cohortId: z.string().trim().max(100).nullish(),
});

/** A track as one checkout sells it: its price in the checkout's currency (catalogue/prices.ts, `priceIn`). */
export interface SoldTrack {
  id: string;
  name: string;
  /** Minor units of `currency`. */
  priceCents: number;
  currency: string;
}

export type CheckoutInput = FormInput<z.input<typeof checkoutInput>>;

export type CheckoutResult =
  | { kind: "redirect"; authorizationUrl: string; reference: string; invoiceId: string; amountCents: number; currency: string }
  | { kind: "enrolled"; enrollmentId: string; message: string }
  | {
      kind: "offline";
      reference: string;
      invoiceId: string;
      instructions: string;
      expiresAt: Date;
      amountCents: number;
      currency: string;
    };

/**
 * How long after an invoice was made a repeated checkout waits for the payment page another request is still asking
 * Paystack for: longer than that request may wait for Paystack (PAYSTACK_TIMEOUT_MS), so a slow answer is kept before
 * the wait gives up and starts a second invoice with a second page (two live pages could be paid twice).
 */
const PAYMENT_PAGE_WAIT_MS = PAYSTACK_TIMEOUT_MS + 5_000;

/** Written on an abandoned checkout's invoice (it becomes ABANDONED, without a flag: nothing went wrong). */
export const ABANDONED_DETAILS = "Card payment (Paystack): not paid in time, the checkout expired.";

/**
 * When a card checkout made now would count as abandoned if still unpaid: the owner's setting
 * (`BusinessSettings.checkoutAbandonHours`, 24 unless changed) before now.
 */
export async function abandonCutoff(deps: Pick<Services, "db">, now = Date.now()): Promise<Date> {
  const settings = await deps.db.prisma.businessSettings.findUnique({ where: { id: 1 }, select: { checkoutAbandonHours: true } });
  return new Date(now - (settings?.checkoutAbandonHours ?? 24) * 60 * 60_000);
}

/**
 * Starts a checkout: unless the learner is already enrolled, their contact details are saved, then a free track
 * enrolls at once; a paid one gets a pending invoice (the track's price in the checkout's currency, in minor units,
 * and a unique reference) before Paystack is asked for a payment page in that currency, so every payment Paystack
 * knows of has an invoice here. A currency the track is not sold in is refused before anything is saved. Nothing is given until the payment is
 * verified server-side. A learner has at most one open checkout per track: a repeated checkout (a double click, a
 * second tab, a script) gets the same invoice and payment page, and checkouts are rate-limited per learner.
 */
export async function startCheckout(deps: Services, learnerId: string, raw: CheckoutInput): Promise<CheckoutResult> {
  await hit(deps, `checkout:learner:${learnerId}`, LIMITS.checkoutPerLearner);
  const input = parseInput(checkoutInput, raw);
  const { prisma } = deps.db;
  const found = await prisma.track.findUnique({
    where: { id: input.trackId, status: "PUBLISHED" },
    include: { prices: TRACK_PRICES, instalmentPlan: true },
  });
  if (!found) throw new NotFoundError(CHECKOUT_MESSAGES.trackNotFound);
  if (found.archivedAt) throw new ConflictError(CHECKOUT_MESSAGES.noLongerSold);
  // Refused before anything is saved: a checkout that cannot go ahead leaves the profile as it was.
  const enrolled = await prisma.enrollment.findUnique({ where: { learnerId_trackId: { learnerId, trackId: found.id } } });
  if (enrolled) throw new ConflictError(CHECKOUT_MESSAGES.alreadyEnrolled);
  const track: SoldTrack = { id: found.id, name: found.name, ...priceIn(found, input.currency) };
  // Cohorts (docs/cohorts.md): the cohort is checked here, before anything is saved; every path below claims its seat
  // again with `claimSeat`, under the cohort's lock, in the transaction that writes the invoice or the enrollment.
  const cohortId = await checkoutCohort(prisma, found, input.cohortId, learnerId);
  // Instalments (docs/payments.md, "Instalments"): by card only, without a coupon, on a track that offers a plan the
  // price still allows; refused before anything is saved.
  let instalments: Instalments | null = null;
  if (input.plan === "INSTALMENTS") {
    if (input.coupon?.trim()) throw ValidationError.forField("coupon", INSTALMENT_MESSAGES.noCoupon);
    if (input.method === "OFFLINE") throw ValidationError.forField("method", INSTALMENT_MESSAGES.cardOnly);
    const offer = found.instalmentPlan;
    if (!offer || track.priceCents === 0 || offer.firstAmountCents >= found.priceCents)
      throw ValidationError.forField("plan", INSTALMENT_MESSAGES.notOffered);
    instalments = { terms: offer, mainPriceCents: found.priceCents };
  }
  // A code tried at checkout counts against the same tries as the page's quotes: guessing codes here is no cheaper.
  if (input.coupon?.trim()) await countCouponTry(deps, learnerId);
  // A refused coupon is refused before the profile changes (checked again under its lock when the invoice is made).
  const coupon =
    input.coupon && track.priceCents > 0
      ? await usableCoupon(prisma, input.coupon, { trackId: track.id, currency: track.currency }, learnerId)
      : null;
  const tax = await taxSetting(deps);
  // The channels Paystack is opened with (the owner's, in this currency); none for a payment is refused before
  // anything is saved.
  const channels = await checkoutChannelsFor(deps, track.currency);
  const toPay = track.priceCents > 0 && !(coupon && invoicePrice(track, coupon, tax).amountCents === 0);
  if (toPay && input.method !== "OFFLINE" && channels.length === 0)
    throw ValidationError.forField("currency", CHECKOUT_MESSAGES.noChannel(track.currency));
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
    const enrollment = await prisma.$transaction(async (tx) => {
      await lockSoldTrack(tx, track.id);
      if (cohortId) await claimSeat(tx, cohortId, learnerId);
      return tx.enrollment.upsert({
        where: { learnerId_trackId: { learnerId, trackId: track.id } },
        create: { learnerId, trackId: track.id, cohortId },
        update: {},
      });
    });
    return { kind: "enrolled", enrollmentId: enrollment.id, message: CHECKOUT_MESSAGES.enrolled };
  }

  if (coupon && invoicePrice(track, coupon, tax).amountCents === 0) {
    const free = await enrollWithFullDiscount(deps, learnerId, track, coupon.code, tax, cohortId);
    if (free) return free;
  }

  if (input.method === "OFFLINE")
    return { kind: "offline", ...(await startOfflineCheckout(deps, learner, track, input.coupon ?? null, tax, cohortId)) };

  // A repeated checkout that waited in vain for the payment page another request was starting (that request's process
  // died between making the invoice and keeping its page) starts over: the stale invoice is no longer reused, so this
  // one makes its own, instead of telling the learner that Paystack failed when it did not.
  const started =
    (await startCardCheckout(deps, learner, track, input, tax, channels, instalments, cohortId)) ??
    (await startCardCheckout(deps, learner, track, input, tax, channels, instalments, cohortId));
  if (!started) throw new PaymentProviderError(CHECKOUT_MESSAGES.providerDown);
  return started;
}

/** An instalment checkout: the track's plan terms and its main price (the plan's proportions are of it). */
interface Instalments {
  terms: PlanTerms;
  mainPriceCents: number;
}

/**
 * The card part of startCheckout: the pending invoice (or the open one a repeated checkout reuses) and its payment
 * page. Null when the reused invoice's page never came (see paymentPageOf).
 */
async function startCardCheckout(
  deps: Services,
  learner: { id: string; email: string },
  track: SoldTrack,
  input: z.output<typeof checkoutInput>,
  tax: TaxSetting,
  channels: PaymentChannel[],
  instalments: Instalments | null = null,
  cohortId: string | null = null,
): Promise<CheckoutResult | null> {
  const { prisma } = deps.db;
  const learnerId = learner.id;
  await expireAbandonedCheckouts(deps, learnerId);
  const cutoff = await abandonCutoff(deps);
  // The learner's row lock makes concurrent checkouts take turns here: the first creates the invoice, the others find it.
  const { invoice, created } = await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT 1 FROM "Learner" WHERE "id" = ${learnerId}::uuid FOR UPDATE`;
    await lockSoldTrack(tx, track.id);
    const full = await priceWithin(tx, track, learnerId, instalments ? null : input.coupon, tax);
    // With instalments the invoice is part 1 of a new plan: its share of the full price (and of the tax in it).
    const partOne = instalments
      ? (() => {
          const amounts = planAmounts(instalments, full.amountCents);
          const taxes = splitTax(full.taxCents, amounts, full.amountCents);
          return { ...full, subtotalCents: amounts[0] as number, amountCents: amounts[0] as number, taxCents: taxes[0] as number };
        })()
      : null;
    const price = partOne ?? full;
    const open = await tx.invoice.findFirst({
      where: {
        learnerId,
        trackId: track.id,
        status: "PENDING",
        reference: { not: null },
        expiresAt: null,
        createdAt: { gt: cutoff },
        partNumber: instalments ? 1 : null,
        // Reused only for the same cohort: one for another cohort is left to be abandoned, as one at an old price is.
        cohortId,
      },
      orderBy: { createdAt: "desc" },
    });
    // An open invoice at an older price is left to expire; the learner pays today's price. One without a payment page
    // is reused only while another request may still be asking Paystack for it (one from before pages were kept is not).
    const startedRecently = open && open.createdAt.getTime() > Date.now() - PAYMENT_PAGE_WAIT_MS;
    const reusable =
      open &&
      open.amountCents === price.amountCents &&
      (instalments !== null || (open.subtotalCents ?? open.amountCents) === track.priceCents) &&
      open.couponId === price.couponId &&
      open.currency === track.currency;
    if (open && reusable && (open.authorizationUrl || startedRecently)) return { invoice: open, created: false };
    // A new checkout invoice holds a seat (the plan's part 1 does, for instalments): claimed before it is written.
    if (cohortId) await claimSeat(tx, cohortId, learnerId);
    if (instalments) {
      const { plan, first } = await createPaymentPlan(
        tx,
        learnerId,
        { id: track.id, currency: track.currency, mainPriceCents: instalments.mainPriceCents },
        instalments.terms,
        full,
        new Date(),
      );
      const fresh = await createCheckoutInvoice(
        tx,
        learnerId,
        track,
        { ...full, ...first, subtotalCents: first.amountCents },
        { paymentDetails: `Card payment (Paystack): instalment 1 of ${plan.parts}`, paymentPlanId: plan.id, partNumber: 1, cohortId },
      );
      return { invoice: fresh, created: true };
    }
    const fresh = await createCheckoutInvoice(tx, learnerId, track, price, { paymentDetails: "Card payment (Paystack)", cohortId });
    return { invoice: fresh, created: true };
  });
  const reference = invoice.reference as string;
  if (!created) {
    const authorizationUrl = invoice.authorizationUrl ?? (await paymentPageOf(deps, invoice));
    if (!authorizationUrl) return null;
    return { kind: "redirect", authorizationUrl, reference, invoiceId: invoice.id, ...charged(invoice) };
  }
  try {
    const result = await paystackFor(deps.config).initialize({
      email: learner.email,
      // The invoice's own amount (minor units) and currency: what the settlement checks Paystack's answer against.
      amount: invoice.amountCents,
      currency: invoice.currency as PaystackCurrency,
      reference,
      callback_url: `${deps.config.publicUrl}/payment-verification`,
      metadata: { invoiceId: invoice.id, learnerId, trackId: track.id, ...(invoice.partNumber ? { part: invoice.partNumber } : {}) },
      // The owner's channels that the invoice's currency supports (docs/payments.md, Channels).
      channels,
    });
    await prisma.invoice.update({ where: { id: invoice.id }, data: { authorizationUrl: result.authorization_url } });
    return { kind: "redirect", authorizationUrl: result.authorization_url, reference, invoiceId: invoice.id, ...charged(invoice) };
  } catch (error) {
    deps.logger.error({ err: error, reference }, "Paystack initialize failed");
    await prisma.invoice.update({
      where: { id: invoice.id },
      data: { status: "FAILED", flaggedReason: "Paystack could not start the payment." },
    });
    throw new PaymentProviderError(CHECKOUT_MESSAGES.providerDown);
  }
}

/** The parts' amounts of an instalment checkout whose full price is `totalCents` (instalment-plans.ts, the rule). */
function planAmounts(instalments: Instalments, totalCents: number): number[] {
  const schedule = planSchedule(instalments.terms, instalments.mainPriceCents, totalCents, new Date());
  if (!schedule) throw ValidationError.forField("plan", INSTALMENT_MESSAGES.notOffered);
  return schedule.map((p) => p.amountCents);
}

/**
 * The channels a checkout in `currency` opens Paystack with: the owner's (`BusinessSettings.paymentChannels`) that the
 * currency supports (common/payments.ts, CHANNELS_BY_CURRENCY).
 */
export async function checkoutChannelsFor(deps: Pick<Services, "db">, currency: string): Promise<PaymentChannel[]> {
  const settings = await deps.db.prisma.businessSettings.findUnique({ where: { id: 1 }, select: { paymentChannels: true } });
  return checkoutChannels(settings?.paymentChannels ?? PAYMENT_CHANNELS, currency);
}

/** What a started checkout charges: the invoice's amount (minor units) and currency. */
const charged = (invoice: { amountCents: number; currency: string }) => ({ amountCents: invoice.amountCents, currency: invoice.currency });

/**
 * A coupon that takes the whole price: no payment to make. Under the learner's, track's and coupon's locks the coupon is
 * checked again, a PENDING invoice of 0 is made with the coupon's redemption and settled at once through the one
 * settlement (`settleWithin`: enrollment once, receipt mail), so the sale is on record. Null when something is left
 * to pay.
 */
async function enrollWithFullDiscount(
  deps: Services,
  learnerId: string,
  track: SoldTrack,
  code: string,
  tax: TaxSetting,
  cohortId: string | null,
): Promise<CheckoutResult | null> {
  const settled = await deps.db.prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT 1 FROM "Learner" WHERE "id" = ${learnerId}::uuid FOR UPDATE`;
    await lockSoldTrack(tx, track.id);
    const price = await priceWithin(tx, track, learnerId, code, tax);
    if (price.amountCents !== 0 || !price.couponId) return null;
    const enrolled = await tx.enrollment.findUnique({ where: { learnerId_trackId: { learnerId, trackId: track.id } } });
    if (enrolled) throw new ConflictError(CHECKOUT_MESSAGES.alreadyEnrolled);
    // The seat is claimed before the invoice that settleWithin turns into the cohort's enrollment.
    if (cohortId) await claimSeat(tx, cohortId, learnerId);
    const invoice = await createCheckoutInvoice(tx, learnerId, track, price, {
      paymentDetails: `Coupon ${price.couponCode}: nothing to pay`,
      cohortId,
    });
    return settleWithin(tx, deps, invoice.id, { method: "OTHER", paidAt: new Date() });
  });
  if (!settled) return null;
  afterSettlement(deps, settled);
  const enrollment = await deps.db.prisma.enrollment.findUniqueOrThrow({
    where: { learnerId_trackId: { learnerId, trackId: track.id } },
  });
  return { kind: "enrolled", enrollmentId: enrollment.id, message: CHECKOUT_MESSAGES.enrolled };
}

/**
 * The payment page of an invoice whose checkout another request is still starting, waited for until
 * PAYMENT_PAGE_WAIT_MS after the invoice was made. A PaymentProviderError when that request found Paystack failing
 * (the invoice FAILED); null when the page never came while the invoice stayed pending (that request died).
 */
async function paymentPageOf(deps: Services, open: { id: string; createdAt: Date }): Promise<string | null> {
  const deadline = open.createdAt.getTime() + PAYMENT_PAGE_WAIT_MS;
  for (;;) {
    const invoice = await deps.db.prisma.invoice.findUnique({ where: { id: open.id }, select: { status: true, authorizationUrl: true } });
    if (invoice?.authorizationUrl) return invoice.authorizationUrl;
    if (invoice?.status !== "PENDING") throw new PaymentProviderError(CHECKOUT_MESSAGES.providerDown);
    if (Date.now() >= deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Pending card checkouts older than the owner's setting (`BusinessSettings.checkoutAbandonHours`) are no longer
 * payable. Each is settled first, so a payment made late is still honoured (and a declined one marked as such); one
 * Paystack still reports as open (`ongoing`, `pending`, ..., or `abandoned`: opened, never paid) becomes ABANDONED (with ABANDONED_DETAILS): not a failure, counted nowhere, hidden
 * from the learner and from the admin list's default view. A Paystack success that arrives later still settles it.
 * Runs on the learner's next checkout, or for everyone when `learnerId` is omitted; returns how many were abandoned.
 */
export async function expireAbandonedCheckouts(deps: Services, learnerId?: string, batch = 50): Promise<number> {
  const { prisma } = deps.db;
  const stale = await prisma.invoice.findMany({
    where: {
      ...(learnerId ? { learnerId } : {}),
      status: "PENDING",
      reference: { not: null },
      // Card checkouts only: an offline (bank transfer / mobile money) invoice lapses at its own `expiresAt`.
      expiresAt: null,
      // A later instalment part is never abandoned: it stays payable (instalments.ts looks after its charges).
      OR: [{ partNumber: null }, { partNumber: 1 }],
      createdAt: { lte: await abandonCutoff(deps) },
    },
    select: { id: true, reference: true },
    take: batch,
  });
  let expired = 0;
  for (const invoice of stale) {
    const reference = invoice.reference as string;
    try {
      // Settled, failed or flagged: done. Still open at Paystack (`abandoned`: not paid yet; a transfer never
      // confirmed): abandoned here.
      const outcome = await settlePayment(deps, reference);
      if (outcome !== "OPEN" && outcome !== "AWAITING_TRANSFER") continue;
    } catch (error) {
      if (!(error instanceof PaymentStillPendingError)) {
        deps.logger.warn({ err: error, reference }, "could not check an abandoned checkout; left pending");
        continue;
      }
    }
    const changed = await prisma.invoice.updateMany({
      where: { id: invoice.id, status: "PENDING" },
      data: { status: "ABANDONED", paymentDetails: ABANDONED_DETAILS },
    });
    if (changed.count) {
      expired++;
      deps.pubsub.publish("payment", reference, { reference, status: "EXPIRED" });
    }
  }
  return expired;
}
