import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { INVOICE_MESSAGES } from "../../domain/invoices/invoices.ts";
import type { Services } from "../../services.ts";
import {
  currencyIn,
  dateIn,
  idIn,
  idParam,
  invoiceListStatusIn,
  invoiceStatusIn,
  jsonBody,
  listQuery,
  numberIn,
  textIn,
  toGlobalId,
} from "../input.ts";
import { INVOICE_FIELDS, invoiceJson } from "../json.ts";
import { ERROR_FIELDS, restRoutes } from "../pipeline.ts";
import {
  answer,
  errors,
  InvoiceInputSchema,
  InvoiceSchema,
  invoiceListQuerySchema,
  MessageSchema,
  object,
  paging,
  ref,
  uuidParams,
  VoidInputSchema,
  withMessageAndData,
} from "../schemas.ts";

const LIST = `query($search: String, $status: InvoiceStatus, $page: Int!, $first: Int!) {
  invoices(search: $search, status: $status, page: $page, first: $first) { totalCount edges { node { ${INVOICE_FIELDS} } } }
}`;
const CREATE = `mutation($input: InvoiceInput!) {
  result: createInvoice(input: $input) { ${ERROR_FIELDS} ... on InvoicePayload { invoice { ${INVOICE_FIELDS} } } }
}`;
const UPDATE = `mutation($id: ID!, $input: InvoiceInput!) {
  result: updateInvoice(id: $id, input: $input) { ${ERROR_FIELDS} ... on InvoicePayload { invoice { ${INVOICE_FIELDS} } } }
}`;
const DELETE = `mutation($id: ID!) { result: deleteInvoice(id: $id) { ${ERROR_FIELDS} ... on DeletePayload { deletedId } } }`;
const VOID = `mutation($input: VoidInvoiceInput!) {
  result: voidInvoice(input: $input) { ${ERROR_FIELDS} ... on VoidInvoicePayload { invoice { ${INVOICE_FIELDS} } } }
}`;

export const INVOICE_REST_MESSAGES = {
  created: "Invoice created successfully.",
  updated: "Invoice updated successfully.",
  deleted: "Invoice deleted successfully.",
  voided: "Invoice voided successfully.",
} as const;

function invoiceInput(body: Record<string, unknown>) {
  const paymentDetails = textIn(body.paymentDetails, "paymentDetails");
  const currency = currencyIn(body.currency, "currency", INVOICE_MESSAGES.currency);
  return {
    learnerId: idIn(body.learner ?? body.learnerId, "learner", "Learner"),
    // A text that is no amount at all is refused here; named in the invoice's currency when the body names it.
    amount: numberIn(body.amount, "amount", currency ? INVOICE_MESSAGES.invalidAmountIn(currency) : INVOICE_MESSAGES.invalidAmount),
    currency,
    status: invoiceStatusIn(body.status),
    dueDate: dateIn(body.dueDate, "dueDate"),
    paymentDetails,
    // Optional for REST clients (the spec's calls send neither): omitted keeps an existing invoice's values.
    ...(body.track !== undefined ? { trackId: idIn(body.track, "track", "Track") ?? null } : {}),
    ...(body.description !== undefined ? { description: textIn(body.description, "description") ?? null } : {}),
  };
}

/** docs/product.md, REST routes: GET/POST /api/invoices, PUT/DELETE /api/invoices/{id}; admin only. */
export async function invoiceRoutes(app: FastifyInstance, services: Services) {
  const route = restRoutes(app, services);
  route.graphql({
    method: "GET",
    url: "/api/invoices",
    schema: {
      operationId: "listInvoices",
      summary:
        "Invoices, newest first, 10 a page; `search` matches the learner's name or the invoice number; `status` picks one status (abandoned checkouts are listed only when asked for).",
      tags: ["invoices"],
      querystring: invoiceListQuerySchema,
      response: { 200: answer("A page of invoices.", object({ invoices: Type.Array(ref(InvoiceSchema)), ...paging })), ...errors(400) },
    },
    handle: (call) =>
      call.page(LIST, "invoices", invoiceJson, {
        variables: () => ({ search: listQuery(call.req).search, status: invoiceListStatusIn(call.req) }),
      }),
  });

  route.graphql({
    method: "POST",
    url: "/api/invoices",
    schema: {
      operationId: "createInvoice",
      summary: "Records an invoice by hand (bank transfer, mobile money...).",
      tags: ["invoices"],
      body: InvoiceInputSchema,
      response: { 201: answer("Created.", withMessageAndData("invoice", ref(InvoiceSchema))), ...errors(400, 404) },
    },
    handle: async (call) => {
      const ok = await call.mutate(CREATE, { input: invoiceInput(jsonBody(call.req)) });
      const invoice = invoiceJson(ok.invoice);
      return call.reply.code(201).send({ message: INVOICE_REST_MESSAGES.created, invoice, data: invoice });
    },
  });

  route.graphql({
    method: "PUT",
    url: "/api/invoices/:id",
    schema: {
      operationId: "updateInvoice",
      summary:
        "Changes an invoice; the due date only if given. A paid invoice keeps its amount, learner, track and status (409); a void one does not change.",
      tags: ["invoices"],
      params: uuidParams("invoice"),
      body: InvoiceInputSchema,
      response: { 200: answer("Updated.", withMessageAndData("invoice", ref(InvoiceSchema))), ...errors(400, 404, 409) },
    },
    handle: async (call) => {
      const id = idParam(call.req, INVOICE_MESSAGES.notFound);
      const ok = await call.mutate(UPDATE, { id: toGlobalId("Invoice", id), input: invoiceInput(jsonBody(call.req)) });
      const invoice = invoiceJson(ok.invoice);
      return { message: INVOICE_REST_MESSAGES.updated, invoice, data: invoice };
    },
  });

  route.graphql({
    method: "DELETE",
    url: "/api/invoices/:id",
    schema: {
      operationId: "deleteInvoice",
      summary: "Deletes an invoice that never took money; a paid or void invoice is refused (409).",
      tags: ["invoices"],
      params: uuidParams("invoice"),
      response: { 200: answer("Deleted.", ref(MessageSchema)), ...errors(404, 409) },
    },
    handle: async (call) => {
      await call.mutate(DELETE, { id: toGlobalId("Invoice", idParam(call.req, INVOICE_MESSAGES.notFound)) });
      return { message: INVOICE_REST_MESSAGES.deleted };
    },
  });

  route.graphql({
    method: "POST",
    url: "/api/invoices/:id/void",
    schema: {
      operationId: "voidInvoice",
      summary: "Cancels a pending invoice with a reason (finance and owners). A paid invoice is refunded instead (409).",
      tags: ["invoices"],
      params: uuidParams("invoice"),
      body: VoidInputSchema,
      response: { 200: answer("Voided.", withMessageAndData("invoice", ref(InvoiceSchema))), ...errors(400, 404, 409) },
    },
    handle: async (call) => {
      const id = idParam(call.req, INVOICE_MESSAGES.notFound);
      const body = jsonBody(call.req);
      const ok = await call.mutate(VOID, { input: { id: toGlobalId("Invoice", id), reason: textIn(body.reason, "reason") ?? null } });
      const invoice = invoiceJson(ok.invoice);
      return { message: INVOICE_REST_MESSAGES.voided, invoice, data: invoice };
    },
  });
}
