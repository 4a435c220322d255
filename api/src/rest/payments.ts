import type { FastifyInstance } from "fastify";
import { enqueueSettlement } from "../domain/payments/verify.ts";
import { isValidPaystackSignature } from "../payments/paystack/signature.ts";
import type { Services } from "../services.ts";
import { jsonBody } from "./body.ts";
import { ERROR_FIELDS, HttpError, restContext, run, toGlobalId, unwrap } from "./graphql.ts";
import { genderIn, textIn } from "./shapes.ts";

const CHECKOUT = `mutation($input: CheckoutInput!) {
  result: checkout(input: $input) { ${ERROR_FIELDS} ... on CheckoutPayload { message authorizationUrl reference enrollment { id } } }
}`;
const VERIFY = `mutation($reference: String!) {
  result: verifyPayment(reference: $reference) { ${ERROR_FIELDS} ... on VerifyPaymentPayload { success status message } }
}`;

const REFERENCE = /^[A-Za-z0-9.=-]{1,100}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Checkout, payment verification and the Paystack webhook. */
export async function paymentRoutes(app: FastifyInstance, services: Services) {
  // Checkout (spec: JSON track, learner, paystackCallbackUrl). The learner is the session's; the callback is always
  // our own /payment-verification page, never one supplied by the client (no open redirect).
  app.post("/api/enrollments", async (req, reply) => {
    const body = jsonBody(req);
    const track = textIn(body.track ?? body.trackId, "track");
    if (!track) throw new HttpError(400, "No track specified.");
    if (!UUID.test(track)) throw new HttpError(404, "Track not found.");
    const ctx = await restContext(services, req);
    const input = {
      trackId: toGlobalId("Track", track),
      contact: textIn(body.contact, "contact"),
      gender: genderIn(body.gender),
      location: textIn(body.location, "location"),
      description: textIn(body.description, "description"),
    };
    const { result } = await run(ctx, CHECKOUT, { input });
    const ok = unwrap(reply, result);
    if (!ok) return;
    if (ok.authorizationUrl) return { message: ok.message, authorization_url: ok.authorizationUrl, reference: ok.reference };
    return reply.code(201).send({ message: ok.message, enrolled: true });
  });

  app.post("/api/enrollments/verify-payment", async (req, reply) => {
    const reference = textIn(jsonBody(req).reference, "reference");
    if (!reference) return reply.code(400).send({ success: false, message: "No payment reference was found." });
    const ctx = await restContext(services, req);
    const { result } = await run(ctx, VERIFY, { reference });
    const ok = unwrap(reply, result);
    if (ok) return { success: ok.success, status: ok.status.toLowerCase(), message: ok.message };
  });

  // Paystack webhooks: the signature is checked over the raw bytes, the answer is immediate, the work is a job.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    scope.post("/api/payments/paystack/webhook", async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const signature = req.headers["x-paystack-signature"];
      if (!isValidPaystackSignature(raw, typeof signature === "string" ? signature : undefined, services.config.paystack.secretKey)) {
        return reply.code(401).send({ message: "Invalid signature." });
      }
      let event: { event?: unknown; data?: { reference?: unknown } };
      try {
        event = JSON.parse(raw.toString("utf8"));
      } catch {
        return reply.code(400).send({ message: "The request body is not valid JSON." });
      }
      const reference = event?.data?.reference;
      if (event?.event === "charge.success" && typeof reference === "string" && REFERENCE.test(reference)) {
        // If the queue is unreachable this fails with 5xx and Paystack delivers the webhook again later.
        await enqueueSettlement(services, reference);
      }
      return reply.code(200).send({ received: true });
    });
  });
}
