import { type CSSProperties, Suspense } from "react";
import { graphql, useLazyLoadQuery } from "react-relay/hooks";
import { useParams } from "react-router-dom";
import { PageFallback } from "../../../../shared/routing/PageFallback.tsx";
import type { CertificatePageQuery } from "./__generated__/CertificatePageQuery.graphql.ts";

// Inline styles: a CSS file of its own would add its name to the site's first load (which has no room left).
const styles = {
  body: { maxWidth: "40rem", margin: "0 auto", padding: "2rem 1rem 3rem" },
  title: { margin: "0 0 0.25rem", fontSize: "1.75rem", lineHeight: 1.2 },
  subtitle: { margin: "0 0 1.5rem", color: "var(--color-text-muted)" },
  card: {
    padding: "1.5rem",
    border: "1px solid var(--color-border)",
    borderRadius: "0.75rem",
    background: "var(--color-surface, #fff)",
  },
  badge: { display: "inline-block", margin: "0 0 1.25rem", padding: "0.25rem 0.75rem", borderRadius: "999px", fontWeight: 600 },
  valid: { background: "#e3f6e8", color: "#14602a" },
  revoked: { background: "#fde7e9", color: "#8f1420" },
  facts: { display: "grid", gridTemplateColumns: "max-content minmax(0, 1fr)", gap: "0.5rem 1.25rem", margin: 0 },
  term: { color: "var(--color-text-muted)" },
  value: { margin: 0, fontWeight: 500, overflowWrap: "anywhere" },
  code: { fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace" },
  notFound: { maxWidth: "36rem", margin: "0 auto", fontWeight: 600 },
} satisfies Record<string, CSSProperties>;

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

/**
 * The public verification page of a certificate, `/certificates/:code`: who, which track, when, valid or revoked. Its
 * query is started by the page, not the route, so the learner site's first load carries nothing of it.
 */
export default function CertificatePage() {
  const code = (useParams().code ?? "").slice(0, 40);
  return (
    <Suspense fallback={<PageFallback />}>
      <Verification code={code} />
    </Suspense>
  );
}

function Heading() {
  return (
    <>
      <title>Certificate verification · LearnHub</title>
      <h1 style={styles.title}>Certificate verification</h1>
    </>
  );
}

function Verification({ code }: { code: string }) {
  const { certificate } = useLazyLoadQuery<CertificatePageQuery>(query, { code });
  if (!certificate) {
    return (
      <div style={styles.body}>
        <Heading />
        <p role="alert" style={styles.notFound}>
          Certificate not found.
        </p>
      </div>
    );
  }
  const valid = certificate.status === "VALID";
  return (
    <div style={styles.body}>
      <Heading />
      <p style={styles.subtitle}>Certificate {certificate.code}</p>
      <section style={styles.card} aria-labelledby="certificate-status">
        <p id="certificate-status" style={{ ...styles.badge, ...(valid ? styles.valid : styles.revoked) }}>
          {valid ? "Valid" : `Revoked${certificate.revokedAt ? ` on ${longDate(certificate.revokedAt)}` : ""}`}
        </p>
        <dl style={styles.facts}>
          <dt style={styles.term}>Name</dt>
          <dd style={styles.value}>{certificate.name}</dd>
          <dt style={styles.term}>Track</dt>
          <dd style={styles.value}>{certificate.track}</dd>
          <dt style={styles.term}>Date</dt>
          <dd style={styles.value}>{longDate(certificate.date)}</dd>
          <dt style={styles.term}>Code</dt>
          <dd style={{ ...styles.value, ...styles.code }}>{certificate.code}</dd>
        </dl>
      </section>
    </div>
  );
}
