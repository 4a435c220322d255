import { graphql, usePreloadedQuery } from "react-relay/hooks";
import type { QueryPageProps } from "../../../shared/routing/pageRoute.tsx";
import { Container } from "../../../shared/ui/Container.tsx";
import { PageBanner } from "../../layout/PageBanner.tsx";
import type { CertificatePageQuery } from "./__generated__/CertificatePageQuery.graphql.ts";
import styles from "./CertificatePage.module.css";

const query = graphql`
  query CertificatePageQuery($code: String!) {
    certificate(code: $code) {
      code
      name
      track
      date
      status
      revokedAt
    }
  }
`;

/** "2026-11-25" as "November 25, 2026" (the day is UTC, as the API gives it). */
const longDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** The public verification page of a certificate, `/certificates/:code`: who, which track, when, valid or revoked. */
export default function CertificatePage({ queryRef }: QueryPageProps<CertificatePageQuery>) {
  const { certificate } = usePreloadedQuery<CertificatePageQuery>(query, queryRef);
  if (!certificate) {
    return (
      <>
        <PageBanner title="Certificate verification" />
        <Container className={styles.body}>
          <p role="alert" className={styles.notFound}>
            Certificate not found.
          </p>
        </Container>
      </>
    );
  }
  const valid = certificate.status === "VALID";
  return (
    <>
      <PageBanner title="Certificate verification" description={`Certificate ${certificate.code}`} />
      <Container className={styles.body}>
        <section className={styles.card} aria-labelledby="certificate-status">
          <p id="certificate-status" className={valid ? styles.valid : styles.revoked}>
            {valid ? "Valid" : `Revoked${certificate.revokedAt ? ` on ${longDate(certificate.revokedAt)}` : ""}`}
          </p>
          <dl className={styles.facts}>
            <dt>Name</dt>
            <dd>{certificate.name}</dd>
            <dt>Track</dt>
            <dd>{certificate.track}</dd>
            <dt>Date</dt>
            <dd>{longDate(certificate.date)}</dd>
            <dt>Code</dt>
            <dd className={styles.code}>{certificate.code}</dd>
          </dl>
        </section>
      </Container>
    </>
  );
}
