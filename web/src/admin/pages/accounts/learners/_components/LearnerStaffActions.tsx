import { Suspense, useEffect, useState } from "react";
import { graphql, type PreloadedQuery, useFragment, usePreloadedQuery, useQueryLoader } from "react-relay/hooks";
import { formatInstant } from "../../../../../shared/format/dates.ts";
import { formatMoney } from "../../../../../shared/format/format.ts";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { Alert } from "../../../../../shared/ui/Alert.tsx";
import { Badge } from "../../../../../shared/ui/Badge.tsx";
import { Button } from "../../../../../shared/ui/Button.tsx";
import { Select } from "../../../../../shared/ui/Field.tsx";
import { Spinner } from "../../../../../shared/ui/Spinner.tsx";
import { failureOf, type ResultLike, thrownMessage } from "../../../../components/failures.ts";
import { can, useViewer } from "../../../../staff/AdminViewer.ts";
import type { LearnerStaffActions_learner$key } from "./__generated__/LearnerStaffActions_learner.graphql.ts";
import type { LearnerStaffActionsDisableMutation } from "./__generated__/LearnerStaffActionsDisableMutation.graphql.ts";
import type { LearnerStaffActionsEnableMutation } from "./__generated__/LearnerStaffActionsEnableMutation.graphql.ts";
import type { LearnerStaffActionsEnrollMutation } from "./__generated__/LearnerStaffActionsEnrollMutation.graphql.ts";
import type { LearnerStaffActionsResetMutation } from "./__generated__/LearnerStaffActionsResetMutation.graphql.ts";
import type { LearnerStaffActionsTracksQuery } from "./__generated__/LearnerStaffActionsTracksQuery.graphql.ts";
import TracksQuery from "./__generated__/LearnerStaffActionsTracksQuery.graphql.ts";
import styles from "./LearnerDetailsDialog.module.css";

export const LEARNER_ACTION_TEXTS = {
  failed: "The action failed. Please try again.",
  enrolled: "Enrolled.",
  disabled: "The account is disabled; the learner was logged out.",
  enabled: "The account is enabled again.",
  noInvoices: "No invoices yet.",
} as const;

