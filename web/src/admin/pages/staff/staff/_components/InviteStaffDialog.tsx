import { type FormEvent, useState } from "react";
import { graphql } from "react-relay/hooks";
import { ACCOUNT_MESSAGES } from "../../../../../../../common/account-messages.ts";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { Alert } from "../../../../../shared/ui/Alert.tsx";
import { TextField } from "../../../../../shared/ui/Field.tsx";
import { FormDialog } from "../../../../../shared/ui/FormDialog.tsx";
import { failureOf, thrownMessage } from "../../../../components/failures.ts";
import { EMAIL_PATTERN } from "../../../../components/useFormFields.ts";
import type { StaffRoleValue } from "../../../../staff/staffRoles.ts";
import type { InviteStaffDialogMutation } from "./__generated__/InviteStaffDialogMutation.graphql.ts";
import { RoleSelect } from "./RoleSelect.tsx";

const mutation = graphql`
  mutation InviteStaffDialogMutation($input: InviteStaffInput!) {
    inviteStaff(input: $input) {
      __typename
      ... on StaffInvitationPayload {
        message
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

const FAILED = "Could not send the invitation.";

/** Mails an invitation link with a role; the account made through it is approved once its e-mail is verified. */
export function InviteStaffDialog({
  open,
  onOpenChange,
  onInvited,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onInvited: (message: string) => void;
}) {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<StaffRoleValue>("MANAGER");
  const [emailError, setEmailError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [invite, inviting] = useAsyncMutation<InviteStaffDialogMutation>(mutation);

  const reset = () => {
    setEmail("");
    setRole("MANAGER");
    setEmailError(undefined);
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inviting) return;
    setError(null);
    setSent(null);
    const address = email.trim();
    const invalid = !address ? ACCOUNT_MESSAGES.emailRequired : EMAIL_PATTERN.test(address) ? undefined : ACCOUNT_MESSAGES.emailInvalid;
    setEmailError(invalid);
    if (invalid) return;
    try {
      const { inviteStaff: result } = await invite({ variables: { input: { email: address, role } } });
      const failure = failureOf(result, FAILED);
      if (failure) {
        setEmailError(failure.fieldErrors.email);
        setError(failure.message);
        return;
      }
      const message = result.message ?? `Invitation sent to ${address}.`;
      reset();
      setSent(message);
      onInvited(message);
    } catch (failure) {
      setError(thrownMessage(failure, { fallback: FAILED }));
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          reset();
          setSent(null);
        }
        onOpenChange(next);
      }}
      title="Invite staff"
      description="We e-mail a sign-up link for this address; the account gets the role once its e-mail is verified."
      submitLabel="Send invitation"
      pending={inviting}
      onSubmit={submit}
    >
      {sent && <Alert tone="success">{sent}</Alert>}
      {error && <Alert tone="error">{error}</Alert>}
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        placeholder="name@example.com"
        required
        value={email}
        error={emailError}
        onChange={(event) => setEmail(event.target.value)}
      />
      <RoleSelect value={role} onChange={setRole} />
    </FormDialog>
  );
}
