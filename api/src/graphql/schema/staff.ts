import { AUDIT_ORDER, auditCsv, auditWhere } from "../../domain/staff/audit.ts";
import { permissionsOf, STAFF_ROLES } from "../../domain/staff/permissions.ts";
import {
  approveStaff,
  invitationPreview,
  inviteStaff,
  resendInvitation,
  setInstructorTracks,
  updateStaff,
} from "../../domain/staff/staff.ts";
import { builder } from "../builder.ts";
import { actor } from "../context.ts";
import { Admin } from "./account.ts";
import { commonErrors } from "./errors.ts";
import { pagedConnection, wordsWhere } from "./paging.ts";
import { Track } from "./track.ts";

/** Staff accounts, invitations, instructor assignments and the audit log: owners only (domain/staff/). */

export const StaffRole = builder.enumType("StaffRole", {
  description: "What a staff account may do: owner (everything), manager, finance or instructor.",
  values: STAFF_ROLES,
});

const StaffStatus = builder.enumType("StaffStatus", {
  description: "PENDING: waits for an owner's approval; ACTIVE: may work; DISABLED: deactivated by an owner.",
  values: ["PENDING", "ACTIVE", "DISABLED"] as const,
});

builder.prismaObjectFields("Admin", (t) => ({
  staffRole: t.expose("staffRole", { type: StaffRole, nullable: true, description: "Null while the account waits for approval." }),
  status: t.field({
    type: StaffStatus,
    select: { staffRole: true, disabled: true },
    resolve: (a) => (a.disabled ? "DISABLED" : a.staffRole ? "ACTIVE" : "PENDING"),
  }),
  emailVerified: t.boolean({ select: { emailVerifiedAt: true }, resolve: (a) => a.emailVerifiedAt !== null }),
  approvedAt: t.expose("approvedAt", { type: "DateTime", nullable: true }),
  permissions: t.stringList({
    description: "What the account may do (names from the server's permission table), for the console to show only that.",
    select: { staffRole: true, disabled: true },
    resolve: (a) => (a.disabled ? [] : permissionsOf(a.staffRole)),
  }),
  assignedTracks: t.field({
    type: [Track],
    description: "Instructors: the tracks whose courses they may edit.",
    // An instructor teaches a few tracks, not the default 10 a list is costed at.
    complexity: { field: 1, multiplier: 2 },
    select: { instructing: { select: { track: true }, orderBy: { createdAt: "asc" } } },
    resolve: (a) => a.instructing.map((i) => i.track),
  }),
}));

const InvitationStatus = builder.enumType("StaffInvitationStatus", { values: ["OPEN", "EXPIRED", "ACCEPTED", "REVOKED"] as const });

