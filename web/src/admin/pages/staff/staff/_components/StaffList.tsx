import { useState } from "react";
import { graphql, useRefetchableFragment } from "react-relay/hooks";
import { type ListSpec, PagedList } from "../../../../components/PagedList.tsx";
import { usePagedSearch } from "../../../../components/usePagedSearch.ts";
import type { InstructorTracksDialog_query$key } from "./__generated__/InstructorTracksDialog_query.graphql.ts";
import type { StaffList_query$key } from "./__generated__/StaffList_query.graphql.ts";
import type { StaffListRefetchQuery } from "./__generated__/StaffListRefetchQuery.graphql.ts";
import { InstructorTracksDialog } from "./InstructorTracksDialog.tsx";
import { StaffRoleDialog } from "./StaffRoleDialog.tsx";
import { StaffStatusDialog } from "./StaffStatusDialog.tsx";
import { type StaffAction, StaffTable } from "./StaffTable.tsx";

export const STAFF_LIST: ListSpec = {
  caption: "Staff",
  search: { label: "Search staff by name or e-mail", placeholder: "Search staff..." },
  headers: ["Name and email", "Role", "Status", "Email verified", "Approved", "Action"],
  noun: ["staff member", "staff members"],
  pagesLabel: "Staff pages",
};

/** The staff table with search and page buttons, and the dialogs of its row actions. */
export function StaffList({ queryKey, tracksKey }: { queryKey: StaffList_query$key; tracksKey: InstructorTracksDialog_query$key }) {
  const [data, refetch] = useRefetchableFragment<StaffListRefetchQuery, StaffList_query$key>(
    graphql`
      fragment StaffList_query on Query
      @refetchable(queryName: "StaffListRefetchQuery")
      @argumentDefinitions(
        search: { type: "String", defaultValue: "" }
        page: { type: "Int", defaultValue: 1 }
        first: { type: "Int", defaultValue: 10 }
      ) {
        staff(search: $search, page: $page, first: $first) {
          totalCount
          edges {
            node {
              ...StaffTable_staff
            }
          }
        }
      }
    `,
    queryKey,
  );
  const list = usePagedSearch(refetch, data.staff);
  const [action, setAction] = useState<StaffAction | null>(null);
  const close = (open: boolean) => !open && setAction(null);
  return (
    <>
      <PagedList spec={STAFF_LIST} list={list}>
        <StaffTable staffKey={list.rows} onAction={setAction} />
      </PagedList>
      <StaffRoleDialog
        action={action?.kind === "approve" || action?.kind === "role" ? { kind: action.kind, member: action.member } : null}
        onOpenChange={close}
        onSaved={() => list.reload()}
      />
      <StaffStatusDialog member={action?.kind === "status" ? action.member : null} onOpenChange={close} />
      <InstructorTracksDialog member={action?.kind === "tracks" ? action.member : null} tracksKey={tracksKey} onOpenChange={close} />
    </>
  );
}
