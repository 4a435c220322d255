import { graphql, useFragment } from "react-relay/hooks";
import { formatInstant } from "../../../../../shared/format/dates.ts";
import { formatMoneys } from "../../../../../shared/format/format.ts";
import { Avatar } from "../../../../../shared/ui/Avatar.tsx";
import { IconButton } from "../../../../../shared/ui/IconButton.tsx";
import { EyeIcon } from "../../../../../shared/ui/icons.tsx";
import { type Column, Table } from "../../../../../shared/ui/Table.tsx";
import styles from "../../../../components/ListLayout.module.css";
import type { LearnerTable_learners$data, LearnerTable_learners$key } from "./__generated__/LearnerTable_learners.graphql.ts";

type Learner = LearnerTable_learners$data[number];

export const genderLabel = (gender: string | null | undefined) => (gender === "MALE" ? "Male" : gender === "FEMALE" ? "Female" : "—");

/** LEARNER, COURSES count, DATE JOINED, AMOUNT (paid), GENDER, ACTION (view details). */
export function LearnerTable({ learnersKey, onView }: { learnersKey: LearnerTable_learners$key; onView: (id: string) => void }) {
  const learners = useFragment(
    graphql`
      fragment LearnerTable_learners on Learner @relay(plural: true) {
        id
        fullName
        email
        image
        trackCount
        createdAt
        totalPaid
        totalPaidMoney {
          minor
          currency
        }
        totalsPaid {
          minor
          currency
        }
        gender
      }
    `,
    learnersKey,
  );
  const columns: Column<Learner>[] = [
    {
      key: "learner",
      header: "Learner",
      cell: (learner) => (
        <span className={styles.person}>
          <Avatar name={learner.fullName} src={learner.image} size="sm" />
          <span className={styles.stack}>
            <span className={styles.personName}>{learner.fullName}</span>
            <span className={styles.personEmail}>{learner.email}</span>
          </span>
        </span>
      ),
    },
    { key: "courses", header: "Courses", cell: (learner) => learner.trackCount },
    { key: "joined", header: "Date joined", cell: (learner) => <span className={styles.nowrap}>{formatInstant(learner.createdAt)}</span> },
    {
      key: "amount",
      header: "Amount",
      cell: (learner) => <span className={styles.money}>{formatMoneys(learner.totalsPaid, learner.totalPaidMoney)}</span>,
    },
    { key: "gender", header: "Gender", cell: (learner) => genderLabel(learner.gender) },
    {
      key: "action",
      header: "Action",
      align: "end",
      cell: (learner) => (
        <IconButton label={`View details of ${learner.fullName}`} tone="primary" onClick={() => onView(learner.id)}>
          <EyeIcon size={18} />
        </IconButton>
      ),
    },
  ];
  return <Table caption="Learners" columns={columns} rows={learners} rowKey={(learner) => learner.id} emptyMessage="No learners found." />;
}
