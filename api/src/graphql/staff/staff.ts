import { NEWEST_FIRST } from "../../domain/order.ts";
import { auditCsv, auditWhere } from "../../domain/staff/audit.ts";
import type { STAFF_ROLES } from "../../domain/staff/permissions.ts";
import {
  approveStaff,
  invitationPreview,
  invitationStatus,
  inviteStaff,
  resendInvitation,
  STAFF_ORDER,
  setInstructorTracks,
  UNUSED_INVITATIONS,
  updateStaff,
} from "../../domain/staff/staff.ts";
import { Admin, StaffRole } from "../accounts/account.ts";
import { builder } from "../builder.ts";
import { Track } from "../catalogue/track.ts";
import { actor } from "../context.ts";
import { commonErrors } from "../schema/errors.ts";
import { pageArgs, pagedConnection, pagedConnectionType, wordsWhere } from "../schema/paging.ts";

/** Staff accounts, invitations, instructor assignments and the audit log: owners only (domain/staff/). */

const InvitationStatus = builder.enumType("StaffInvitationStatus", {
  description: "Whether an invitation link can still be used.",
  values: {
    OPEN: { description: "Can be used until it expires." },
    EXPIRED: { description: "Past its expiry: send it again for a new link." },
    ACCEPTED: { description: "Used: the account joined the staff." },
    REVOKED: { description: "Voided by a newer invitation to the same e-mail address." },
  } as const,
});

export const StaffInvitation = builder.prismaNode("StaffInvitation", {
  id: { field: "id" },
  nullable: true,
  authScopes: { can: "manageStaff" },
  description: "An owner's invitation to join the staff, mailed as a link.",
  fields: (t) => ({
    email: t.exposeString("email", { description: "The invited e-mail address." }),
    role: t.expose("role", { type: StaffRole, description: "The role the account gets when it joins." }),
    expiresAt: t.expose("expiresAt", { type: "DateTime", description: "When the link stops working." }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When the invitation was first sent." }),
    status: t.field({
      type: InvitationStatus,
      description: "Open, expired, accepted or revoked.",
      resolve: (i) => invitationStatus(i),
    }),
  }),
});

export const AuditEntry = builder.prismaNode("AuditEntry", {
  id: { field: "id" },
  nullable: true,
  authScopes: { can: "manageStaff" },
  description: "One line of the audit log: who did what to which record, and when.",
  fields: (t) => ({
    actorId: t.exposeString("actorId", { nullable: true, description: "The staff account's database id; null for a failed login." }),
    actorEmail: t.exposeString("actorEmail", { description: "The e-mail of who acted (the address tried, for a failed login)." }),
    actorRole: t.exposeString("actorRole", { nullable: true, description: "Their staff role at the time; null if they had none." }),
    action: t.exposeString("action", { description: "`<entity>.<verb>`, e.g. track.update, staff.approve, login.failed." }),
    entityType: t.exposeString("entityType", { description: "The kind of record: Admin, Track, Course, Invoice, StaffInvitation." }),
    entityId: t.exposeString("entityId", { nullable: true, description: "The record's database id; null when there is none." }),
    changes: t.string({
      nullable: true,
      description: 'JSON: for each changed field, its value before and after, e.g. {"priceCents":[45000,1]}.',
      resolve: (e) => (e.changes === null ? null : JSON.stringify(e.changes)),
    }),
    ip: t.exposeString("ip", { nullable: true, description: "The client address the request came from." }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it happened." }),
  }),
});

const StaffConnection = pagedConnectionType(Admin, "StaffConnection", "A page of staff accounts.");
const StaffInvitationConnection = pagedConnectionType(StaffInvitation, "StaffInvitationConnection", "A page of invitations.");
const AuditEntryConnection = pagedConnectionType(AuditEntry, "AuditEntryConnection", "A page of the audit log.");

const AuditFilter = builder.inputType("AuditFilter", {
  description: "Which audit entries to show; every field left out matches all.",
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
      email: t.exposeString("email", { description: "The invited e-mail address (the sign-up form keeps it)." }),
      role: t.expose("role", { type: StaffRole, description: "The role the account gets when it joins." }),
      expiresAt: t.expose("expiresAt", { type: "DateTime", description: "When the link stops working." }),
    }),
  });

const AuditCsv = builder.objectRef<{ csv: string }>("AuditCsv").implement({
  description: "The audit log as a CSV file.",
  fields: (t) => ({ csv: t.exposeString("csv", { description: "The CSV text, header row first." }) }),
});

const errors = { types: commonErrors };

