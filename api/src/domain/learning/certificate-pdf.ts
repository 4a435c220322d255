import { encode } from "uqr";
import type { DomainServices as Services } from "../deps.ts";
import { logoBytes, startPdf } from "../pdf.ts";
import { businessIdentity } from "../settings/settings.ts";
import { formatCertificateCode } from "./certificate-code.ts";

/** What the PDF prints of a certificate: the names and date as they were when it was issued. */
export interface PdfCertificate {
  code: string;
  learnerName: string;
  trackName: string;
  issuedAt: Date;
  revokedAt: Date | null;
}

const longDate = (d: Date) => d.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/**
 * A certificate as a landscape A4 PDF (pdfkit, DejaVu Sans embedded as in the invoice PDF: domain/pdf.ts): the business name (and
 * logo), the learner's name, the track, the date, the code and a QR code of its verification URL drawn as vector
 * squares, so it stays sharp at any print size.
 */
export async function renderCertificatePdf(
  deps: Pick<Services, "db" | "storage">,
  certificate: PdfCertificate,
  verifyUrl: string,
): Promise<Buffer> {
  const identity = await businessIdentity(deps);
  const logo = await logoBytes(deps, identity);
  const code = formatCertificateCode(certificate.code);
  const { doc, bytes } = startPdf({
    size: "A4",
    layout: "landscape",
    margin: 50,
    info: { Title: `Certificate ${code}`, Author: identity.businessName, Subject: `${certificate.trackName}: ${certificate.learnerName}` },
  });
  const { width: pageWidth, height: pageHeight } = doc.page;
  const left = 60;
  const width = pageWidth - 120;

  // A double frame.
  doc
    .lineWidth(3)
    .strokeColor("#1f3a5f")
    .rect(24, 24, pageWidth - 48, pageHeight - 48)
    .stroke();
  doc
    .lineWidth(0.75)
    .rect(32, 32, pageWidth - 64, pageHeight - 64)
    .stroke();

  let y = 60;
  if (logo) {
    try {
      doc.image(logo, pageWidth / 2 - 60, y, { fit: [120, 50], align: "center" });
      y += 60;
    } catch {
      // A logo pdfkit cannot read is left out rather than failing the document.
    }
  }
  doc.fillColor("#1f3a5f").font("bold").fontSize(18).text(identity.businessName, left, y, { width, align: "center" });
  doc.moveDown(1.2);
  doc.fillColor("#000000").font("bold").fontSize(34).text("Certificate of Completion", { width, align: "center" });
  doc.moveDown(0.8);
  doc.font("body").fontSize(13).fillColor("#333333").text("This certifies that", { width, align: "center" });
  doc.moveDown(0.4);
  doc.font("bold").fontSize(28).fillColor("#000000").text(certificate.learnerName, { width, align: "center" });
  doc.moveDown(0.4);
  doc.font("body").fontSize(13).fillColor("#333333").text("has completed every lesson of the track", { width, align: "center" });
  doc.moveDown(0.4);
  doc.font("bold").fontSize(20).fillColor("#000000").text(certificate.trackName, { width, align: "center" });

  // Date and code at the bottom left, the QR code of the verification page at the bottom right.
  const qrSize = 110;
  const bottom = pageHeight - 60 - qrSize;
  doc.font("body").fontSize(11).fillColor("#000000");
  doc.text(`Date: ${longDate(certificate.issuedAt)}`, left, bottom + 20, { width: width - qrSize - 20 });
  doc.text(`Certificate code: ${code}`, { width: width - qrSize - 20 });
  doc
    .fontSize(9)
    .fillColor("#555555")
    .text(`Verify at ${verifyUrl}`, { width: width - qrSize - 20 });
  if (certificate.revokedAt) {
    doc
      .font("bold")
      .fontSize(11)
      .fillColor("#b00020")
      .text(`REVOKED on ${longDate(certificate.revokedAt)}`, { width: width - qrSize - 20 });
  }
  drawQr(doc, verifyUrl, left + width - qrSize, bottom, qrSize);

  doc.end();
  return bytes;
}

/** The QR code (error correction M, a quiet zone of 2 modules) as filled squares: vector, no raster image. */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const qr = encode(text, { ecc: "M", border: 2 });
  const cell = size / qr.size;
  doc.save().rect(x, y, size, size).fill("#ffffff").fillColor("#000000");
  qr.data.forEach((row, r) => {
    row.forEach((dark, c) => {
      if (dark) doc.rect(x + c * cell, y + r * cell, cell + 0.01, cell + 0.01);
    });
  });
  doc.fill("#000000").restore();
}
