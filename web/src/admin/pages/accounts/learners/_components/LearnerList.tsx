import { useState } from "react";
import { graphql, useRefetchableFragment } from "react-relay/hooks";
import { PagedList } from "../../../../components/PagedList.tsx";
import { usePagedSearch } from "../../../../components/usePagedSearch.ts";
import type { LearnerList_query$key } from "./__generated__/LearnerList_query.graphql.ts";
import type { LearnerListRefetchQuery } from "./__generated__/LearnerListRefetchQuery.graphql.ts";
import { LearnerDetailsDialog } from "./LearnerDetailsDialog.tsx";
import { LearnerTable } from "./LearnerTable.tsx";

export const LEARNER_COLUMNS = ["Learner", "Courses", "Date joined", "Amount", "Gender", "Action"];

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
  const list = usePagedSearch(refetch);
  const [viewingId, setViewingId] = useState<string | null>(null);
  const { totalCount, edges } = data.learners;
  const rows = edges.map((edge) => edge.node);
  return (
    <>
      <PagedList
        list={list}
        search={{ label: "Search learners by name", placeholder: "Search by name..." }}
        rowCount={rows.length}
        totalCount={totalCount}
        noun={["learner", "learners"]}
        pagesLabel="Learner pages"
      >
        <LearnerTable learnersKey={rows} onView={setViewingId} />
      </PagedList>
      <LearnerDetailsDialog learnerId={viewingId} onOpenChange={(open) => !open && setViewingId(null)} />
    </>
  );
}
