import { Repeater } from "graphql-yoga";
import { paymentStatusOf } from "../../domain/invoices/status.ts";
import { startCheckout } from "../../domain/payments/checkout.ts";
import { findOwnPayment, type VerifyOutcome, verifyPaymentForLearner } from "../../domain/payments/verify.ts";
import { Gender } from "../accounts/account.ts";
import { builder } from "../builder.ts";
import { Track } from "../catalogue/track.ts";
import { Cohort } from "../cohorts/cohort.ts";
import { Enrollment } from "../learning/enrollment.ts";
import { commonErrors } from "../schema/errors.ts";
import { CurrencyCode, Money, type MoneyValue, money } from "../schema/money.ts";
import { PaymentChannel } from "../schema/payment-channel.ts";

const PaymentStatus = builder.enumType("PaymentStatus", {
  values: {
    PENDING: { description: "Not settled yet." },
    PAID: { description: "Paid: the learner is enrolled." },
    FAILED: { description: "The payment failed (e.g. the card was declined)." },
    EXPIRED: {
      description:
        "Not paid in time (an abandoned card checkout, an offline payment past its date) or cancelled by finance; nothing was taken.",
    },
    NOT_FOUND: { description: "No payment of yours has this reference." },
  } as const,
  description: "Where a payment reference stands; NOT_FOUND also covers references of other learners.",
});

const CheckoutMethod = builder.enumType("CheckoutMethod", {
  description: "How the learner pays at checkout.",
  values: {
    CARD: { description: "By card through Paystack (the default)." },
    OFFLINE: { description: "By bank transfer / mobile money, when the owner enabled it (see businessSettings)." },
  } as const,
});

const CheckoutPlan = builder.enumType("CheckoutPlan", {
  description: "Whether the learner pays the whole price now or in the track's instalments.",
  values: {
    FULL: { description: "The whole price now (the default)." },
    INSTALMENTS: { description: "Part 1 of the track's instalment plan now, the later parts on their due dates (card only, no coupon)." },
  } as const,
});

const CheckoutInput = builder.inputType("CheckoutInput", {
  description: "The checkout form: the track and the buyer's details.",
  fields: (t) => ({
    trackId: t.globalID({ for: [Track], description: "The track to buy." }),
    contact: t.string({ description: "Phone number (saved to the profile)." }),
    gender: t.field({ type: Gender, description: "Gender (saved to the profile)." }),
    location: t.string({ description: "Where the learner lives; optional (saved to the profile)." }),
    description: t.string({ description: "A short bio; optional (saved to the profile)." }),
    method: t.field({ type: CheckoutMethod, description: "Card (the default) or bank transfer / mobile money." }),
    coupon: t.string({ description: "A coupon code, any case; optional. The server checks it and prices the invoice." }),
    plan: t.field({
      type: CheckoutPlan,
      description: "FULL (the default) or INSTALMENTS when the track offers a plan (Track.instalmentPlan); refused with a coupon.",
    }),
    cohortId: t.globalID({
      for: [Cohort],
      description:
        "The cohort to enroll in: required for a cohort track (ValidationError on `cohort`), refused for a self-paced one. A full cohort is refused with a ConflictError.",
    }),
    currency: t.field({
      type: CurrencyCode,
      description:
        "The currency to pay in: the business currency when omitted, or another the track has its own price in (Track.prices); any other is refused (ValidationError on `currency`) and nothing is made.",
    }),
  }),
});

const CheckoutPayload = builder
  .objectRef<{
    message: string;
    authorizationUrl: string | null;
    reference: string | null;
    enrollmentId: string | null;
    offline?: boolean;
    total?: MoneyValue | null;
  }>("CheckoutPayload")
  .implement({
    description: "A started checkout: where to pay, or the enrollment of a free track.",
    fields: (t) => ({
      message: t.exposeString("message", { description: "What happened, in words to show the user." }),
      authorizationUrl: t.exposeString("authorizationUrl", {
        nullable: true,
        description: "Send the browser here to pay. Null when the track was free and the learner is already enrolled.",
      }),
      reference: t.exposeString("reference", {
        nullable: true,
        description: "The payment's reference, for verifyPayment and paymentStatus; null for a free track.",
      }),
      offline: t.boolean({
        description: "True for a bank transfer / mobile money payment: show offlinePayment(reference) and wait for finance.",
        resolve: (p) => p.offline ?? false,
      }),
      total: t.field({
        type: Money,
        nullable: true,
        description: "What the payment is for: the invoice's amount in its currency (Paystack is asked for it); null for a free track.",
        resolve: (p) => p.total ?? null,
      }),
      enrollment: t.prismaField({
        type: Enrollment,
        nullable: true,
        description: "The new enrollment of a free track; null when there is a payment to make.",
        resolve: (query, p, _args, ctx) =>
          p.enrollmentId ? ctx.services.db.prisma.enrollment.findUnique({ ...query, where: { id: p.enrollmentId } }) : null,
      }),
    }),
  });

