import type { StaffRole } from "../../staff/permissions.ts";

export type { StaffRole };

const ROLE_NAMES: Record<StaffRole, string> = { OWNER: "owner", MANAGER: "manager", FINANCE: "finance", INSTRUCTOR: "instructor" };

/** A role as mails name it: "finance". */
export const roleName = (role: StaffRole) => ROLE_NAMES[role];
