import { useState } from "react";
import { graphql, useRefetchableFragment } from "react-relay/hooks";
import { cx } from "../../../../shared/ui/cx.ts";
import { Pagination } from "../../../../shared/ui/Pagination.tsx";
import { SearchField } from "../../../../shared/ui/SearchField.tsx";
import styles from "../../../components/ListLayout.module.css";
import { pageCount, rangeText, usePagedSearch } from "../../../components/usePagedSearch.ts";
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
      <div className={styles.toolbar}>
        <SearchField
          label="Search learners by name"
          placeholder="Search by name..."
          value={list.search}
          onValueChange={list.setSearch}
          pending={list.isPending}
        />
      </div>
      <div className={cx(styles.table, list.isPending && styles.pending)}>
        <LearnerTable learnersKey={rows} onView={setViewingId} />
      </div>
      <div className={styles.footer}>
        <p className={styles.range} aria-live="polite">
          {rangeText(list.shown.page, rows.length, totalCount, totalCount === 1 ? "learner" : "learners")}
        </p>
        <Pagination page={list.shown.page} pageCount={pageCount(totalCount)} onPageChange={list.goToPage} label="Learner pages" />
      </div>
      <LearnerDetailsDialog learnerId={viewingId} onOpenChange={(open) => !open && setViewingId(null)} />
    </>
  );
}
