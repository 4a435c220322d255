import { useState } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import { CERTIFICATE_LIMITS } from "../../../../../../../common/learning.ts";
import { formatInstant } from "../../../../../shared/format/dates.ts";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { Badge } from "../../../../../shared/ui/Badge.tsx";
import { Button } from "../../../../../shared/ui/Button.tsx";
import { ConfirmDialog } from "../../../../../shared/ui/ConfirmDialog.tsx";
import { TextArea } from "../../../../../shared/ui/Field.tsx";
import { failureOf } from "../../../../components/failures.ts";
import { can, useViewer } from "../../../../staff/AdminViewer.ts";
import type { LearnerCertificates_learner$key } from "./__generated__/LearnerCertificates_learner.graphql.ts";
import type { LearnerCertificatesRevokeMutation } from "./__generated__/LearnerCertificatesRevokeMutation.graphql.ts";
import styles from "./LearnerDetailsDialog.module.css";

export const CERTIFICATE_TEXTS = {
  none: "No certificates yet.",
  failed: "The certificate could not be revoked. Please try again.",
} as const;

const revokeMutation = graphql`
  mutation LearnerCertificatesRevokeMutation($id: ID!, $reason: String!) {
    revokeCertificate(id: $id, reason: $reason) {
      __typename
      ... on CertificatePayload {
        certificate {
          id
          status
          revokedAt
          revokeReason
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

/** The learner's certificates in the learner details dialog; owners and managers revoke one with a reason. */
export function LearnerCertificates({ learnerKey }: { learnerKey: LearnerCertificates_learner$key }) {
  const learner = useFragment(
    graphql`
      fragment LearnerCertificates_learner on Learner {
        certificates {
          id
          code
          trackName
          issuedAt
          status
          revokedAt
          revokeReason
        }
      }
    `,
    learnerKey,
  );
  const mayRevoke = can(useViewer(), "manageLearners");
  const [revoking, setRevoking] = useState<{ id: string; code: string; trackName: string } | null>(null);
  const [reason, setReason] = useState("");
  const [revoke] = useAsyncMutation<LearnerCertificatesRevokeMutation>(revokeMutation);

  const confirm = async () => {
    if (!revoking) return;
    const result = (await revoke({ variables: { id: revoking.id, reason } })).revokeCertificate;
    const failure = failureOf(result, CERTIFICATE_TEXTS.failed);
    if (failure) throw new Error(failure.message);
  };

  return (
    <section aria-labelledby="learner-certificates" className={styles.section}>
      <h3 id="learner-certificates" className={styles.heading}>
        Certificates
      </h3>
      {learner.certificates.length === 0 ? (
        <p className={styles.muted}>{CERTIFICATE_TEXTS.none}</p>
      ) : (
        <ul className={styles.invoices}>
          {learner.certificates.map((c) => (
            <li key={c.id}>
              <span>
                {c.trackName} · <code>{c.code}</code> · {formatInstant(c.issuedAt)}
              </span>
              <Badge tone={c.status === "VALID" ? "success" : "danger"}>{c.status === "VALID" ? "Valid" : "Revoked"}</Badge>
              {c.status === "VALID" && mayRevoke && (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => {
                    setReason("");
                    setRevoking({ id: c.id, code: c.code, trackName: c.trackName });
                  }}
                  aria-label={`Revoke the certificate ${c.code}`}
                >
                  Revoke
                </Button>
              )}
              {c.status === "REVOKED" && c.revokeReason && <span className={styles.muted}>{c.revokeReason}</span>}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke certificate"
        description="Its public verification page will say Revoked. The learner can earn a new one by finishing the track again."
        confirmLabel="Revoke"
        onConfirm={confirm}
      >
        {revoking && (
          <>
            <p>
              {revoking.trackName} · <code>{revoking.code}</code>
            </p>
            <TextArea
              label="Reason"
              required
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={CERTIFICATE_LIMITS.revokeReason}
            />
          </>
        )}
      </ConfirmDialog>
    </section>
  );
}