const enrollMutation = graphql`
  mutation LearnerStaffActionsEnrollMutation($learnerId: ID!, $trackId: ID!) {
    enrollLearner(learnerId: $learnerId, trackId: $trackId) {
      __typename
      ... on EnrollmentPayload {
        enrollment {
          id
          learner {
            id
            trackCount
          }
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

const disableMutation = graphql`
  mutation LearnerStaffActionsDisableMutation($id: ID!) {
    disableLearner(id: $id) {
      __typename
      ... on LearnerPayload {
        learner {
          id
          disabled
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

const enableMutation = graphql`
  mutation LearnerStaffActionsEnableMutation($id: ID!) {
    enableLearner(id: $id) {
      __typename
      ... on LearnerPayload {
        learner {
          id
          disabled
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

const resetMutation = graphql`
  mutation LearnerStaffActionsResetMutation($id: ID!) {
    sendLearnerPasswordReset(id: $id) {
      __typename
      ... on MessagePayload {
        message
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

type Outcome = { tone: "success" | "error"; text: string } | null;

/** The learner's invoices, and for owners and managers: enroll by hand, disable or enable, send a reset link. */
export function LearnerStaffActions({ learnerKey }: { learnerKey: LearnerStaffActions_learner$key }) {
  const learner = useFragment(
    graphql`
      fragment LearnerStaffActions_learner on Learner {
        id
        disabled
        invoices(first: 20) {
          edges {
            node {
              id
              amount
              total {
                minor
                currency
              }
              status
              createdAt
            }
          }
        }
      }
    `,
    learnerKey,
  );
  const mayAct = can(useViewer(), "manageLearners");
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [enrolling, setEnrolling] = useState(false);
  const [disable, disabling] = useAsyncMutation<LearnerStaffActionsDisableMutation>(disableMutation);
  const [enable, enabling] = useAsyncMutation<LearnerStaffActionsEnableMutation>(enableMutation);
  const [reset, resetting] = useAsyncMutation<LearnerStaffActionsResetMutation>(resetMutation);

  const run = async (action: () => Promise<ResultLike & { message?: string }>, success: (message?: string) => string) => {
    setOutcome(null);
    try {
      const result = await action();
      const failure = failureOf(result, LEARNER_ACTION_TEXTS.failed);
      setOutcome(failure ? { tone: "error", text: failure.message } : { tone: "success", text: success(result.message) });
    } catch (thrown) {
      setOutcome({ tone: "error", text: thrownMessage(thrown, { fallback: LEARNER_ACTION_TEXTS.failed }) });
    }
  };
  const variables = { id: learner.id };

  return (
    <>
      <section aria-labelledby="learner-invoices" className={styles.section}>
        <h3 id="learner-invoices" className={styles.heading}>
          Invoices
        </h3>
        {learner.invoices.edges.length === 0 ? (
          <p className={styles.muted}>{LEARNER_ACTION_TEXTS.noInvoices}</p>
        ) : (
          <ul className={styles.invoices}>
            {learner.invoices.edges.map(({ node }) => (
              <li key={node.id}>
                <span>{formatInstant(node.createdAt)}</span>
                <strong>{formatMoney(node.total)}</strong>
                <Badge tone={node.status === "PAID" ? "success" : node.status === "PENDING" ? "warning" : "danger"}>
                  {node.status === "PAID" ? "Paid" : node.status === "PENDING" ? "Pending" : "Failed"}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </section>
      {mayAct && (
        <section aria-labelledby="learner-actions" className={styles.section}>
          <h3 id="learner-actions" className={styles.heading}>
            Account
          </h3>
          <p className={styles.muted}>
            Status: <strong>{learner.disabled ? "Disabled" : "Active"}</strong>
          </p>
          <div className={styles.actions}>
            <Button variant="secondary" size="sm" onClick={() => setEnrolling((open) => !open)} aria-expanded={enrolling}>
              Enroll in a track
            </Button>
            <Button
              variant="secondary"
              size="sm"
              loading={resetting}
              disabled={learner.disabled}
              onClick={() =>
                run(
                  async () => (await reset({ variables })).sendLearnerPasswordReset,
                  (m) => m ?? "",
                )
              }
            >
              Send password reset
            </Button>
            {learner.disabled ? (
              <Button
                variant="secondary"
                size="sm"
                loading={enabling}
                onClick={() =>
                  run(
                    async () => (await enable({ variables })).enableLearner,
                    () => LEARNER_ACTION_TEXTS.enabled,
                  )
                }
              >
                Enable account
              </Button>
            ) : (
              <Button
                variant="danger"
                size="sm"
                loading={disabling}
                onClick={() =>
                  run(
                    async () => (await disable({ variables })).disableLearner,
                    () => LEARNER_ACTION_TEXTS.disabled,
                  )
                }
              >
                Disable account
              </Button>
            )}
          </div>
          {enrolling && <Enroll learnerId={learner.id} onDone={(result) => setOutcome(result)} />}
          {outcome && (
            <div role="status">
              <Alert tone={outcome.tone}>{outcome.text}</Alert>
            </div>
          )}
        </section>
      )}
    </>
  );
}

const tracksQuery = graphql`
  query LearnerStaffActionsTracksQuery {
    tracks(first: 100) {
      edges {
        node {
          id
          name
          status
        }
      }
    }
  }
`;

/** Loads the tracks when the enroll form opens (not with every learner shown). */
function Enroll({ learnerId, onDone }: { learnerId: string; onDone: (outcome: Outcome) => void }) {
  const [queryRef, loadTracks] = useQueryLoader<LearnerStaffActionsTracksQuery>(TracksQuery);
  useEffect(() => loadTracks({}, { fetchPolicy: "store-and-network" }), [loadTracks]);
  return (
    <Suspense fallback={<Spinner size="sm" label="Loading tracks..." />}>
      {queryRef && <EnrollForm queryRef={queryRef} learnerId={learnerId} onDone={onDone} />}
    </Suspense>
  );
}

/** Picks a published track and enrolls the learner in it without a payment (the server refuses a second time). */
function EnrollForm({
  queryRef,
  learnerId,
  onDone,
}: {
  queryRef: PreloadedQuery<LearnerStaffActionsTracksQuery>;
  learnerId: string;
  onDone: (outcome: Outcome) => void;
}) {
  const data = usePreloadedQuery<LearnerStaffActionsTracksQuery>(tracksQuery, queryRef);
  const tracks = data.tracks.edges.map((e) => e.node).filter((t) => t.status === "PUBLISHED");
  const [trackId, setTrackId] = useState(tracks[0]?.id ?? "");
  const [enroll, pending] = useAsyncMutation<LearnerStaffActionsEnrollMutation>(enrollMutation);
  return (
    <form
      className={styles.enroll}
      onSubmit={async (event) => {
        event.preventDefault();
        try {
          const result = (await enroll({ variables: { learnerId, trackId } })).enrollLearner;
          const failure = failureOf(result, LEARNER_ACTION_TEXTS.failed);
          onDone(failure ? { tone: "error", text: failure.message } : { tone: "success", text: LEARNER_ACTION_TEXTS.enrolled });
        } catch (thrown) {
          onDone({ tone: "error", text: thrownMessage(thrown, { fallback: LEARNER_ACTION_TEXTS.failed }) });
        }
      }}
    >
      <Select label="Track" value={trackId} onChange={(event) => setTrackId(event.target.value)} required>
        {tracks.map((track) => (
          <option key={track.id} value={track.id}>
            {track.name}
          </option>
        ))}
      </Select>
      <Button type="submit" size="sm" loading={pending} disabled={!trackId}>
        Enroll without payment
      </Button>
    </form>
  );
}