const VerifyPaymentPayload = builder.objectRef<VerifyOutcome>("VerifyPaymentPayload").implement({
  description: "Where a payment stands after checking it with Paystack.",
  fields: (t) => ({
    success: t.exposeBoolean("success", { description: "True when the payment is paid." }),
    status: t.expose("status", { type: PaymentStatus, description: "Pending, paid, failed, expired or not found." }),
    message: t.exposeString("message", { description: "What happened, in words to show the user." }),
    channel: t.field({
      type: PaymentChannel,
      nullable: true,
      description:
        "For a pending payment by a channel that completes later (BANK_TRANSFER, USSD, MOBILE_MONEY), that channel: the page waits for it and turns to paid when Paystack confirms. Null otherwise.",
      resolve: (p) => p.channel ?? null,
    }),
  }),
});

const PaymentStatusEvent = builder
  .objectRef<{ reference: string; status: "PAID" | "FAILED" | "EXPIRED" | "PENDING" | "NOT_FOUND" }>("PaymentStatusEvent")
  .implement({
    description: "A payment's status, now or after a change.",
    fields: (t) => ({
      reference: t.exposeString("reference", { description: "The payment's reference." }),
      status: t.expose("status", { type: PaymentStatus, description: "Pending, paid, failed, expired or not found." }),
    }),
  });

const errors = { types: commonErrors };
const OFFLINE_CHECKOUT_MESSAGE = "Pay by bank transfer or mobile money with your reference; you are enrolled once we confirm it.";

builder.queryFields((t) => ({
  paymentsTestMode: t.boolean({
    description:
      "True when payments go to the built-in Paystack sandbox: test payments, no real money, and anyone can pay. Both sites then show a banner on every page.",
    resolve: (_root, _args, ctx) => ctx.services.config.paystack.sandbox,
  }),
}));

builder.mutationFields((t) => ({
  checkout: t.field({
    type: CheckoutPayload,
    errors,
    authScopes: { learner: true },
    description: "Starts paying for a track (or enrolls at once in a free one). Contact and gender are saved to the profile.",
    args: { input: t.arg({ type: CheckoutInput, required: true, description: "The checkout form." }) },
    resolve: async (_root, { input }, ctx) => {
      const result = await startCheckout(ctx.services, ctx.viewer?.accountId as string, {
        ...input,
        trackId: input.trackId?.id,
        cohortId: input.cohortId?.id,
      });
      if (result.kind === "offline")
        return {
          message: OFFLINE_CHECKOUT_MESSAGE,
          authorizationUrl: null,
          reference: result.reference,
          enrollmentId: null,
          offline: true,
          total: money(result.amountCents, result.currency),
        };
      return result.kind === "redirect"
        ? {
            message: "Redirecting to payment.",
            authorizationUrl: result.authorizationUrl,
            reference: result.reference,
            enrollmentId: null,
            total: money(result.amountCents, result.currency),
          }
        : { message: result.message, authorizationUrl: null, reference: null, enrollmentId: result.enrollmentId };
    },
  }),
  verifyPayment: t.field({
    type: VerifyPaymentPayload,
    errors,
    authScopes: { learner: true },
    description: "Confirms a payment by its reference (your own only); waits briefly for the outcome.",
    args: { reference: t.arg.string({ required: true, description: "The reference checkout answered." }) },
    resolve: (_root, { reference }, ctx) =>
      verifyPaymentForLearner(ctx.services, ctx.viewer?.accountId as string, reference, { beforeWaiting: ctx.client.leaveInFlight }),
  }),
}));

builder.subscriptionFields((t) => ({
  paymentStatus: t.field({
    type: PaymentStatusEvent,
    authScopes: { learner: true },
    description: "The status of one of your payments now, then each change, until it is settled (Server-Sent Events).",
    args: { reference: t.arg.string({ required: true, description: "The reference checkout answered." }) },
    subscribe: (_root, { reference }, ctx) =>
      new Repeater<{ reference: string; status: "PAID" | "FAILED" | "EXPIRED" | "PENDING" | "NOT_FOUND" }>(async (push, stop) => {
        const { prisma } = ctx.services.db;
        // The same ownership and format check as verifyPayment's (domain/payments/verify.ts).
        if (!(await findOwnPayment(ctx.services, ctx.viewer?.accountId as string, reference))) {
          await push({ reference, status: "NOT_FOUND" });
          stop();
          return;
        }
        // Listen first (and, over Redis, until the subscription is confirmed), then read the status, so a settlement
        // in between is not missed.
        const events = await ctx.services.pubsub.listen("payment", reference);
        const current = await prisma.invoice.findUniqueOrThrow({ where: { reference }, select: { status: true } });
        await push({ reference, status: paymentStatusOf(current.status) });
        if (current.status !== "PENDING") {
          stop();
          await events.return?.();
          return;
        }
        stop.then(() => events.return?.());
        for await (const event of events) {
          await push(event);
          if (event.status !== "PENDING") break;
        }
        stop();
      }),
    resolve: (event) => event,
  }),
}));
