import type { FastifyInstance } from "fastify";
import { ValidationError } from "../../domain/errors.ts";
import { OFFLINE_MESSAGES } from "../../domain/payments/offline.ts";
import type { Services } from "../../services.ts";
import { idParam, jsonBody, textIn, toGlobalId } from "../input.ts";
import { INVOICE_FIELDS, invoiceJson } from "../json.ts";
import { ERROR_FIELDS, restRoutes } from "../pipeline.ts";
import { answer, choice, errors, form, InvoiceSchema, nullableText, ref, text, uuidParams, withMessageAndData } from "../schemas.ts";

const CONFIRM = `mutation($input: ConfirmPaymentInput!) {
  result: confirmInvoicePayment(input: $input) { ${ERROR_FIELDS} ... on ConfirmPaymentPayload { invoice { ${INVOICE_FIELDS} } } }
}`;

export const SETTLEMENT_REST_MESSAGES = {
  confirmed: "Payment confirmed; the learner is enrolled.",
} as const;

const METHODS = ["bank_transfer", "mobile_money", "cash", "other"] as const;

/** bank_transfer / mobile_money / cash / other, in any case. */
function methodIn(value: unknown): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const lower = typeof value === "string" ? value.trim().toLowerCase() : "";
  if ((METHODS as readonly string[]).includes(lower)) return lower.toUpperCase();
  throw ValidationError.forField("method", OFFLINE_MESSAGES.method);
}

/** A calendar date YYYY-MM-DD. */
function dayIn(value: unknown): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const day = typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value.trim()) ? value.trim() : "";
  const parsed = new Date(`${day}T00:00:00Z`);
  if (!day || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day)
    throw ValidationError.forField("receivedOn", "Date received must be a date like 2026-01-31.");
  return day;
}

/** Finance confirms receipt of an invoice's money. */
export async function settlementRoutes(app: FastifyInstance, services: Services) {
  const route = restRoutes(app, services);
  route.graphql({
    method: "POST",
    url: "/api/invoices/:id/confirm",
    schema: {
      operationId: "confirmInvoicePayment",
      summary:
        "Confirms the money of a pending invoice was received (finance and owner): the learner is enrolled once and mailed a receipt.",
      tags: ["invoices"],
      params: uuidParams("invoice"),
      body: form({
        method: choice(METHODS, { description: "How it was received." }),
        receivedOn: text("YYYY-MM-DD, not in the future.", { format: "date" }),
        note: nullableText("Optional, up to 500 characters."),
      }),
      response: {
        200: answer("Confirmed.", withMessageAndData("invoice", ref(InvoiceSchema))),
        ...errors(400, 404, 409),
      },
    },
    handle: async (call) => {
      const id = idParam(call.req, OFFLINE_MESSAGES.notFound);
      const body = jsonBody(call.req);
      const input = {
        id: toGlobalId("Invoice", id),
        method: methodIn(body.method),
        receivedOn: dayIn(body.receivedOn),
        note: textIn(body.note, "note"),
      };
      const ok = await call.mutate(CONFIRM, { input });
      const invoice = invoiceJson(ok.invoice);
      return { message: SETTLEMENT_REST_MESSAGES.confirmed, invoice, data: invoice };
    },
  });
}
