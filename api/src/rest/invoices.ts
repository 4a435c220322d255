import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { INVOICE_MESSAGES } from "../domain/invoices/invoices.ts";
import type { Services } from "../services.ts";
import { dateIn, idIn, idParam, invoiceListStatusIn, invoiceStatusIn, jsonBody, listQuery, numberIn, textIn, toGlobalId } from "./input.ts";
import { INVOICE_FIELDS, invoiceJson } from "./json.ts";
import { ERROR_FIELDS, restRoutes } from "./pipeline.ts";
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
  withMessageAndData,
} from "./schemas.ts";

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

export const INVOICE_REST_MESSAGES = {
  created: "Invoice created successfully.",
  updated: "Invoice updated successfully.",
  deleted: "Invoice deleted successfully.",
} as const;

function invoiceInput(body: Record<string, unknown>) {
  const paymentDetails = textIn(body.paymentDetails, "paymentDetails");
  return {
    learnerId: idIn(body.learner ?? body.learnerId, "learner", "Learner"),
    amount: numberIn(body.amount, "amount", INVOICE_MESSAGES.invalidAmount),
    status: invoiceStatusIn(body.status),
    dueDate: dateIn(body.dueDate, "dueDate"),
    paymentDetails,
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
        "Invoices, newest first, 10 a page; `search` matches the learner's name; `status` picks one status (abandoned checkouts are listed only when asked for).",
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
      summary: "Changes an invoice; the due date only if given.",
      tags: ["invoices"],
      params: uuidParams("invoice"),
      body: InvoiceInputSchema,
      response: { 200: answer("Updated.", withMessageAndData("invoice", ref(InvoiceSchema))), ...errors(400, 404) },
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
      summary: "Deletes an invoice.",
      tags: ["invoices"],
      params: uuidParams("invoice"),
      response: { 200: answer("Deleted.", ref(MessageSchema)), ...errors(404) },
    },
    handle: async (call) => {
      await call.mutate(DELETE, { id: toGlobalId("Invoice", idParam(call.req, INVOICE_MESSAGES.notFound)) });
      return { message: INVOICE_REST_MESSAGES.deleted };
    },
  });
}
