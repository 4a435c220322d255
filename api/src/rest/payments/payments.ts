import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { UUID_PATTERN } from "../../../../common/formats.ts";
import { COHORT_MESSAGES } from "../../domain/cohorts/cohorts.ts";
import { NotFoundError, ValidationError } from "../../domain/errors.ts";
import { enqueueRefundProcessed } from "../../domain/invoices/refunds.ts";
import { CHECKOUT_MESSAGES } from "../../domain/payments/checkout.ts";
import { enqueueSettlement } from "../../domain/payments/verify.ts";
import { isPaymentReference, PAYSTACK_SIGNATURE_HEADER, REFUND_PROCESSED_EVENT } from "../../paystack/contract.ts";
import { isValidPaystackSignature } from "../../paystack/signature.ts";
import type { Services } from "../../services.ts";
import { currencyIn, genderIn, jsonBody, textIn, toGlobalId } from "../input.ts";
import { ERROR_FIELDS, restRoutes } from "../pipeline.ts";
import { answer, choice, currency, errorAnswer, errors, form, message, object, text } from "../schemas.ts";

const NO_REFERENCE = "No payment reference was found.";

const checkoutSchema = {
  operationId: "checkout",
  summary: "Checkout: enrols the signed-in learner in a track, or starts its card or bank transfer / mobile money payment.",
  description:
    "The learner is the session's; the payment page returns to this site's /payment-verification (a callback URL in " +
    "the body is ignored). A free track enrols at once (201); a paid one answers Paystack's payment page (200), to " +
    "which the browser is sent, or, with `method: 'offline'` when the owner offers it, a pending payment to make by " +
    "bank transfer / mobile money with its reference and instructions (202): the learner is enrolled when finance " +
    "confirms the money (verify-payment answers `pending` until then).",
  tags: ["enrollments"],
  body: form({
    track: text("The track's _id (also accepted as `trackId`).", { format: "uuid" }),
    contact: text("Required."),
    gender: text("Male or Female; required."),
    location: text(),
    description: text(),
    method: Type.Optional(choice(["card", "offline"], { description: "How to pay: card (the default) or bank transfer / mobile money." })),
    plan: Type.Optional(
      choice(["full", "instalments"], {
        description:
          "full (the default) or instalments: part 1 of the track's instalment plan (its `instalmentPlan`) is paid now through Paystack (method card; any channel the owner offers), without a coupon; the answer's amount is part 1's.",
      }),
    ),
    coupon: text("A coupon code, any case; optional. The server checks it and prices the invoice (a 100% coupon enrolls at once)."),
    cohort: text(
      `The _id of the cohort to enroll in (docs/cohorts.md): required for a cohort track (400 '${COHORT_MESSAGES.choose}'), refused for a self-paced one; a full cohort answers 409 '${COHORT_MESSAGES.full}', a closed one 409 '${COHORT_MESSAGES.closed}'.`,
      { format: "uuid" },
    ),
    currency: text(
      "The currency to pay in (NGN, GHS, KES, ZAR or USD, any case); optional: the business currency when omitted. One the track is not sold in (its `prices`) answers 400 and nothing is made.",
      { enum: ["NGN", "GHS", "KES", "ZAR", "USD"] },
    ),
  }),
  response: {
    200: answer(
      "A paid track: go to the payment page.",
      object({
        message,
        authorization_url: text("Paystack's payment page.", { format: "uri" }),
        reference: text(),
        amount: Type.Number({ description: "What is to be paid, in major units of `currency` (2 decimals)." }),
        currency: currency("The payment's currency (Paystack is asked for it)."),
      }),
    ),
    201: answer("A free track: enrolled.", object({ message, enrolled: Type.Literal(true) })),
    202: answer(
      "Bank transfer / mobile money: pay with the reference; enrolled once finance confirms the money.",
      object({
        message,
        offline: Type.Literal(true),
        reference: text("Write it on the transfer."),
        amount: Type.Number({ description: "Major units of `currency` (2 decimals): dollars by default." }),
        currency: currency("The payment's currency."),
        instructions: text("Where to send the money (plain text; keep its line breaks)."),
        expiresAt: text("Pay before this, or the payment lapses.", { format: "date-time" }),
      }),
    ),
    ...errors(400, 404, 409, 429),
  },
};

