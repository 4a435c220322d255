import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { INVOICE_MESSAGES } from "../domain/billing/invoices.ts";
import { ValidationError } from "../domain/errors.ts";
import type { Services } from "../services.ts";
import { jsonBody } from "./body.ts";
import { ERROR_FIELDS, restContext, toGlobalId, unwrap } from "./graphql.ts";
import { INVOICE_FIELDS, invoiceJson } from "./json.ts";
import { dateIn, idIn, idParam, listQuery, numberIn, PAGE_SIZE, pageInfo, runRest } from "./params.ts";
import {
  answer,
  errors,
  InvoiceInputSchema,
  InvoiceSchema,
  listQuerySchema,
  MessageSchema,
  object,
  paging,
  ref,
  uuidParams,
  withMessageAndData,
} from "./schemas.ts";
import { textIn } from "./shapes.ts";

const LIST = `query($search: String, $page: Int!, $first: Int!) {
  invoices(search: $search, page: $page, first: $first) { totalCount edges { node { ${INVOICE_FIELDS} } } }
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
  invalidStatus: "Status must be pending or paid.",
} as const;

/** "pending"/"paid" in any case, as the invoice forms send them ("failed" is set by card payments only). */
function statusIn(value: unknown): "PENDING" | "PAID" | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const upper = typeof value === "string" ? value.trim().toUpperCase() : "";
  if (upper === "PENDING" || upper === "PAID") return upper;
  throw ValidationError.forField("status", INVOICE_REST_MESSAGES.invalidStatus);
}

function invoiceInput(body: Record<string, unknown>) {
  const paymentDetails = textIn(body.paymentDetails, "paymentDetails");
  return {
    learnerId: idIn(body.learner ?? body.learnerId, "learner", (id) => toGlobalId("Learner", id)),
    amount: numberIn(body.amount, "amount", INVOICE_MESSAGES.invalidAmount),
    status: statusIn(body.status),
    dueDate: dateIn(body.dueDate, "dueDate"),
    paymentDetails,
  };
}

/** docs/product.md, REST routes: GET/POST /api/invoices, PUT/DELETE /api/invoices/{id}; admin only. */
export async function invoiceRoutes(server: FastifyInstance, services: Services) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const listSchema = {
    operationId: "listInvoices",
    summary: "Invoices, newest first, 10 a page; `search` matches the learner's name.",
    tags: ["invoices"],
    querystring: listQuerySchema,
    response: { 200: answer("A page of invoices.", object({ invoices: Type.Array(ref(InvoiceSchema)), ...paging })), ...errors(400) },
  };
  app.get("/api/invoices", { schema: listSchema }, async (req) => {
    const ctx = await restContext(services, req);
    const { search, page } = listQuery(req);
    const { invoices } = await runRest(ctx, LIST, { search, page, first: PAGE_SIZE });
    return { invoices: invoices.edges.map((e: { node: object }) => invoiceJson(e.node)), ...pageInfo(page, invoices.totalCount) };
  });

  const createSchema = {
    operationId: "createInvoice",
    summary: "Records an invoice by hand (bank transfer, mobile money...).",
    tags: ["invoices"],
    body: InvoiceInputSchema,
    response: { 201: answer("Created.", withMessageAndData("invoice", ref(InvoiceSchema))), ...errors(400, 404) },
  };
  app.post("/api/invoices", { schema: createSchema }, async (req, reply) => {
    const ctx = await restContext(services, req);
    const { result } = await runRest(ctx, CREATE, { input: invoiceInput(jsonBody(req)) });
    const ok = unwrap(reply, result);
    if (!ok) return;
    const invoice = invoiceJson(ok.invoice);
    return reply.code(201).send({ message: INVOICE_REST_MESSAGES.created, invoice, data: invoice });
  });

  const updateSchema = {
    operationId: "updateInvoice",
    summary: "Changes an invoice; the due date only if given.",
    tags: ["invoices"],
    params: uuidParams("invoice"),
    body: InvoiceInputSchema,
    response: { 200: answer("Updated.", withMessageAndData("invoice", ref(InvoiceSchema))), ...errors(400, 404) },
  };
  app.put("/api/invoices/:id", { schema: updateSchema }, async (req, reply) => {
    const ctx = await restContext(services, req);
    const id = idParam(req, INVOICE_MESSAGES.notFound);
    const { result } = await runRest(ctx, UPDATE, { id: toGlobalId("Invoice", id), input: invoiceInput(jsonBody(req)) });
    const ok = unwrap(reply, result);
    if (!ok) return;
    const invoice = invoiceJson(ok.invoice);
    return { message: INVOICE_REST_MESSAGES.updated, invoice, data: invoice };
  });

  const deleteSchema = {
    operationId: "deleteInvoice",
    summary: "Deletes an invoice.",
    tags: ["invoices"],
    params: uuidParams("invoice"),
    response: { 200: answer("Deleted.", ref(MessageSchema)), ...errors(404) },
  };
  app.delete("/api/invoices/:id", { schema: deleteSchema }, async (req, reply) => {
    const ctx = await restContext(services, req);
    const id = idParam(req, INVOICE_MESSAGES.notFound);
    const { result } = await runRest(ctx, DELETE, { id: toGlobalId("Invoice", id) });
    if (unwrap(reply, result)) return { message: INVOICE_REST_MESSAGES.deleted };
  });
}
