import type { Viewer } from "../sessions.ts";

/**
 * Who on the staff may do what: one table, read by the GraphQL scopes (`can`), the REST routes (which run the same
 * GraphQL operations) and the web app's sidebar (it asks the API for `me { permissions }`). An admin account with
 * no role is pending: it may log in and wait, and nothing else. docs/ARCHITECTURE.md, "Staff and roles".
 */
export const STAFF_ROLES = ["OWNER", "MANAGER", "FINANCE", "INSTRUCTOR"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PERMISSIONS = {
  /** Staff accounts, invitations, instructor assignments and the audit log. */
  manageStaff: ["OWNER"],
  /** The staff lists of tracks and courses. */
  readCatalogue: ["OWNER", "MANAGER", "FINANCE", "INSTRUCTOR"],
  /** Create, edit and delete tracks. */
  editCatalogue: ["OWNER", "MANAGER"],
  /** Create, edit and delete courses; an instructor only in the tracks assigned to them (`mayEditTrackContent`). */
  editCourses: ["OWNER", "MANAGER", "INSTRUCTOR"],
  /** Learners' accounts and enrollments (finance reads them as the buyers of invoices). */
  readLearners: ["OWNER", "MANAGER", "FINANCE"],
  readInvoices: ["OWNER", "MANAGER", "FINANCE"],
  /** Create, edit and delete invoices; confirm payments. */
  editInvoices: ["OWNER", "FINANCE"],
  /** The dashboard's figures. */
  readDashboard: ["OWNER", "MANAGER", "FINANCE"],
  /** The report page and its CSV. */
  readReports: ["OWNER", "FINANCE"],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/** An approved, active staff session (any role). */
export function isStaff(viewer: Viewer | null | undefined): viewer is Viewer & { staffRole: StaffRole } {
  return viewer?.role === "ADMIN" && viewer.staffRole !== null;
}

/** A staff account that has verified its e-mail and logged in, but that no owner has approved yet. */
export function isPendingStaff(viewer: Viewer | null | undefined): boolean {
  return viewer?.role === "ADMIN" && viewer.staffRole === null;
}

export function can(viewer: Viewer | null | undefined, permission: Permission): boolean {
  return isStaff(viewer) && (PERMISSIONS[permission] as readonly StaffRole[]).includes(viewer.staffRole);
}

/** The permissions a role has, for the web app to show what the account may use. */
export function permissionsOf(role: StaffRole | null): Permission[] {
  return role ? PERMISSION_NAMES.filter((p) => (PERMISSIONS[p] as readonly StaffRole[]).includes(role)) : [];
}
