import { useCallback, useRef, useState } from "react";
import { graphql, useRefetchableFragment } from "react-relay/hooks";
import type { FetchPolicy } from "relay-runtime";
import { type ListSpec, PagedList } from "../../../../components/PagedList.tsx";
import { type PageVariables, usePagedSearch } from "../../../../components/usePagedSearch.ts";
import { can, useViewer } from "../../../../staff/AdminViewer.ts";
import type { PaymentPlanList_query$key } from "./__generated__/PaymentPlanList_query.graphql.ts";
import type { PaymentPlanListRefetchQuery } from "./__generated__/PaymentPlanListRefetchQuery.graphql.ts";
import { PaymentPlanFilter, type PlanFilterChoice } from "./PaymentPlanFilter.tsx";
import { PaymentPlanTable } from "./PaymentPlanTable.tsx";
import { PlanScheduleDialog } from "./PlanScheduleDialog.tsx";

export const PAYMENT_PLAN_LIST: ListSpec = {
  caption: "Instalment plans",
  headers: ["Learner", "Track", "Paid", "Total", "Next due", "Status", "Action"],
  noun: ["plan", "plans"],
  pagesLabel: "Instalment plan pages",
};

/** The plans, newest first: the filter (all, active, overdue, paused), the table, page buttons and a plan's schedule. */
export function PaymentPlanList({ queryKey }: { queryKey: PaymentPlanList_query$key }) {
  const [data, refetch] = useRefetchableFragment<PaymentPlanListRefetchQuery, PaymentPlanList_query$key>(
    graphql`
      fragment PaymentPlanList_query on Query
      @refetchable(queryName: "PaymentPlanListRefetchQuery")
      @argumentDefinitions(
        page: { type: "Int", defaultValue: 1 }
        first: { type: "Int", defaultValue: 10 }
        after: { type: "String" }
        filter: { type: "PaymentPlanFilter", defaultValue: ALL }
      ) {
        paymentPlans(filter: $filter, page: $page, first: $first, after: $after)
          @connection(key: "PaymentPlanList_paymentPlans", filters: ["filter", "page"]) {
          totalCount
          edges {
            # The schedule's fragment sits beside the row's, not inside it: the API limits query depth.
            node {
              id
              ...PaymentPlanTable_plans
              ...PlanScheduleDialog_plan
            }
          }
        }
      }
    `,
    queryKey,
  );
  // The filter rides along with every page the list loads; the API has no search over plans, so none is sent.
  const [filter, setFilter] = useState<PlanFilterChoice>("ALL");
  const filterRef = useRef<PlanFilterChoice>("ALL");
  const refetchWithFilter = useCallback(
    (variables: PageVariables, options: { fetchPolicy: FetchPolicy }) =>
      refetch({ page: variables.page, filter: filterRef.current }, options),
    [refetch],
  );
  const list = usePagedSearch(refetchWithFilter, data.paymentPlans);
  const showFilter = (next: PlanFilterChoice) => {
    filterRef.current = next;
    setFilter(next);
    list.reload(1);
  };
  const mayEdit = can(useViewer(), "editInvoices");
  const [openId, setOpenId] = useState<string | null>(null);
  const open = list.rows.find((row) => row.id === openId) ?? null;
  return (
    <>
      <PagedList spec={PAYMENT_PLAN_LIST} list={list} filter={<PaymentPlanFilter value={filter} onChange={showFilter} />}>
        <PaymentPlanTable plansKey={list.rows} onOpen={setOpenId} />
      </PagedList>
      <PlanScheduleDialog
        planKey={open}
        editable={mayEdit}
        onOpenChange={(next) => !next && setOpenId(null)}
        // Paid, next due, overdue and paused are the server's to work out again after a change.
        onChanged={() => list.reload()}
      />
    </>
  );
}
