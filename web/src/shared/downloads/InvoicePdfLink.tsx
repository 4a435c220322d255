import type { MouseEvent } from "react";
import type { SessionKeys } from "../session/session.ts";
import { DownloadIcon } from "../ui/icons.tsx";
import { toast } from "../ui/toasts.ts";
import { downloadFile } from "./downloadFile.ts";
import styles from "./InvoicePdfLink.module.css";

/** The plain id inside an invoice's Relay global id (`Invoice:<uuid>`, base64), as the REST route names it. */
function plainInvoiceId(id: string): string {
  try {
    const decoded = atob(id);
    return decoded.startsWith("Invoice:") ? decoded.slice("Invoice:".length) : id;
  } catch {
    return id;
  }
}

/**
 * The invoice number as a link to its PDF (a receipt once paid), GET /api/invoices/{id}/pdf. A plain link could not
 * send the session's bearer token, so a click fetches the file with it and hands it to the browser as a download
 * named after the number.
 */
export function InvoicePdfLink({ id, number, session }: { id: string; number: string; session: SessionKeys }) {
  const href = `/api/invoices/${encodeURIComponent(plainInvoiceId(id))}/pdf`;
  const download = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    downloadFile(session, href, `${number}.pdf`).catch((error: Error) => toast.error(error.message));
  };
  return (
    <a className={styles.link} href={href} download={`${number}.pdf`} onClick={download} aria-label={`${number} (PDF)`}>
      <DownloadIcon aria-hidden size={15} />
      <span>{number}</span>
    </a>
  );
}
