import type { FastifyReply } from "fastify";

export const CSV_TYPE = "text/csv; charset=utf-8";
export const PDF_TYPE = "application/pdf";

/**
 * Answers a file to save (the CSV exports, the invoice and certificate PDFs): its type, the name it is saved under
 * (Content-Disposition: attachment) and its bytes, kept by no cache.
 */
export function sendDownload(reply: FastifyReply, type: string, fileName: string, body: string | Buffer) {
  return reply
    .header("content-type", type)
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .header("cache-control", "no-store")
    .send(body);
}
