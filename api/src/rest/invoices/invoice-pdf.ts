import type { FastifyInstance } from "fastify";
import { invoicePdfFor, pdfFileName } from "../../domain/invoices/pdf.ts";
import type { Services } from "../../services.ts";
import { PDF_TYPE, sendDownload } from "../download.ts";
import { restContext, restRoutes } from "../pipeline.ts";
import { errors, pdfAnswer, uuidParams } from "../schemas.ts";

/**
 * GET /api/invoices/{id}/pdf: an invoice (unpaid) or receipt (paid) as a PDF file (docs/ARCHITECTURE.md, "Invoice
 * numbers and PDFs"). A `domain` route: no GraphQL operation answers a file's bytes. A learner gets their own
 * invoices only (someone else's answers 404 as if it did not exist); staff who read invoices get any.
 */
export async function invoicePdfRoutes(app: FastifyInstance, services: Services) {
  restRoutes(app, services).domain({
    method: "GET",
    url: "/api/invoices/:id/pdf",
    schema: {
      operationId: "downloadInvoicePdf",
      summary: "An invoice (pending) or receipt (paid) as a PDF, named after the invoice number.",
      tags: ["invoices"],
      params: uuidParams("invoice"),
      response: { 200: pdfAnswer("The PDF (Content-Disposition: attachment; filename=<number>.pdf)."), ...errors(401, 403, 404) },
    },
    handle: async (call) => {
      const { viewer } = await restContext(services, call.req);
      const id = (call.req.params as { id: string }).id;
      // The audience check (rest/access.ts) has run: there is a viewer here.
      const pdf = await invoicePdfFor(services, viewer as NonNullable<typeof viewer>, id);
      return sendDownload(call.reply, PDF_TYPE, pdfFileName(pdf.number), pdf.bytes);
    },
  });
}
