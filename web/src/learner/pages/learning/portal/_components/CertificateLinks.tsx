import type { MouseEvent } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import { Link } from "react-router-dom";
import { downloadFile } from "../../../../../shared/downloads/downloadFile.ts";
import { learnerSession } from "../../../../../shared/session/session.ts";
import { DownloadIcon } from "../../../../../shared/ui/icons.tsx";
import { toast } from "../../../../../shared/ui/toasts.ts";
import type { CertificateLinks_certificate$key } from "./__generated__/CertificateLinks_certificate.graphql.ts";
import styles from "./CertificateLinks.module.css";

/**
 * A finished track's certificate on its portal card: "Certificate" downloads the PDF (fetched with the session's token,
 * which a plain link could not send) and "Verify" opens its public verification page.
 */
export function CertificateLinks({ certificateKey, trackName }: { certificateKey: CertificateLinks_certificate$key; trackName: string }) {
  const certificate = useFragment(
    graphql`
      fragment CertificateLinks_certificate on Certificate {
        code
      }
    `,
    certificateKey,
  );
  // The addresses follow from the code (REST `GET /api/certificates/{code}/pdf`, the page `/certificates/{code}`): asking
  // for them would add to the portal query's cost, which the API's cost limit bounds.
  const pdfUrl = `/api/certificates/${certificate.code}/pdf`;
  const verifyPath = `/certificates/${certificate.code}`;
  const fileName = `certificate-${certificate.code}.pdf`;
  const download = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    downloadFile(learnerSession, pdfUrl, fileName).catch((error: Error) => toast.error(error.message));
  };
  return (
    <p className={styles.links}>
      <a href={pdfUrl} download={fileName} onClick={download} aria-label={`Certificate of ${trackName} (PDF)`}>
        <DownloadIcon aria-hidden size={14} />
        Certificate
      </a>
      <Link to={verifyPath} aria-label={`Verify the certificate of ${trackName}`}>
        Verify
      </Link>
    </p>
  );
}
