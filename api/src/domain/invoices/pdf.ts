import { formatMoney } from "../../../../common/money.ts";
import type { Mail } from "../../mail/transport.ts";
import type { DomainServices as Services } from "../deps.ts";
import { NotFoundError } from "../errors.ts";
import { logoBytes, startPdf } from "../pdf.ts";
import { businessIdentity } from "../settings/settings.ts";
import { can, requireAudience, type Viewer } from "../staff/permissions.ts";
import { INVOICE_MESSAGES } from "./invoices.ts";
import { isPaidRecord } from "./status.ts";

/**
 * The invoice (unpaid) or receipt (paid record) of one invoice as a PDF (docs/ARCHITECTURE.md, "Invoice numbers and
 * PDFs"), on the PDFs' shared fonts (domain/pdf.ts). The seller block is the owner's business identity as it is when
 * the PDF is made; everything else is the invoice's own record.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const STATUS_WORDS: Record<string, string> = {
  PENDING: "PENDING",
  PAID: "PAID",
  FAILED: "FAILED",
  PARTIALLY_REFUNDED: "PARTIALLY REFUNDED",
  REFUNDED: "REFUNDED",
  VOID: "VOID",
  ABANDONED: "ABANDONED",
};

const METHOD_WORDS: Record<string, string> = {
  CARD: "Card (Paystack)",
  BANK_TRANSFER: "Bank transfer",
  MOBILE_MONEY: "Mobile money",
  CASH: "Cash",
  OTHER: "Other",
};

async function loadInvoice(deps: Pick<Services, "db">, id: string) {
  if (!UUID.test(id)) return null;
  return deps.db.prisma.invoice.findUnique({
    where: { id },
    include: { learner: { select: { firstName: true, lastName: true, email: true } }, track: { select: { name: true } } },
  });
}

type PdfInvoice = NonNullable<Awaited<ReturnType<typeof loadInvoice>>>;

/**
 * The PDF of an invoice the viewer may read: their own (a learner: someone else's is "not found", as if it did not
 * exist), or any invoice for staff who read invoices (others are refused).
 */
export async function invoicePdfFor(deps: Pick<Services, "db" | "storage">, viewer: Viewer, id: string) {
  requireAudience("learnerOr:readInvoices", viewer);
  const invoice = await loadInvoice(deps, id);
  const mine = viewer.role === "LEARNER" && invoice?.learnerId === viewer.accountId;
  if (!invoice || !(mine || can(viewer, "readInvoices"))) throw new NotFoundError(INVOICE_MESSAGES.notFound);
  return { number: invoice.number, bytes: await renderInvoicePdf(deps, invoice) };
}

/** The PDF of one invoice by id (the receipt mail's attachment); null when there is no such invoice. */
export async function invoicePdf(deps: Pick<Services, "db" | "storage">, id: string) {
  const invoice = await loadInvoice(deps, id);
  return invoice ? { number: invoice.number, bytes: await renderInvoicePdf(deps, invoice) } : null;
}

/** The file name a PDF is offered under: the invoice number (letters, digits and dashes only, as the prefix rule keeps it). */
export const pdfFileName = (number: string) => `${number.replace(/[^A-Za-z0-9-]/g, "_")}.pdf`;

const day = (d: Date | null | undefined) => (d ? d.toISOString().slice(0, 10) : null);

/** The tax rate the invoice's parts imply, in percent (2 decimals), and whether it was inside the price. */
function taxOf(invoice: PdfInvoice) {
  const subtotal = invoice.subtotalCents ?? invoice.amountCents;
  const inclusive = invoice.amountCents === subtotal - invoice.discountCents;
  const base = invoice.amountCents - invoice.taxCents;
  const percent = base > 0 ? Math.round((invoice.taxCents / base) * 10_000) / 100 : 0;
  return { percent, inclusive };
}

