import { graphql, useFragment } from "react-relay/hooks";
import { formatInstant } from "../../../../../shared/format/dates.ts";
import { Badge } from "../../../../../shared/ui/Badge.tsx";
import { Button } from "../../../../../shared/ui/Button.tsx";
import { type Column, Table } from "../../../../../shared/ui/Table.tsx";
import styles from "../../../../components/ListLayout.module.css";
import { roleLabel, STATUS_LABELS } from "../../../../staff/staffRoles.ts";
import staffStyles from "../StaffPage.module.css";
import type { StaffTable_staff$data, StaffTable_staff$key } from "./__generated__/StaffTable_staff.graphql.ts";

type StaffMember = StaffTable_staff$data[number];

/** What the owner is doing to which staff member (a row's action, StaffList.tsx opens its dialog): one at a time. */
export type StaffAction = { kind: "approve" | "role" | "status" | "tracks"; member: StaffMember };

const STATUS_TONES = { PENDING: "warning", ACTIVE: "success", DISABLED: "neutral" } as const;

/** Name and e-mail, role, status, e-mail verified, approved date, and the actions the member's status allows. */
export function StaffTable({ staffKey, onAction }: { staffKey: StaffTable_staff$key; onAction: (action: StaffAction) => void }) {
  const staff = useFragment(
    graphql`
      fragment StaffTable_staff on Admin @relay(plural: true) {
        id
        fullName
        email
        staffRole
        status
        emailVerified
        approvedAt
        assignedTracks {
          id
          name
        }
      }
    `,
    staffKey,
  );
  const columns: Column<StaffMember>[] = [
    {
      key: "name",
      header: "Name and email",
      cell: (m) => (
        <span className={styles.stack}>
          <span className={styles.personName}>{m.fullName}</span>
          <span className={styles.personEmail} title={m.email}>
            {m.email}
          </span>
        </span>
      ),
    },
    {
      key: "role",
      header: "Role",
      cell: (m) => (
        <span className={styles.stack}>
          <span>{roleLabel(m.staffRole)}</span>
          {m.staffRole === "INSTRUCTOR" && (
            <span className={staffStyles.tracks} title={m.assignedTracks.map((t) => t.name).join(", ")}>
              {m.assignedTracks.length > 0 ? m.assignedTracks.map((t) => t.name).join(", ") : "No tracks yet"}
            </span>
          )}
        </span>
      ),
    },
    {
      key: "status",
      header: "Status",
      cell: (m) => (
        <Badge tone={STATUS_TONES[m.status as keyof typeof STATUS_TONES] ?? "neutral"}>{STATUS_LABELS[m.status] ?? m.status}</Badge>
      ),
    },
    { key: "verified", header: "Email verified", cell: (m) => (m.emailVerified ? "Yes" : "No") },
    {
      key: "approved",
      header: "Approved",
      cell: (m) => <span className={styles.nowrap}>{m.approvedAt ? formatInstant(m.approvedAt) : "—"}</span>,
    },
    {
      key: "action",
      header: "Action",
      align: "end",
      cell: (member) => (
        <span className={staffStyles.actions}>
          {member.status === "PENDING" && (
            <Button
              size="sm"
              onClick={() => onAction({ kind: "approve", member })}
              disabled={!member.emailVerified}
              title={member.emailVerified ? undefined : "The e-mail address is not verified yet."}
              aria-label={`Approve ${member.fullName}`}
            >
              Approve
            </Button>
          )}
          {member.status === "ACTIVE" && (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => onAction({ kind: "role", member })}
              aria-label={`Change role of ${member.fullName}`}
            >
              Change role
            </Button>
          )}
          {member.status === "ACTIVE" && member.staffRole === "INSTRUCTOR" && (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => onAction({ kind: "tracks", member })}
              aria-label={`Tracks of ${member.fullName}`}
            >
              Tracks
            </Button>
          )}
          {member.status !== "PENDING" && (
            <Button
              size="sm"
              variant={member.status === "DISABLED" ? "secondary" : "ghost"}
              onClick={() => onAction({ kind: "status", member })}
              aria-label={`${member.status === "DISABLED" ? "Reactivate" : "Deactivate"} ${member.fullName}`}
            >
              {member.status === "DISABLED" ? "Reactivate" : "Deactivate"}
            </Button>
          )}
        </span>
      ),
    },
  ];
  return <Table caption="Staff" columns={columns} rows={staff} rowKey={(m) => m.id} emptyMessage="No staff found." stackOnPhone />;
}
