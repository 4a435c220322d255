import { ForbiddenError, NotAuthenticatedError } from "../errors.ts";

/**
 * Who on the staff may do what: one table, read by the GraphQL scopes (`can`), the REST routes (which run the same
 * GraphQL operations) and the web app's sidebar (it asks the API for `me { permissions }`). An admin account with
 * no role is pending: it may log in and wait, and nothing else. docs/ARCHITECTURE.md, "Staff and roles".
 */
export const PENDING_MESSAGE = "Your staff account is waiting for an owner's approval.";

export const STAFF_ROLES = ["OWNER", "MANAGER", "FINANCE", "INSTRUCTOR"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Who is asking: the session of an admin (staff) or a learner account. */
export interface Viewer {
  sessionId: string;
  role: "ADMIN" | "LEARNER";
  /** Admin or learner id, per role. */
  accountId: string;
  /** Staff sessions: the account's role, null while the account waits for approval. Learners: null. */
  staffRole: StaffRole | null;
  /** Staff sessions: the account's e-mail, for the audit log. */
  email?: string;
}

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
  /** Act on a learner's account: enroll by hand without payment, disable and enable it, send a password reset link. */
  manageLearners: ["OWNER", "MANAGER"],
  readInvoices: ["OWNER", "MANAGER", "FINANCE"],
  /** Create, edit and delete invoices; confirm payments. */
  editInvoices: ["OWNER", "FINANCE"],
  /** The dashboard's figures. */
  readDashboard: ["OWNER", "MANAGER", "FINANCE"],
  /** The report page and its CSV. */
  readReports: ["OWNER", "FINANCE"],
  /** The business settings: offline payments and their instructions, expiries. */
  manageSettings: ["OWNER"],
  /** Coupons and bulk sponsor codes: create, deactivate, list with redemptions, export a batch's codes. */
  manageCoupons: ["OWNER", "FINANCE"],
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

/** The account a record belongs to: a learner (their invoices, enrollments, their own account) or a staff account. */
export interface Owner {
  role: Viewer["role"];
  id: string | null;
}

/**
 * The ownership rule of every account-owned record: the viewer is that account (a pending staff account too). The
 * GraphQL scope `owns` applies it to the record being read.
 */
export function owns(viewer: Viewer | null | undefined, owner: Owner): boolean {
  return !!viewer && owner.id !== null && viewer.role === owner.role && viewer.accountId === owner.id;
}

/** The permissions a role has, for the web app to show what the account may use. */
export function permissionsOf(role: StaffRole | null): Permission[] {
  return role ? PERMISSION_NAMES.filter((p) => (PERMISSIONS[p] as readonly StaffRole[]).includes(role)) : [];
}

// ---- Audiences: who may call an operation (the GraphQL and REST access tables use them) ----------------------------

/**
 * - `anyone`: no session needed (answers may still depend on who asks).
 * - `signedIn`: any session, a pending staff account's too.
 * - `learner`: a learner's session.
 * - `anyStaff`: a staff session, a pending one too (logging out of the console).
 * - `staff`: an approved staff account of any role.
 * - a permission: approved staff whose role has it.
 * - `learnerOr:<permission>`: a learner (for what is theirs: the route finds only their own records) or approved staff
 *   whose role has the permission (an invoice's PDF).
 */
export type Audience = "anyone" | "signedIn" | "learner" | "anyStaff" | "staff" | Permission | `learnerOr:${Permission}`;

/** The kinds of caller the policy tells apart. */
export const CALLERS = ["anonymous", "learner", "pending", ...STAFF_ROLES] as const;
export type Caller = (typeof CALLERS)[number];

export function callerOf(viewer: Viewer | null | undefined): Caller {
  if (!viewer) return "anonymous";
  if (viewer.role === "LEARNER") return "learner";
  return viewer.staffRole ?? "pending";
}

export function admits(audience: Audience, caller: Caller): boolean {
  switch (audience) {
    case "anyone":
      return true;
    case "signedIn":
      return caller !== "anonymous";
    case "learner":
      return caller === "learner";
    case "anyStaff":
      return caller !== "anonymous" && caller !== "learner";
    case "staff":
      return (STAFF_ROLES as readonly string[]).includes(caller);
    default:
      if (audience.startsWith("learnerOr:")) return caller === "learner" || admits(audience.slice(10) as Permission, caller);
      return (PERMISSIONS[audience as Permission] as readonly string[]).includes(caller);
  }
}

/**
 * Refuses a caller the audience does not admit: 401 without a session, 403 with the reason otherwise (the REST
 * facade's check before a route runs; GraphQL fields say the same through their scopes).
 */
export function requireAudience(audience: Audience, viewer: Viewer | null): void {
  const caller = callerOf(viewer);
  if (admits(audience, caller)) return;
  if (caller === "anonymous") throw new NotAuthenticatedError();
  if (audience === "learner") throw new ForbiddenError("This action needs a learner session.");
  if (caller === "learner" && (audience === "anyStaff" || audience === "staff"))
    throw new ForbiddenError("This action needs an admin session.");
  if (caller === "pending") throw new ForbiddenError(PENDING_MESSAGE);
  throw new ForbiddenError();
}
