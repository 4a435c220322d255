import type { StaffRole } from "../staff/permissions.ts";

/** An amount as mails write it: $12.50. */
export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

const ROLE_NAMES: Record<StaffRole, string> = { OWNER: "owner", MANAGER: "manager", FINANCE: "finance", INSTRUCTOR: "instructor" };

/** A staff role as mails name it: "finance". */
export const roleName = (role: StaffRole) => ROLE_NAMES[role];
