import { type ChangeEvent, Suspense, useEffect } from "react";
import { graphql, type PreloadedQuery, usePreloadedQuery, useQueryLoader } from "react-relay/hooks";
import { ErrorBoundary } from "../../../../../shared/ui/ErrorBoundary.tsx";
import { Select } from "../../../../../shared/ui/Field.tsx";
import { LEARNER_OPTIONS } from "../../../../components/pageSizes.ts";
import type { InvoiceLearnerSelectQuery as Query } from "./__generated__/InvoiceLearnerSelectQuery.graphql.ts";
import InvoiceLearnerSelectQuery from "./__generated__/InvoiceLearnerSelectQuery.graphql.ts";

export const LEARNERS_FAILED = "Could not load learners list.";

const query = graphql`
  query InvoiceLearnerSelectQuery($first: Int!) {
    learners(first: $first) {
      edges {
        node {
          id
          fullName
          email
        }
      }
    }
  }
`;

interface InvoiceLearnerSelectProps {
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  error: string | null;
  /** The invoice's learner when editing, offered even if not among the loaded learners. */
  current?: { id: string; fullName: string; email: string } | null;
}

/** The learner of an invoice, chosen from the learners loaded when the dialog opens. */
export function InvoiceLearnerSelect(props: InvoiceLearnerSelectProps) {
  const [queryRef, loadLearners] = useQueryLoader<Query>(InvoiceLearnerSelectQuery);
  useEffect(() => {
    loadLearners({ first: LEARNER_OPTIONS }, { fetchPolicy: "store-and-network" });
  }, [loadLearners]);
  const placeholder = (text: string, error: string | null = props.error) => (
    <Select label="Learner" name="learnerId" required disabled value="" error={error} onChange={() => undefined}>
      <option value="">{text}</option>
    </Select>
  );
  return (
    <ErrorBoundary fallback={() => placeholder("No learners", LEARNERS_FAILED)}>
      <Suspense fallback={placeholder("Loading learners...")}>{queryRef && <LearnerOptions queryRef={queryRef} {...props} />}</Suspense>
    </ErrorBoundary>
  );
}

function LearnerOptions({ queryRef, value, onChange, error, current }: InvoiceLearnerSelectProps & { queryRef: PreloadedQuery<Query> }) {
  const { learners } = usePreloadedQuery<Query>(query, queryRef);
  const options = learners.edges.map(({ node }) => node);
  if (current && !options.some((learner) => learner.id === current.id)) options.unshift(current);
  return (
    <Select label="Learner" name="learnerId" required value={value} onChange={onChange} error={error}>
      <option value="">Select a learner</option>
      {options.map((learner) => (
        <option key={learner.id} value={learner.id}>
          {learner.fullName} ({learner.email})
        </option>
      ))}
    </Select>
  );
}
