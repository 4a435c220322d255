import { createRequire } from "node:module";
import type { Readable } from "node:stream";
import PDFDocument from "pdfkit";
import type { DomainServices as Services } from "./deps.ts";
import type { BusinessIdentity } from "./settings/settings.ts";

/**
 * What the invoice and certificate PDFs share (docs/ARCHITECTURE.md, "Invoice numbers and PDFs"): pdfkit with DejaVu
 * Sans embedded (subset), so the text is selectable and any Latin, Greek or Cyrillic name prints, and the business's
 * logo.
 */

const require = createRequire(import.meta.url);
const FONT = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
const FONT_BOLD = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf");

/** A new document, its fonts registered as "body" and "bold", and its bytes, which arrive once `doc.end()` is called. */
export function startPdf(options: PDFKit.PDFDocumentOptions): { doc: PDFKit.PDFDocument; bytes: Promise<Buffer> } {
  const doc = new PDFDocument(options);
  const bytes = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.registerFont("body", FONT);
  doc.registerFont("bold", FONT_BOLD);
  return { doc, bytes };
}

async function streamBytes(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** The logo's bytes when it is a PNG or JPEG pdfkit can draw (a WebP logo is left out of the PDF). */
export async function logoBytes(deps: Pick<Services, "storage">, identity: BusinessIdentity): Promise<Buffer | null> {
  const name = identity.logoImage?.match(/^\/uploads\/([a-f0-9]{32}\.(png|jpg|jpeg))$/)?.[1];
  if (!name) return null;
  try {
    const object = await deps.storage.openPublic(name);
    return object ? await streamBytes(object.body) : null;
  } catch {
    return null;
  }
}
