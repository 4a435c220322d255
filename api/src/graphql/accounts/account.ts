import { queryFromInfo } from "@pothos/plugin-prisma";
import type { STAFF_ROLES } from "../../domain/staff/permissions.ts";
import { accountPermissions, staffStatus } from "../../domain/staff/staff.ts";
import { builder } from "../builder.ts";
import { Track } from "../catalogue/track.ts";

export const Gender = builder.enumType("Gender", {
  description: "A learner's gender, as given on the profile or at checkout.",
  values: { MALE: { description: "Male." }, FEMALE: { description: "Female." } } as const,
});
export const Role = builder.enumType("Role", {
  description: "Which site an account belongs to.",
  values: {
    ADMIN: { description: "A staff account of the admin site (its staff role says what it may do)." },
    LEARNER: { description: "A learner account of the learner site." },
  } as const,
});

interface AccountShape {
  firstName: string;
  lastName: string;
  email: string;
  image: string | null;
}

/** What admins and learners have in common; `me` answers with one of them. */
export const Account = builder.interfaceRef<AccountShape>("Account").implement({
  description: "An admin (staff) or learner account: what both have in common.",
  interfaces: [builder.nodeInterfaceRef()],
  // Only admin (staff) rows have a staff role column.
  resolveType: (account) => ("staffRole" in account ? "Admin" : "Learner"),
  fields: (t) => ({
    firstName: t.exposeString("firstName", { description: "First name." }),
    lastName: t.exposeString("lastName", { description: "Last name." }),
    fullName: t.string({ description: "First and last name.", resolve: (a) => `${a.firstName} ${a.lastName}` }),
    email: t.exposeString("email", { description: "The e-mail address the account signs in with." }),
    image: t.exposeString("image", { nullable: true, description: "URL of the profile picture; null when there is none." }),
  }),
});

export const Admin = builder.prismaNode("Admin", {
  id: { field: "id" },
  // A well-formed id of a record that does not exist resolves to null, not an error.
  nullable: true,
  description: "A staff account of the admin site.",
  interfaces: [Account],
  // Owners see the staff; every staff member sees their own account (a pending one too: its waiting screen).
  authScopes: (admin) => ({ can: "manageStaff", owns: { role: "ADMIN", id: admin.id } }),
  fields: (t) => ({
    role: t.field({ type: Role, description: "Always ADMIN.", resolve: () => "ADMIN" as const }),
    contact: t.exposeString("contact", { description: "Phone number." }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When the account signed up." }),
  }),
});

/** An admin account's staff side: its role, state, permissions and assigned tracks (domain/staff/). */

export const StaffRole = builder.enumType("StaffRole", {
  description: "What a staff account may do: owner (everything), manager, finance or instructor.",
  values: {
    OWNER: { description: "Everything: the staff, invitations and audit log too." },
    MANAGER: { description: "The catalogue (tracks and courses) and the dashboard; learners and invoices (read)." },
    FINANCE: { description: "Invoices and payments, the dashboard and reports; the catalogue and learners (read)." },
    INSTRUCTOR: { description: "The courses of the tracks assigned to them; the catalogue (read)." },
  } as const satisfies Record<(typeof STAFF_ROLES)[number], { description: string }>,
});

const StaffStatus = builder.enumType("StaffStatus", {
  description: "PENDING: waits for an owner's approval; ACTIVE: may work; DISABLED: deactivated by an owner.",
  values: {
    PENDING: { description: "Waits for an owner's approval." },
    ACTIVE: { description: "Approved, with a role." },
    DISABLED: { description: "Deactivated by an owner." },
  } as const,
});

builder.prismaObjectFields("Admin", (t) => ({
  staffRole: t.expose("staffRole", { type: StaffRole, nullable: true, description: "Null while the account waits for approval." }),
  status: t.field({
    type: StaffStatus,
    description: "Pending, active or disabled.",
    select: { staffRole: true, disabled: true },
    resolve: staffStatus,
  }),
  emailVerified: t.boolean({
    description: "True once the e-mail address is verified.",
    select: { emailVerifiedAt: true },
    resolve: (a) => a.emailVerifiedAt !== null,
  }),
  approvedAt: t.expose("approvedAt", {
    type: "DateTime",
    nullable: true,
    description: "When an owner approved the account (or it joined by invitation); null while pending.",
  }),
  permissions: t.stringList({
    description: "What the account may do (names from the server's permission table), for the console to show only that.",
    select: { staffRole: true, disabled: true },
    resolve: accountPermissions,
  }),
  assignedTracks: t.field({
    type: [Track],
    description: "Instructors: the tracks whose courses they may edit.",
    select: { instructing: { select: { track: true }, orderBy: { createdAt: "asc" } } },
    resolve: (a) => a.instructing.map((i) => i.track),
  }),
}));

export const Learner = builder.prismaNode("Learner", {
  id: { field: "id" },
  // A well-formed id of a record that does not exist resolves to null, not an error.
  nullable: true,
  description: "A learner account: profile, enrollments and invoices.",
  interfaces: [Account],
  // A learner is visible to staff who read learners and to that learner only.
  authScopes: (learner) => ({ can: "readLearners", owns: { role: "LEARNER", id: learner.id } }),
  fields: (t) => ({
    role: t.field({ type: Role, description: "Always LEARNER.", resolve: () => "LEARNER" as const }),
    contact: t.exposeString("contact", { description: "Phone number." }),
    location: t.exposeString("location", { nullable: true, description: "Where the learner lives; null if not given." }),
    gender: t.expose("gender", { type: Gender, nullable: true, description: "Null if not given." }),
    bio: t.exposeString("bio", { nullable: true, description: "The learner's bio." }),
    disabled: t.exposeBoolean("disabled", { description: "True when the learner has disabled the account." }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "Date joined." }),
  }),
});

builder.queryFields((t) => ({
  me: t.field({
    type: Account,
    nullable: true,
    description: "The signed-in admin or learner; null when signed out or the session is no longer valid.",
    // The account loads with what the query selects under its type (e.g. a learner's enrollments), in one statement.
    resolve: async (_root, _args, ctx, info) => {
      if (!ctx.viewer) return null;
      const { prisma } = ctx.services.db;
      const where = { id: ctx.viewer.accountId };
      return ctx.viewer.role === "ADMIN"
        ? prisma.admin.findUnique({ ...queryFromInfo({ context: ctx, info, typeName: "Admin" }), where })
        : prisma.learner.findUnique({ ...queryFromInfo({ context: ctx, info, typeName: "Learner" }), where });
    },
  }),
}));
