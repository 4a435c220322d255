import { useEffect, useRef, useState, useTransition } from "react";
import { graphql, useRefetchableFragment } from "react-relay/hooks";
import { formatInstant } from "../../../../../shared/format/dates.ts";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { Alert } from "../../../../../shared/ui/Alert.tsx";
import { Badge } from "../../../../../shared/ui/Badge.tsx";
import { Button } from "../../../../../shared/ui/Button.tsx";
import { cx } from "../../../../../shared/ui/cx.ts";
import { Pagination } from "../../../../../shared/ui/Pagination.tsx";
import { type Column, Table } from "../../../../../shared/ui/Table.tsx";
import { failureOf, thrownMessage } from "../../../../components/failures.ts";
import listStyles from "../../../../components/ListLayout.module.css";
import { pageCount } from "../../../../components/usePagedSearch.ts";
import { roleLabel } from "../../../../staff/staffRoles.ts";
import styles from "../StaffPage.module.css";
import type { InvitationList_query$data, InvitationList_query$key } from "./__generated__/InvitationList_query.graphql.ts";
import type { InvitationListRefetchQuery } from "./__generated__/InvitationListRefetchQuery.graphql.ts";
import type { InvitationListResendMutation } from "./__generated__/InvitationListResendMutation.graphql.ts";

type Invitation = InvitationList_query$data["staffInvitations"]["edges"][number]["node"];

const resendMutation = graphql`
  mutation InvitationListResendMutation($id: ID!) {
    resendStaffInvitation(id: $id) {
      __typename
      ... on StaffInvitationPayload {
        message
        invitation {
          id
          status
          expiresAt
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

const RESEND_FAILED = "Could not send the invitation again.";

/** The invitations not used yet (expired ones too), each with "Send again" (a new link, valid 7 days). */
export function InvitationList({ queryKey, reloadKey }: { queryKey: InvitationList_query$key; reloadKey: number }) {
  const [data, refetch] = useRefetchableFragment<InvitationListRefetchQuery, InvitationList_query$key>(
    graphql`
      fragment InvitationList_query on Query
      @refetchable(queryName: "InvitationListRefetchQuery")
      @argumentDefinitions(page: { type: "Int", defaultValue: 1 }, first: { type: "Int", defaultValue: 10 }) {
        staffInvitations(page: $page, first: $first) {
          totalCount
          edges {
            node {
              id
              email
              role
              status
              expiresAt
            }
          }
        }
      }
    `,
    queryKey,
  );
  const [page, setPage] = useState(1);
  const [isPending, startTransition] = useTransition();
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [resend] = useAsyncMutation<InvitationListResendMutation>(resendMutation);
  const [sendingId, setSendingId] = useState<string | null>(null);
  const load = (next: number) =>
    startTransition(() => {
      setPage(next);
      refetch({ page: next }, { fetchPolicy: "network-only" });
    });
  // A new invitation was sent from the page's dialog: show the first page again, from the server.
  const firstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads only when the page signals a new invitation.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    load(1);
  }, [reloadKey]);

  const sendAgain = async (invitation: Invitation) => {
    setNotice(null);
    setSendingId(invitation.id);
    try {
      const { resendStaffInvitation: result } = await resend({ variables: { id: invitation.id } });
      const failure = failureOf(result, RESEND_FAILED);
      setNotice(
        failure
          ? { tone: "error", text: failure.message }
          : { tone: "success", text: result.message ?? `Sent again to ${invitation.email}.` },
      );
    } catch (failure) {
      setNotice({ tone: "error", text: thrownMessage(failure, { fallback: RESEND_FAILED }) });
    } finally {
      setSendingId(null);
    }
  };

  const { totalCount, edges } = data.staffInvitations;
  const columns: Column<Invitation>[] = [
    { key: "email", header: "Email", cell: (i) => i.email },
    { key: "role", header: "Role", cell: (i) => roleLabel(i.role) },
    {
      key: "status",
      header: "Status",
      cell: (i) => <Badge tone={i.status === "OPEN" ? "info" : "warning"}>{i.status === "OPEN" ? "Open" : "Expired"}</Badge>,
    },
    { key: "expires", header: "Expires", cell: (i) => <span className={listStyles.nowrap}>{formatInstant(i.expiresAt)}</span> },
    {
      key: "action",
      header: "Action",
      align: "end",
      cell: (i) => (
        <Button
          size="sm"
          variant="secondary"
          loading={sendingId === i.id}
          onClick={() => sendAgain(i)}
          aria-label={`Send the invitation to ${i.email} again`}
        >
          Send again
        </Button>
      ),
    },
  ];
  return (
    <section className={styles.section} aria-labelledby="invitations-title">
      <h2 id="invitations-title" className={styles.sectionTitle}>
        Open invitations
      </h2>
      {notice && (
        <Alert tone={notice.tone} onDismiss={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}
      <div className={cx(listStyles.table, isPending && listStyles.pending)}>
        <Table
          caption="Open invitations"
          columns={columns}
          rows={edges.map((e) => e.node)}
          rowKey={(i) => i.id}
          emptyMessage="No open invitations."
          stackOnPhone
        />
      </div>
      {totalCount > 10 && (
        <div className={listStyles.footer}>
          <Pagination page={page} pageCount={pageCount(totalCount)} onPageChange={load} label="Invitation pages" />
        </div>
      )}
    </section>
  );
}
