/** The staff roles, in the order the console offers them, with what each may do (the API's permission table). */
export const STAFF_ROLES = [
  { value: "OWNER", label: "Owner", summary: "Everything, including staff and the audit log" },
  { value: "MANAGER", label: "Manager", summary: "Tracks, courses, learners; reads invoices and the dashboard" },
  { value: "FINANCE", label: "Finance", summary: "Invoices, reports and the dashboard; reads the catalogue and learners" },
  { value: "INSTRUCTOR", label: "Instructor", summary: "The courses of the tracks assigned to them" },
] as const;

export type StaffRoleValue = (typeof STAFF_ROLES)[number]["value"];

export const roleLabel = (role: string | null | undefined) => STAFF_ROLES.find((r) => r.value === role)?.label ?? "—";

export const STATUS_LABELS: Record<string, string> = { PENDING: "Pending", ACTIVE: "Active", DISABLED: "Deactivated" };