builder.queryFields((t) => ({
  staff: t.field({
    type: StaffConnection,
    authScopes: { can: "manageStaff" },
    description: "Every staff account, pending ones first, then newest first; `search` matches names and e-mail.",
    args: { search: t.arg.string({ description: "Words the first name, last name or e-mail must contain." }), ...pageArgs },
    resolve: (_root, args, ctx, info) => {
      const { prisma } = ctx.services.db;
      const where = wordsWhere(args.search, ["firstName", "lastName", "email"]);
      return pagedConnection(args, ctx, info, {
        count: () => prisma.admin.count({ where }),
        rows: (query, skip, take) => prisma.admin.findMany({ ...query, where, orderBy: STAFF_ORDER, skip, take }),
      });
    },
  }),
  staffInvitations: t.field({
    type: StaffInvitationConnection,
    authScopes: { can: "manageStaff" },
    description: "Invitations not yet used or voided, newest first (expired ones too, to send again).",
    args: pageArgs,
    resolve: (_root, args, ctx, info) => {
      const { prisma } = ctx.services.db;
      const where = UNUSED_INVITATIONS;
      return pagedConnection(args, ctx, info, {
        count: () => prisma.staffInvitation.count({ where }),
        rows: (query, skip, take) => prisma.staffInvitation.findMany({ ...query, where, orderBy: NEWEST_FIRST, skip, take }),
      });
    },
  }),
  staffInvitation: t.field({
    type: InvitationPreview,
    errors,
    description: "The e-mail and role of an open invitation, by its link's token (for the sign-up page).",
    args: { token: t.arg.string({ required: true, description: "The token of the invitation link." }) },
    resolve: (_root, { token }, ctx) => invitationPreview(ctx.services, token),
  }),
  auditLog: t.field({
    type: AuditEntryConnection,
    authScopes: { can: "manageStaff" },
    description: "Every staff write, login and failed login, newest first, filtered by person, entity type and dates.",
    args: { filter: t.arg({ type: AuditFilter, description: "Which entries to show; all if left out." }), ...pageArgs },
    resolve: (_root, args, ctx, info) => {
      const { prisma } = ctx.services.db;
      const where = auditWhere(args.filter ?? {});
      return pagedConnection(args, ctx, info, {
        count: () => prisma.auditEntry.count({ where }),
        rows: (query, skip, take) => prisma.auditEntry.findMany({ ...query, where, orderBy: NEWEST_FIRST, skip, take }),
      });
    },
  }),
  auditLogCsv: t.field({
    type: AuditCsv,
    authScopes: { can: "manageStaff" },
    description: "The filtered audit log as CSV (one header row; at most 10,000 entries, newest first).",
    args: { filter: t.arg({ type: AuditFilter, description: "Which entries to export; all if left out." }) },
    resolve: async (_root, args, ctx) => ({ csv: await auditCsv(ctx.services.db.prisma, args.filter ?? {}) }),
  }),
}));

const InviteStaffInput = builder.inputType("InviteStaffInput", {
  description: "The invitation form.",
  fields: (t) => ({
    email: t.string({ description: "The e-mail address to invite." }),
    role: t.field({ type: StaffRole, description: "The role the account gets when it joins." }),
  }),
});

const UpdateStaffInput = builder.inputType("UpdateStaffInput", {
  description: "Changes to a staff account; fields left out keep their value.",
  fields: (t) => ({
    role: t.field({ type: StaffRole, description: "The new role." }),
    disabled: t.boolean({ description: "true deactivates the account and ends its sessions at once." }),
  }),
});

const InvitationPayload = builder
  .objectRef<{ message: string; invitation: typeof StaffInvitation.$inferType }>("StaffInvitationPayload")
  .implement({
    description: "An invitation that was mailed.",
    fields: (t) => ({
      message: t.exposeString("message", { description: "What happened, in words to show the user." }),
      invitation: t.field({ type: StaffInvitation, description: "The invitation as sent.", resolve: (p) => p.invitation }),
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
    args: { input: t.arg({ type: InviteStaffInput, required: true, description: "Who to invite, with which role." }) },
    resolve: (_root, { input }, ctx) => inviteStaff(ctx.services, actor(ctx), given(input)),
  }),
  resendStaffInvitation: t.field({
    type: InvitationPayload,
    errors,
    authScopes: { can: "manageStaff" },
    description: "Sends an open or expired invitation again with a new link and a new 7-day expiry.",
    args: { id: t.arg.globalID({ required: true, for: [StaffInvitation], description: "The invitation's ID." }) },
    resolve: (_root, { id }, ctx) => resendInvitation(ctx.services, actor(ctx), id.id),
  }),
  approveStaff: t.field({
    type: Admin,
    errors,
    authScopes: { can: "manageStaff" },
    description: "Approves a pending staff account (its e-mail verified) with a role.",
    args: {
      id: t.arg.globalID({ required: true, for: [Admin], description: "The staff account's ID." }),
      role: t.arg({ type: StaffRole, required: true, description: "The role it gets." }),
    },
    resolve: (_root, { id, role }, ctx) => approveStaff(ctx.services, actor(ctx), id.id, { role }),
  }),
  updateStaff: t.field({
    type: Admin,
    errors,
    authScopes: { can: "manageStaff" },
    description: "Changes a staff member's role, or deactivates (ending every session at once) or reactivates the account.",
    args: {
      id: t.arg.globalID({ required: true, for: [Admin], description: "The staff account's ID." }),
      input: t.arg({ type: UpdateStaffInput, required: true, description: "The changes." }),
    },
    resolve: (_root, { id, input }, ctx) => updateStaff(ctx.services, actor(ctx), id.id, given(input)),
  }),
  setInstructorTracks: t.field({
    type: Admin,
    errors,
    authScopes: { can: "manageStaff" },
    description: "Sets the tracks whose courses an instructor may edit.",
    args: {
      id: t.arg.globalID({ required: true, for: [Admin], description: "The instructor's staff account ID." }),
      trackIds: t.arg.globalIDList({ required: true, for: [Track], description: "All the tracks they teach (replaces the list)." }),
    },
    resolve: (_root, { id, trackIds }, ctx) =>
      setInstructorTracks(ctx.services, actor(ctx), id.id, { trackIds: trackIds.map((t) => t.id) }),
  }),
}));