export const StaffInvitation = builder.prismaNode("StaffInvitation", {
  id: { field: "id" },
  nullable: true,
  authScopes: { can: "manageStaff" },
  fields: (t) => ({
    email: t.exposeString("email"),
    role: t.expose("role", { type: StaffRole }),
    expiresAt: t.expose("expiresAt", { type: "DateTime" }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    status: t.field({
      type: InvitationStatus,
      resolve: (i) => (i.acceptedAt ? "ACCEPTED" : i.revokedAt ? "REVOKED" : i.expiresAt <= new Date() ? "EXPIRED" : "OPEN"),
    }),
  }),
});

export const AuditEntry = builder.prismaNode("AuditEntry", {
  id: { field: "id" },
  nullable: true,
  authScopes: { can: "manageStaff" },
  fields: (t) => ({
    actorId: t.exposeString("actorId", { nullable: true, description: "The staff account's database id; null for a failed login." }),
    actorEmail: t.exposeString("actorEmail"),
    actorRole: t.exposeString("actorRole", { nullable: true }),
    action: t.exposeString("action", { description: "`<entity>.<verb>`, e.g. track.update, staff.approve, login.failed." }),
    entityType: t.exposeString("entityType"),
    entityId: t.exposeString("entityId", { nullable: true }),
    changes: t.string({
      nullable: true,
      description: 'JSON: for each changed field, its value before and after, e.g. {"priceCents":[45000,1]}.',
      resolve: (e) => (e.changes === null ? null : JSON.stringify(e.changes)),
    }),
    ip: t.exposeString("ip", { nullable: true, description: "The client address the request came from." }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

const connection = <T extends Parameters<typeof builder.connectionObject>[0]["type"]>(type: T, name: string) =>
  builder.connectionObject({
    type,
    name,
    fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
  });

const StaffConnection = connection(Admin, "StaffConnection");
const StaffInvitationConnection = connection(StaffInvitation, "StaffInvitationConnection");
const AuditEntryConnection = connection(AuditEntry, "AuditEntryConnection");

const AuditFilter = builder.inputType("AuditFilter", {
  fields: (t) => ({
    person: t.string({ description: "Part of the e-mail of who acted." }),
    entityType: t.string({ description: "Admin, Track, Course, Invoice, StaffInvitation." }),
    from: t.string({ description: "First day, YYYY-MM-DD (UTC)." }),
    to: t.string({ description: "Last day, YYYY-MM-DD (UTC), included." }),
  }),
});

const InvitationPreview = builder
  .objectRef<{ email: string; role: (typeof STAFF_ROLES)[number]; expiresAt: Date }>("StaffInvitationPreview")
  .implement({
    description: "What an invitation link's sign-up page shows.",
    fields: (t) => ({
      email: t.exposeString("email"),
      role: t.expose("role", { type: StaffRole }),
      expiresAt: t.expose("expiresAt", { type: "DateTime" }),
    }),
  });

const AuditCsv = builder.objectRef<{ csv: string }>("AuditCsv").implement({
  fields: (t) => ({ csv: t.exposeString("csv") }),
});

const errors = { types: commonErrors };
const NEWEST_FIRST = [{ createdAt: "desc" as const }, { id: "asc" as const }];

builder.queryFields((t) => ({
  staff: t.field({
    type: StaffConnection,
    authScopes: { can: "manageStaff" },
    description: "Every staff account, pending ones first, then newest first; `search` matches names and e-mail.",
    args: { search: t.arg.string(), first: t.arg.int(), after: t.arg.string(), page: t.arg.int() },
    resolve: (_root, args, ctx, info) => {
      const { prisma } = ctx.services.db;
      const where = wordsWhere(args.search, ["firstName", "lastName", "email"]);
      const orderBy = [{ staffRole: { sort: "desc" as const, nulls: "first" as const } }, ...NEWEST_FIRST];
      return pagedConnection(args, ctx, info, {
        count: () => prisma.admin.count({ where }),
        rows: (query, skip, take) => prisma.admin.findMany({ ...query, where, orderBy, skip, take }),
      }) as never;
    },
  }),
  staffInvitations: t.field({
    type: StaffInvitationConnection,
    authScopes: { can: "manageStaff" },
    description: "Invitations not yet used or voided, newest first (expired ones too, to send again).",
    args: { first: t.arg.int(), after: t.arg.string(), page: t.arg.int() },
    resolve: (_root, args, ctx, info) => {
      const { prisma } = ctx.services.db;
      const where = { acceptedAt: null, revokedAt: null };
      return pagedConnection(args, ctx, info, {
        count: () => prisma.staffInvitation.count({ where }),
        rows: (query, skip, take) => prisma.staffInvitation.findMany({ ...query, where, orderBy: NEWEST_FIRST, skip, take }),
      }) as never;
    },
  }),
  staffInvitation: t.field({
    type: InvitationPreview,
    errors,
    description: "The e-mail and role of an open invitation, by its link's token (for the sign-up page).",
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, { token }, ctx) => invitationPreview(ctx.services, token),
  }),
  auditLog: t.field({
    type: AuditEntryConnection,
    authScopes: { can: "manageStaff" },
    description: "Every staff write, login and failed login, newest first, filtered by person, entity type and dates.",
    args: { filter: t.arg({ type: AuditFilter }), first: t.arg.int(), after: t.arg.string(), page: t.arg.int() },
    resolve: (_root, args, ctx, info) => {
      const { prisma } = ctx.services.db;
      const where = auditWhere(args.filter ?? {});
      return pagedConnection(args, ctx, info, {
        count: () => prisma.auditEntry.count({ where }),
        rows: (query, skip, take) => prisma.auditEntry.findMany({ ...query, where, orderBy: AUDIT_ORDER, skip, take }),
      }) as never;
    },
  }),
  auditLogCsv: t.field({
    type: AuditCsv,
    authScopes: { can: "manageStaff" },
    description: "The filtered audit log as CSV (one header row; at most 10,000 entries, newest first).",
    args: { filter: t.arg({ type: AuditFilter }) },
    resolve: async (_root, args, ctx) => ({ csv: await auditCsv(ctx.services.db.prisma, args.filter ?? {}) }),
  }),
}));

const InviteStaffInput = builder.inputType("InviteStaffInput", {
  fields: (t) => ({ email: t.string(), role: t.field({ type: StaffRole }) }),
});

const UpdateStaffInput = builder.inputType("UpdateStaffInput", {
  fields: (t) => ({
    role: t.field({ type: StaffRole }),
    disabled: t.boolean({ description: "true deactivates the account and ends its sessions at once." }),
  }),
});

const InvitationPayload = builder.objectRef<{ message: string; invitation: { id: string } }>("StaffInvitationPayload").implement({
  fields: (t) => ({
    message: t.exposeString("message"),
    invitation: t.field({ type: StaffInvitation, resolve: (p) => p.invitation as never }),
  }),
});

/** Optional GraphQL fields arrive as null; the domain's inputs treat "not given" as undefined. */
const given = <T extends object>(input: T) => Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined));

builder.mutationFields((t) => ({
  inviteStaff: t.field({
    type: InvitationPayload,
    errors,
    authScopes: { can: "manageStaff" },
    description: "Mails an invitation link to join the staff with a role (valid 7 days, once).",
    args: { input: t.arg({ type: InviteStaffInput, required: true }) },
    resolve: (_root, { input }, ctx) => inviteStaff(ctx.services, actor(ctx), given(input)),
  }),
  resendStaffInvitation: t.field({
    type: InvitationPayload,
    errors,
    authScopes: { can: "manageStaff" },
    description: "Sends an open or expired invitation again with a new link and a new 7-day expiry.",
    args: { id: t.arg.globalID({ required: true, for: [StaffInvitation] }) },
    resolve: (_root, { id }, ctx) => resendInvitation(ctx.services, actor(ctx), id.id),
  }),
  approveStaff: t.field({
    type: Admin,
    errors,
    authScopes: { can: "manageStaff" },
    description: "Approves a pending staff account (its e-mail verified) with a role.",
    args: { id: t.arg.globalID({ required: true, for: [Admin] }), role: t.arg({ type: StaffRole, required: true }) },
    resolve: (_root, { id, role }, ctx) => approveStaff(ctx.services, actor(ctx), id.id, { role }),
  }),
  updateStaff: t.field({
    type: Admin,
    errors,
    authScopes: { can: "manageStaff" },
    description: "Changes a staff member's role, or deactivates (ending every session at once) or reactivates the account.",
    args: { id: t.arg.globalID({ required: true, for: [Admin] }), input: t.arg({ type: UpdateStaffInput, required: true }) },
    resolve: (_root, { id, input }, ctx) => updateStaff(ctx.services, actor(ctx), id.id, given(input)),
  }),
  setInstructorTracks: t.field({
    type: Admin,
    errors,
    authScopes: { can: "manageStaff" },
    description: "Sets the tracks whose courses an instructor may edit.",
    args: {
      id: t.arg.globalID({ required: true, for: [Admin] }),
      trackIds: t.arg.globalIDList({ required: true, for: [Track] }),
    },
    resolve: (_root, { id, trackIds }, ctx) =>
      setInstructorTracks(ctx.services, actor(ctx), id.id, { trackIds: trackIds.map((t) => t.id) }),
  }),
}));
