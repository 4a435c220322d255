import { Select } from "../../../../../shared/ui/Field.tsx";
import { STAFF_ROLES, type StaffRoleValue } from "../../../../staff/staffRoles.ts";

/** The role picker of the invite and role dialogs: every role, with what the chosen one may do as its hint. */
export function RoleSelect({ value, onChange }: { value: StaffRoleValue; onChange: (role: StaffRoleValue) => void }) {
  return (
    <Select
      label="Role"
      value={value}
      onChange={(event) => onChange(event.target.value as StaffRoleValue)}
      hint={STAFF_ROLES.find((r) => r.value === value)?.summary}
    >
      {STAFF_ROLES.map((r) => (
        <option key={r.value} value={r.value}>
          {r.label}
        </option>
      ))}
    </Select>
  );
}
