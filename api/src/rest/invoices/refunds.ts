import type { FastifyInstance } from "fastify";
import { REFUND_MESSAGES } from "../../domain/invoices/refunds.ts";
import type { Services } from "../../services.ts";
import { idParam, jsonBody, numberIn, textIn, toGlobalId } from "../input.ts";
import { INVOICE_FIELDS, invoiceJson, toRawId } from "../json.ts";
import { ERROR_FIELDS, restRoutes } from "../pipeline.ts";
import {
  answer,
  choice,
  errors,
  form,
  InvoiceSchema,
  message,
  nullableText,
  number,
  object,
  ref,
  text,
  uuid,
  uuidParams,
} from "../schemas.ts";

const REFUND_FIELDS = "id amount currency method status reason actorEmail createdAt processedAt";

const REFUND = `mutation($input: RefundInvoiceInput!) {
  result: refundInvoice(input: $input) { ${ERROR_FIELDS} ... on RefundInvoicePayload { refund { ${REFUND_FIELDS} } invoice { ${INVOICE_FIELDS} refundedAmount } } }
}`;

export const REFUND_REST_MESSAGES = {
  requested: "Refund requested: Paystack is processing it.",
  recorded: "Refund recorded.",
} as const;

const RefundSchema = object({
  _id: uuid(),
  amount: number("Major units of `currency` (2 decimals)."),
  currency: text(),
  method: choice(["card", "offline"], { description: "card: through Paystack; offline: money given back another way." }),
  status: choice(["pending", "processed", "failed"], { description: "A card refund is pending until Paystack processes it." }),
  reason: text(),
  actorEmail: text("Who asked for it."),
  createdAt: text(undefined, { format: "date-time" }),
  processedAt: nullableText(undefined, { format: "date-time" }),
});

type Node = Record<string, any>;

const refundJson = (refund: Node) => ({
  _id: toRawId(refund.id),
  amount: refund.amount,
  currency: refund.currency,
  method: String(refund.method).toLowerCase(),
  status: String(refund.status).toLowerCase(),
  reason: refund.reason,
  actorEmail: refund.actorEmail,
  createdAt: refund.createdAt,
  processedAt: refund.processedAt ?? null,
});

/** Refunds of paid invoices (finance and owner). */
export async function refundRoutes(app: FastifyInstance, services: Services) {
  restRoutes(app, services).graphql({
    method: "POST",
    url: "/api/invoices/:id/refunds",
    schema: {
      operationId: "refundInvoice",
      summary: "Refunds a paid invoice in full or in part.",
      description:
        "A card payment is refunded through Paystack (status `pending` until Paystack processes it); a payment made " +
        "another way is recorded as refunded at once. A full refund ends the learner's access to the track and mails " +
        "them. An invoice that is not paid (or has nothing left to refund): 409.",
      tags: ["invoices"],
      params: uuidParams("invoice"),
      body: form({
        amount: number("Major units of the invoice's currency, more than 0, at most 2 decimals; optional: all that is left to refund."),
        reason: text("Required: why (kept with the refund and in the audit log)."),
      }),
      response: {
        201: answer(
          "Requested (card) or recorded (offline).",
          object({
            message,
            refund: RefundSchema,
            invoice: ref(InvoiceSchema),
            refundedAmount: number("Refunded so far, in major units of the invoice's currency."),
          }),
        ),
        ...errors(400, 404, 409),
      },
    },
    handle: async (call) => {
      const id = idParam(call.req, REFUND_MESSAGES.notFound);
      const body = jsonBody(call.req);
      const input = {
        id: toGlobalId("Invoice", id),
        amount: numberIn(body.amount, "amount", REFUND_MESSAGES.invalidAmount),
        reason: textIn(body.reason, "reason") ?? "",
      };
      const ok = await call.mutate(REFUND, { input });
      const refund = refundJson(ok.refund);
      return call.reply.code(201).send({
        message: refund.method === "card" && refund.status === "pending" ? REFUND_REST_MESSAGES.requested : REFUND_REST_MESSAGES.recorded,
        refund,
        invoice: invoiceJson(ok.invoice),
        refundedAmount: ok.invoice.refundedAmount,
      });
    },
  });
}
