import { formatMoney } from "../../../../common/money.ts";
import type { StaffRole } from "../staff/permissions.ts";

/** An amount as mails write it, in its own currency (common/money.ts): $12.50, ₦150,000.00, GH₵1,200.00. */
export const money = (minor: number, currency: string) => formatMoney(minor, currency);

const ROLE_NAMES: Record<StaffRole, string> = { OWNER: "owner", MANAGER: "manager", FINANCE: "finance", INSTRUCTOR: "instructor" };

/** A staff role as mails name it: "finance". */
export const roleName = (role: StaffRole) => ROLE_NAMES[role];
