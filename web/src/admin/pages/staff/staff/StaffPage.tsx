import { useState } from "react";
import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay/hooks";
import type { QueryPageProps } from "../../../../shared/routing/pageRoute.tsx";
import { Button } from "../../../../shared/ui/Button.tsx";
import { PlusIcon } from "../../../../shared/ui/icons.tsx";
import { ListPage } from "../../../components/ListPage.tsx";
import type { StaffPageQuery } from "./__generated__/StaffPageQuery.graphql.ts";
import { InvitationList } from "./_components/InvitationList.tsx";
import { InviteStaffDialog } from "./_components/InviteStaffDialog.tsx";
import { STAFF_LIST, StaffList } from "./_components/StaffList.tsx";

// Sizes are variables the route sets (routes.tsx), as on the other list pages (the API's cost limit).
const query = graphql`
  query StaffPageQuery($first: Int!, $tracksFirst: Int!) {
    ...StaffList_query @arguments(first: $first)
    ...InvitationList_query @arguments(first: $first)
    ...InstructorTracksDialog_query @arguments(first: $tracksFirst)
  }
`;

/** Owners: the staff accounts (approve, change role, deactivate, instructors' tracks) and the open invitations. */
export default function StaffPage({ queryRef }: QueryPageProps<StaffPageQuery>) {
  const [inviting, setInviting] = useState(false);
  // Bumped after an invitation is sent, so the invitation list reloads from the server.
  const [invited, setInvited] = useState(0);
  return (
    <>
      <ListPage
        title="Staff"
        description="Who works in this console, with which role. New sign-ups wait here for approval."
        actions={
          <Button onClick={() => setInviting(true)}>
            <PlusIcon size={18} />
            Invite staff
          </Button>
        }
        spec={STAFF_LIST}
      >
        <StaffPageContent queryRef={queryRef} invited={invited} />
      </ListPage>
      <InviteStaffDialog open={inviting} onOpenChange={setInviting} onInvited={() => setInvited((n) => n + 1)} />
    </>
  );
}

function StaffPageContent({ queryRef, invited }: { queryRef: PreloadedQuery<StaffPageQuery>; invited: number }) {
  const data = usePreloadedQuery<StaffPageQuery>(query, queryRef);
  return (
    <>
      <StaffList queryKey={data} tracksKey={data} />
      <InvitationList queryKey={data} reloadKey={invited} />
    </>
  );
}
