import { useState } from "react";
import { graphql, useRefetchableFragment } from "react-relay/hooks";
import { type ListSpec, PagedList } from "../../../../components/PagedList.tsx";
import { usePagedSearch } from "../../../../components/usePagedSearch.ts";
import type { LearnerList_query$key } from "./__generated__/LearnerList_query.graphql.ts";
import type { LearnerListRefetchQuery } from "./__generated__/LearnerListRefetchQuery.graphql.ts";
import { LearnerDetailsDialog } from "./LearnerDetailsDialog.tsx";
import { LearnerTable } from "./LearnerTable.tsx";

export const LEARNER_LIST: ListSpec = {
  caption: "Learners",
  search: { label: "Search learners by name", placeholder: "Search by name..." },
  headers: ["Learner", "Courses", "Date joined", "Amount", "Gender", "Action"],
  noun: ["learner", "learners"],
  pagesLabel: "Learner pages",
};

/** Manage Learners: search by name, the table, page buttons and the Learner Details dialog. */
export function LearnerList({ queryKey }: { queryKey: LearnerList_query$key }) {
  const [data, refetch] = useRefetchableFragment<LearnerListRefetchQuery, LearnerList_query$key>(
    graphql`
      fragment LearnerList_query on Query
      @refetchable(queryName: "LearnerListRefetchQuery")
      @argumentDefinitions(
        search: { type: "String", defaultValue: "" }
        page: { type: "Int", defaultValue: 1 }
        first: { type: "Int", defaultValue: 10 }
      ) {
        learners(search: $search, page: $page, first: $first) {
          totalCount
          edges {
            node {
              ...LearnerTable_learners
            }
          }
        }
      }
    `,
    queryKey,
  );
  const list = usePagedSearch(refetch, data.learners);
  const [viewingId, setViewingId] = useState<string | null>(null);
  return (
    <>
      <PagedList spec={LEARNER_LIST} list={list}>
        <LearnerTable learnersKey={list.rows} onView={setViewingId} />
      </PagedList>
      <LearnerDetailsDialog learnerId={viewingId} onOpenChange={(open) => !open && setViewingId(null)} />
    </>
  );
}