const verifySchema = {
  operationId: "verifyPayment",
  summary: "Checks a card payment by its reference (after the payment page sends the learner back).",
  description: "Settles the payment (invoice paid, learner enrolled) if Paystack confirms it.",
  tags: ["enrollments"],
  body: form({ reference: text("The `reference` query parameter of /payment-verification.") }),
  response: {
    200: answer(
      "The payment's state.",
      object({
        success: Type.Boolean({ description: "True when the payment is settled." }),
        status: choice(["paid", "failed", "expired", "pending", "not_found"]),
        message,
      }),
    ),
    // The documented answer of this call (docs/product.md, REST routes) is `{success, message}`, a refusal included.
    400: answer(
      `No reference: \`{success: false, message: '${NO_REFERENCE}', errors}\`; other invalid input: \`{message, errors}\`.`,
      object({
        success: Type.Optional(Type.Literal(false, { description: "Present when no reference was given." })),
        message: text("The message to show."),
        errors: Type.Array(object({ field: Type.Optional(text()), message: text() })),
      }),
    ),
    ...errors(404, 429),
  },
};

const webhookSchema = {
  operationId: "paystackWebhook",
  summary:
    "Paystack's webhook: a charge.success event settles the payment, a refund.processed event completes a refund " +
    "(each in a background job).",
  description:
    "Called by Paystack, not by the apps: the raw body must be signed (HMAC-SHA512 with the secret key) in X-Paystack-Signature.",
  tags: ["payments"],
  body: form({ event: text("e.g. charge.success"), data: form({ reference: text() }) }),
  response: {
    200: answer("Received (also for events that are ignored).", object({ received: Type.Boolean() })),
    400: errorAnswer(400, "The body is not JSON."),
    401: errorAnswer(401, "The signature is missing or wrong: 'Invalid signature.'"),
    ...errors(413),
  },
};

const CHECKOUT = `mutation($input: CheckoutInput!) {
  result: checkout(input: $input) {
    ${ERROR_FIELDS} ... on CheckoutPayload { message authorizationUrl reference enrollment { id } total { amount currency } }
  }
}`;
const OFFLINE_PAYMENT = `query($reference: String!) {
  offlinePayment(reference: $reference) { reference amount currency instructions expiresAt }
}`;
const VERIFY = `mutation($reference: String!) {
  result: verifyPayment(reference: $reference) { ${ERROR_FIELDS} ... on VerifyPaymentPayload { success status message } }
}`;

/** The checkout's `method`: card unless "offline" is asked for; anything else is refused. */
function methodIn(value: unknown): "CARD" | "OFFLINE" {
  if (value === undefined || value === null || value === "card") return "CARD";
  if (value === "offline") return "OFFLINE";
  throw new ValidationError("Payment method must be card or offline.");
}

/** The checkout's `cohort` (docs/cohorts.md): a cohort's _id as a global id; one that is no id is not offered. */
function cohortIn(value: unknown): string | undefined {
  const id = textIn(value, "cohort")?.trim();
  if (!id) return undefined;
  if (!UUID_PATTERN.test(id)) throw ValidationError.forField("cohort", COHORT_MESSAGES.notOffered);
  return toGlobalId("Cohort", id);
}

function planIn(value: unknown): "FULL" | "INSTALMENTS" {
  if (value === undefined || value === null || value === "full") return "FULL";
  if (value === "instalments") return "INSTALMENTS";
  throw new ValidationError("Plan must be full or instalments.");
}