export async function renderInvoicePdf(deps: Pick<Services, "db" | "storage">, invoice: PdfInvoice): Promise<Buffer> {
  const identity = await businessIdentity(deps);
  const logo = await logoBytes(deps, identity);
  const paid = isPaidRecord(invoice.status);
  const title = paid ? "Receipt" : "Invoice";
  // Every amount in the invoice's own currency, with its symbol (DejaVu Sans has ₦ and ₵).
  const money = (cents: number) => formatMoney(cents, invoice.currency);

  const { doc, bytes } = startPdf({
    size: "A4",
    margin: 50,
    info: { Title: `${title} ${invoice.number}`, Author: identity.businessName, Subject: `${title} ${invoice.number}` },
  });
  const left = 50;
  const width = doc.page.width - 100;

  // Seller block, with the logo on the right.
  if (logo) {
    try {
      doc.image(logo, left + width - 120, 45, { fit: [120, 60], align: "right" });
    } catch {
      // A logo pdfkit cannot read is left out rather than failing the document.
    }
  }
  doc
    .font("bold")
    .fontSize(16)
    .text(identity.businessName, left, 50, { width: width - 140 });
  doc.font("body").fontSize(9).fillColor("#333333");
  for (const line of (identity.postalAddress ?? "").split(/\r?\n/).filter((l) => l.trim())) doc.text(line.trim(), { width: width - 140 });
  if (identity.taxNumber) doc.text(`Tax number: ${identity.taxNumber}`);
  if (identity.supportEmail) doc.text(identity.supportEmail);

  // Title, number, status and dates.
  doc.moveDown(1.5).fillColor("#000000");
  const top = Math.max(doc.y, 130);
  doc.font("bold").fontSize(20).text(title, left, top);
  doc.font("body").fontSize(10).text(`Number: ${invoice.number}`);
  const statusWord = STATUS_WORDS[invoice.status] ?? invoice.status;
  const refunded = invoice.refundedCents > 0 ? ` (refunded ${money(invoice.refundedCents)})` : "";
  doc.font("bold").text(`Status: ${statusWord}${refunded}`);
  doc.font("body");
  doc.text(`Issued: ${day(invoice.createdAt)}`);
  if (invoice.dueDate && !paid) doc.text(`Due: ${day(invoice.dueDate)}`);
  if (invoice.paidAt) doc.text(`Paid: ${day(invoice.paidAt)}`);
  doc.text(`Currency: ${invoice.currency}`);

  // Buyer.
  const buyerTop = top;
  doc
    .font("bold")
    .fontSize(10)
    .text("Bill to", left + width / 2, buyerTop, { width: width / 2 });
  doc.font("body");
  if (invoice.learner) {
    doc.text(`${invoice.learner.firstName} ${invoice.learner.lastName}`, { width: width / 2 });
    doc.text(invoice.learner.email, { width: width / 2 });
  } else {
    doc.text("(learner account removed)", { width: width / 2 });
  }

  // Lines.
  let y = Math.max(doc.y, top + 90) + 20;
  const amountX = left + width - 140;
  const row = (label: string, amount: string, bold = false) => {
    doc.font(bold ? "bold" : "body").fontSize(10);
    const height = Math.max(doc.heightOfString(label, { width: amountX - left - 10 }), 14);
    doc.text(label, left, y, { width: amountX - left - 10 });
    doc.text(amount, amountX, y, { width: 140, align: "right" });
    y += height + 6;
  };
  const rule = () => {
    doc
      .moveTo(left, y - 3)
      .lineTo(left + width, y - 3)
      .strokeColor("#999999")
      .lineWidth(0.5)
      .stroke();
    y += 4;
  };
  doc.font("bold").fontSize(10);
  row("Description", "Amount", true);
  rule();
  const subtotal = invoice.subtotalCents ?? invoice.amountCents;
  const what = invoice.track?.name ?? invoice.description ?? "Other";
  row(what, money(subtotal));
  if (invoice.discountCents > 0) row("Discount", `-${money(invoice.discountCents)}`);
  if (invoice.taxCents > 0) {
    const tax = taxOf(invoice);
    row(`Tax ${tax.percent.toFixed(2)}% (${tax.inclusive ? "included" : "added"})`, money(invoice.taxCents));
  }
  rule();
  row("Total", money(invoice.amountCents), true);
  if (invoice.refundedCents > 0) row("Refunded", `-${money(invoice.refundedCents)}`);

  // Payment.
  y += 10;
  doc.font("body").fontSize(10);
  const payment: string[] = [];
  if (invoice.paymentMethod) payment.push(`Payment method: ${METHOD_WORDS[invoice.paymentMethod] ?? invoice.paymentMethod}`);
  else if (invoice.paymentDetails) payment.push(`Payment: ${invoice.paymentDetails}`);
  if (invoice.reference) payment.push(`Reference: ${invoice.reference}`);
  for (const line of payment) {
    doc.text(line, left, y, { width });
    y = doc.y + 2;
  }

  // Footer contact lines.
  const footer = (identity.footerContact ?? "")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (footer.length) {
    doc
      .font("body")
      .fontSize(8)
      .fillColor("#555555")
      .text(footer.join("  ·  "), left, doc.page.height - 80, { width, align: "center" });
  }
  doc.end();
  return bytes;
}

/**
 * The `send-mail` job's mail with what it asks to attach: the invoice's PDF as it is at send time (a receipt once
 * paid). An invoice that no longer exists sends the mail without it.
 */
export async function mailWithAttachments(
  deps: Pick<Services, "db" | "storage">,
  job: Mail & { attachInvoicePdf?: string },
): Promise<Mail> {
  const { attachInvoicePdf, ...mail } = job;
  if (!attachInvoicePdf) return mail;
  const pdf = await invoicePdf(deps, attachInvoicePdf);
  if (!pdf) return mail;
  return { ...mail, attachments: [{ filename: pdfFileName(pdf.number), contentType: "application/pdf", content: pdf.bytes }] };
}
