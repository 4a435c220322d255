import { type FormEvent, useEffect, useState } from "react";
import { graphql } from "react-relay/hooks";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { Alert } from "../../../../../shared/ui/Alert.tsx";
import { FormDialog } from "../../../../../shared/ui/FormDialog.tsx";
import { toast } from "../../../../../shared/ui/Toast.tsx";
import { failureOf, thrownMessage } from "../../../../components/failures.ts";
import { STAFF_ROLES, type StaffRoleValue } from "../../../../staff/staffRoles.ts";
import type { StaffRoleDialogApproveMutation } from "./__generated__/StaffRoleDialogApproveMutation.graphql.ts";
import type { StaffStatusDialogMutation } from "./__generated__/StaffStatusDialogMutation.graphql.ts";
import { RoleSelect } from "./RoleSelect.tsx";
import { updateStaffMutation } from "./StaffStatusDialog.tsx";
import type { StaffAction } from "./StaffTable.tsx";

const approveMutation = graphql`
  mutation StaffRoleDialogApproveMutation($id: ID!, $role: StaffRole!) {
    approveStaff(id: $id, role: $role) {
      __typename
      ... on Admin {
        ...StaffTable_staff @alias
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

const FAILED = "Could not save the role.";

/** Approves a pending account with a role, or changes an active member's role. */
export function StaffRoleDialog({
  action,
  onOpenChange,
  onSaved,
}: {
  action: (StaffAction & { kind: "approve" | "role" }) | null;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const [role, setRole] = useState<StaffRoleValue>("MANAGER");
  const [error, setError] = useState<string | null>(null);
  const [approve, approving] = useAsyncMutation<StaffRoleDialogApproveMutation>(approveMutation);
  const [update, updating] = useAsyncMutation<StaffStatusDialogMutation>(updateStaffMutation);
  const member = action?.member;
  useEffect(() => {
    if (!member) return;
    setRole((STAFF_ROLES.find((r) => r.value === member.staffRole)?.value ?? "MANAGER") as StaffRoleValue);
    setError(null);
  }, [member]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!action || approving || updating) return;
    setError(null);
    try {
      const result =
        action.kind === "approve"
          ? (await approve({ variables: { id: action.member.id, role } })).approveStaff
          : (await update({ variables: { id: action.member.id, input: { role } } })).updateStaff;
      const failure = failureOf(result, FAILED);
      if (failure) {
        setError(failure.message);
        return;
      }
      const label = STAFF_ROLES.find((r) => r.value === role)?.label ?? role;
      toast.success(
        action.kind === "approve" ? `${action.member.fullName} approved as ${label}.` : `${action.member.fullName} is now ${label}.`,
      );
      onOpenChange(false);
      onSaved();
    } catch (failure) {
      setError(thrownMessage(failure, { fallback: FAILED }));
    }
  };

  const approving_ = action?.kind === "approve";
  return (
    <FormDialog
      open={action !== null}
      onOpenChange={onOpenChange}
      title={approving_ ? "Approve staff account" : "Change role"}
      description={member ? `${member.fullName} (${member.email})` : undefined}
      submitLabel={approving_ ? "Approve" : "Save role"}
      pending={approving || updating}
      onSubmit={submit}
    >
      {error && <Alert tone="error">{error}</Alert>}
      <RoleSelect value={role} onChange={setRole} />
    </FormDialog>
  );
}