/** Checkout, payment verification and the Paystack webhook. */
export async function paymentRoutes(app: FastifyInstance, services: Services) {
  const route = restRoutes(app, services);
  // Checkout (docs/payments.md, Checkout: JSON track, learner, paystackCallbackUrl). The learner is the session's; the callback is always
  // our own /payment-verification page, never one supplied by the client (no open redirect).
  route.graphql({
    method: "POST",
    url: "/api/enrollments",
    schema: checkoutSchema,
    handle: async (call) => {
      const body = jsonBody(call.req);
      const track = textIn(body.track ?? body.trackId, "track");
      if (!track) throw new ValidationError("No track specified.");
      if (!UUID_PATTERN.test(track)) throw new NotFoundError("Track not found.");
      const input = {
        trackId: toGlobalId("Track", track),
        contact: textIn(body.contact, "contact"),
        gender: genderIn(body.gender),
        location: textIn(body.location, "location"),
        description: textIn(body.description, "description"),
        method: methodIn(body.method),
        coupon: textIn(body.coupon, "coupon"),
        plan: planIn(body.plan),
        currency: currencyIn(body.currency, "currency", CHECKOUT_MESSAGES.currency),
        cohortId: cohortIn(body.cohort),
      };
      const ok = await call.mutate(CHECKOUT, { input });
      if (ok.authorizationUrl)
        return {
          message: ok.message,
          authorization_url: ok.authorizationUrl,
          reference: ok.reference,
          amount: ok.total.amount,
          currency: ok.total.currency,
        };
      if (ok.reference) {
        const { offlinePayment: pay } = await call.query(OFFLINE_PAYMENT, { reference: ok.reference });
        return call.reply.code(202).send({ message: ok.message, offline: true, ...pay });
      }
      return call.reply.code(201).send({ message: ok.message, enrolled: true });
    },
  });

  route.graphql({
    method: "POST",
    url: "/api/enrollments/verify-payment",
    schema: verifySchema,
    handle: async (call) => {
      const reference = textIn(jsonBody(call.req).reference, "reference");
      // This refusal is the call's documented `{success, message}` answer, not the usual `{message, errors}`.
      if (!reference) return call.reply.code(400).send({ success: false, message: NO_REFERENCE, errors: [{ message: NO_REFERENCE }] });
      const ok = await call.mutate(VERIFY, { reference });
      return { success: ok.success, status: ok.status.toLowerCase(), message: ok.message };
    },
  });

  // Paystack webhooks: the signature is checked over the raw bytes, the answer is immediate, the work is a job
  // (a domain route: the caller is the payment provider, not a viewer an operation could run as).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    restRoutes(scope, services).domain({
      method: "POST",
      url: "/api/payments/paystack/webhook",
      schema: webhookSchema,
      config: { anyBodyType: true },
      handle: async ({ req, reply }) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const signature = req.headers[PAYSTACK_SIGNATURE_HEADER];
        if (!isValidPaystackSignature(raw, typeof signature === "string" ? signature : undefined, services.config.paystack.secretKey)) {
          return reply.code(401).send({ message: "Invalid signature." });
        }
        let event: { event?: unknown; data?: { reference?: unknown; id?: unknown } };
        try {
          event = JSON.parse(raw.toString("utf8"));
        } catch {
          return reply.code(400).send({ message: "The request body is not valid JSON." });
        }
        const reference = event?.data?.reference;
        if (event?.event === "charge.success" && isPaymentReference(reference)) {
          // The job is recorded in the database: if that fails this answers 5xx and Paystack delivers the webhook again
          // later; a queue (Redis) outage only delays the job.
          await enqueueSettlement(services, reference);
        }
        // Paystack sends the refund's id as a string of digits (a number is taken too).
        const refundId = event?.data?.id;
        const paystackRefundId = typeof refundId === "number" ? String(refundId) : refundId;
        if (event?.event === REFUND_PROCESSED_EVENT && typeof paystackRefundId === "string" && /^\d{1,20}$/.test(paystackRefundId)) {
          await enqueueRefundProcessed(services, paystackRefundId);
        }
        return reply.code(200).send({ received: true });
      },
    });
  });
}
