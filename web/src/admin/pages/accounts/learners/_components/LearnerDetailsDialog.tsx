import { Suspense, useEffect } from "react";
import { graphql, type PreloadedQuery, useFragment, usePreloadedQuery, useQueryLoader } from "react-relay/hooks";
import { formatInstant } from "../../../../../shared/format/dates.ts";
import { formatMoneys } from "../../../../../shared/format/format.ts";
import { Alert } from "../../../../../shared/ui/Alert.tsx";
import { Avatar } from "../../../../../shared/ui/Avatar.tsx";
import { Dialog } from "../../../../../shared/ui/Dialog.tsx";
import { ErrorBoundary } from "../../../../../shared/ui/ErrorBoundary.tsx";
import { Fact } from "../../../../../shared/ui/Fact.tsx";
import { MailIcon, MapPinIcon, PhoneIcon, UserIcon } from "../../../../../shared/ui/icons.tsx";
import { Spinner } from "../../../../../shared/ui/Spinner.tsx";
import type { LearnerDetailsDialog_learner$key } from "./__generated__/LearnerDetailsDialog_learner.graphql.ts";
import type { LearnerDetailsDialogQuery as Query } from "./__generated__/LearnerDetailsDialogQuery.graphql.ts";
import LearnerDetailsDialogQuery from "./__generated__/LearnerDetailsDialogQuery.graphql.ts";
import { LearnerCertificates } from "./LearnerCertificates.tsx";
import styles from "./LearnerDetailsDialog.module.css";
import { LearnerProgress } from "./LearnerProgress.tsx";
import { LearnerStaffActions } from "./LearnerStaffActions.tsx";
import { genderLabel } from "./LearnerTable.tsx";

export const LEARNER_DETAILS_FAILED = "Could not load learner details.";

const query = graphql`
  query LearnerDetailsDialogQuery($id: ID!) {
    node(id: $id) {
      ...LearnerDetailsDialog_learner @alias
    }
  }
`;

interface LearnerDetailsDialogProps {
  /** The learner to show; the dialog is open while there is one. */
  learnerId: string | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * Learner Details (docs/product.md, Admin pages). The details, enrollments included, load when the dialog opens rather than with every
 * row of the table.
 */
export function LearnerDetailsDialog({ learnerId, onOpenChange }: LearnerDetailsDialogProps) {
  const [queryRef, loadLearner] = useQueryLoader<Query>(LearnerDetailsDialogQuery);
  useEffect(() => {
    if (learnerId) loadLearner({ id: learnerId }, { fetchPolicy: "store-and-network" });
  }, [learnerId, loadLearner]);
  return (
    <Dialog open={learnerId !== null} onOpenChange={onOpenChange} title="Learner Details" size="wide">
      <ErrorBoundary resetKeys={[queryRef]} fallback={() => <Alert tone="error">{LEARNER_DETAILS_FAILED}</Alert>}>
        <Suspense
          fallback={
            <div className={styles.loading}>
              <Spinner label="Loading learner..." />
            </div>
          }
        >
          {queryRef && queryRef.variables.id === learnerId && <LoadedLearner queryRef={queryRef} />}
        </Suspense>
      </ErrorBoundary>
    </Dialog>
  );
}

function LoadedLearner({ queryRef }: { queryRef: PreloadedQuery<Query> }) {
  const { node } = usePreloadedQuery<Query>(query, queryRef);
  const learnerKey = node?.LearnerDetailsDialog_learner;
  return learnerKey ? <LearnerDetails learnerKey={learnerKey} /> : <p className={styles.muted}>Learner not found.</p>;
}

/** Avatar or initials, name, e-mail, contact, location, gender, Bio, Program Enrolled and Financials. */
export function LearnerDetails({ learnerKey }: { learnerKey: LearnerDetailsDialog_learner$key }) {
  const learner = useFragment(
    graphql`
      fragment LearnerDetailsDialog_learner on Learner {
        fullName
        email
        contact
        location
        gender
        bio
        image
        totalPaid
        totalPaidMoney {
          minor
          currency
        }
        totalsPaid {
          minor
          currency
        }
        createdAt
        # Without a first argument the API returns its default of 20 enrollments, plenty for one learner.
        enrollments {
          edges {
            node {
              id
              track {
                name
              }
            }
          }
        }
        ...LearnerStaffActions_learner
        ...LearnerProgress_learner
        ...LearnerCertificates_learner
      }
    `,
    learnerKey,
  );
  return (
    <div className={styles.details}>
      <div className={styles.identity}>
        <Avatar name={learner.fullName} src={learner.image} size="lg" />
        <div className={styles.who}>
          <p className={styles.name}>{learner.fullName}</p>
          <p className={styles.since}>Joined {formatInstant(learner.createdAt)}</p>
        </div>
      </div>
      <dl className={styles.contact}>
        <Fact icon={<MailIcon size={16} />} label="E-mail">
          {learner.email}
        </Fact>
        <Fact icon={<PhoneIcon size={16} />} label="Contact">
          {learner.contact || "—"}
        </Fact>
        <Fact icon={<MapPinIcon size={16} />} label="Location">
          {learner.location || "—"}
        </Fact>
        <Fact icon={<UserIcon size={16} />} label="Gender">
          {genderLabel(learner.gender)}
        </Fact>
      </dl>
      <section aria-labelledby="learner-bio" className={styles.section}>
        <h3 id="learner-bio" className={styles.heading}>
          Bio
        </h3>
        <p className={styles.bio}>{learner.bio || "No bio yet."}</p>
      </section>
      <section aria-labelledby="learner-programs" className={styles.section}>
        <h3 id="learner-programs" className={styles.heading}>
          Program Enrolled
        </h3>
        {learner.enrollments.edges.length === 0 ? (
          <p className={styles.muted}>Not enrolled in any track yet.</p>
        ) : (
          <ul className={styles.programs}>
            {learner.enrollments.edges.map(({ node }) => (
              <li key={node.id}>{node.track.name}</li>
            ))}
          </ul>
        )}
      </section>
      <LearnerProgress learnerKey={learner} />
      <section aria-labelledby="learner-financials" className={styles.section}>
        <h3 id="learner-financials" className={styles.heading}>
          Financials
        </h3>
        <p className={styles.total}>
          <span>Total amount paid</span>
          <strong>{formatMoneys(learner.totalsPaid, learner.totalPaidMoney)}</strong>
        </p>
      </section>
      <LearnerCertificates learnerKey={learner} />
      <LearnerStaffActions learnerKey={learner} />
    </div>
  );
}
