import { graphql } from "react-relay/hooks";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { ConfirmDialog } from "../../../../../shared/ui/ConfirmDialog.tsx";
import { toast } from "../../../../../shared/ui/Toast.tsx";
import { failureOf, thrownMessage } from "../../../../components/failures.ts";
import styles from "../../../../components/ListLayout.module.css";
import { roleLabel } from "../../../../staff/staffRoles.ts";
import type { StaffStatusDialogMutation } from "./__generated__/StaffStatusDialogMutation.graphql.ts";
import type { StaffTable_staff$data } from "./__generated__/StaffTable_staff.graphql.ts";

/** Changes a staff account (status here, role in StaffRoleDialog) and returns its table row. */
export const updateStaffMutation = graphql`
  mutation StaffStatusDialogMutation($id: ID!, $input: UpdateStaffInput!) {
    updateStaff(id: $id, input: $input) {
      __typename
      ... on Admin {
        ...StaffTable_staff @alias
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

const FAILED = "Could not change the account.";

/** Asks before deactivating (which ends the member's sessions at once) or reactivating a staff account. */
export function StaffStatusDialog({
  member,
  onOpenChange,
}: {
  member: StaffTable_staff$data[number] | null;
  onOpenChange: (open: boolean) => void;
}) {
  const [updateStaff] = useAsyncMutation<StaffStatusDialogMutation>(updateStaffMutation);
  const reactivate = member?.status === "DISABLED";
  return (
    <ConfirmDialog
      open={member !== null}
      onOpenChange={onOpenChange}
      title={reactivate ? "Reactivate staff account" : "Deactivate staff account"}
      description={
        reactivate
          ? "They can log in again with their role."
          : "They are logged out everywhere at once and cannot log in until an owner reactivates the account."
      }
      confirmLabel={reactivate ? "Reactivate" : "Deactivate"}
      tone={reactivate ? "primary" : "danger"}
      onConfirm={async () => {
        if (!member) return;
        const result = await updateStaff({ variables: { id: member.id, input: { disabled: !reactivate } } }).catch((error: unknown) => {
          throw new Error(thrownMessage(error, { fallback: FAILED }));
        });
        const failure = failureOf(result.updateStaff, FAILED);
        if (failure) throw new Error(failure.message);
        toast.success(`${member.fullName} ${reactivate ? "reactivated" : "deactivated"}.`);
      }}
    >
      {member && (
        <dl className={styles.details}>
          <dt>Name</dt>
          <dd>{member.fullName}</dd>
          <dt>Email</dt>
          <dd>{member.email}</dd>
          <dt>Role</dt>
          <dd>{roleLabel(member.staffRole)}</dd>
        </dl>
      )}
    </ConfirmDialog>
  );
}
