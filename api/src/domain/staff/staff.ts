import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Prisma, PrismaClient } from "../../db/client.ts";
import { recordJob } from "../../job-contract.ts";
import { siteUrl } from "../../sites.ts";
import { lockEmail } from "../accounts/directory.ts";
import { revokeAllSessions } from "../accounts/login.ts";
import { hashPassword } from "../accounts/passwords.ts";
import * as rules from "../accounts/rules.ts";
import { forgetSessions, hashToken } from "../accounts/sessions.ts";
import type { DomainServices as Services } from "../deps.ts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { composeMail } from "../mails/compose.ts";
import { staffApproved, staffInvitation, staffPending } from "../mails/templates.ts";
import { NEWEST_FIRST } from "../order.ts";
import { parseInput } from "../validation.ts";
import { type Actor, recordAudit } from "./audit.ts";
import { permissionsOf, STAFF_ROLES, type StaffRole } from "./permissions.ts";

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;

export const STAFF_MESSAGES = {
  notFound: "Staff account not found.",
  invitationNotFound: "Invitation not found.",
  invitationInvalid: "This invitation is invalid or has expired. Ask an owner to send a new one.",
  invitationOtherEmail: "This invitation is for another e-mail address.",
  hasAccount: "This e-mail already has an account.",
  notPending: "This account is not waiting for approval.",
  notVerified: "This account has not verified its e-mail yet.",
  self: "You cannot change your own role or deactivate yourself.",
  lastOwner: "The business needs at least one active owner.",
  notInstructor: "Only instructors are assigned to tracks.",
  trackNotFound: "Track not found.",
  invited: "Invitation sent.",
  resent: "Invitation sent again.",
} as const;

const role = z.enum(STAFF_ROLES, { error: "Choose a role: owner, manager, finance or instructor." });
const id = (message: string) => z.string({ error: message }).uuid(message);

/** The staff-related state of an admin row, as the audit log records it. */
const STAFF_FIELDS = { id: true, email: true, staffRole: true, disabled: true, approvedAt: true, emailVerifiedAt: true } as const;

/** The admin console's base URL: invitation links and approval mails point there. */
const adminSite = (deps: Services) => siteUrl(deps.config.publicUrl, deps.config.adminHostPrefix, "admin");

/** Serialises the staff changes that must keep "at least one active owner" true, across transactions and instances. */
const lockStaff = (tx: Prisma.TransactionClient) => tx.$executeRaw`SELECT pg_advisory_xact_lock(731001)`;

async function activeOwners(tx: Prisma.TransactionClient): Promise<number> {
  return tx.admin.count({ where: { staffRole: "OWNER", disabled: false } });
}

// ---- Invitations -------------------------------------------------------------------------------------------------

const inviteInput = z.object({ email: rules.email(), role });

/**
 * An owner invites someone by e-mail with a role. The mailed link opens the admin sign-up with the e-mail fixed; the
 * account it creates has the role once its e-mail is verified. A newer invitation to the same e-mail voids older ones.
 */
export async function inviteStaff(deps: Services, actor: Actor, raw: unknown) {
  const input = parseInput(inviteInput, raw);
  const { prisma } = deps.db;
  const [admin, learner] = await Promise.all([
    prisma.admin.findUnique({ where: { email: input.email }, select: { id: true } }),
    prisma.learner.findUnique({ where: { email: input.email }, select: { id: true } }),
  ]);
  if (admin || learner) throw ValidationError.forField("email", STAFF_MESSAGES.hasAccount);
  const invitation = await prisma.$transaction(async (tx) => {
    // Two invitations to one e-mail at once: one after the other, so only the newer stays open.
    await lockStaff(tx);
    await tx.staffInvitation.updateMany({
      where: { email: input.email, acceptedAt: null, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    const issued = await issueInvitation(deps, tx, actor, { email: input.email, role: input.role });
    await recordAudit(tx, actor, {
      action: "staff.invite",
      entityType: "StaffInvitation",
      entityId: issued.id,
      after: { email: input.email, role: input.role },
    });
    return issued;
  });
  deps.jobs.kick();
  return { message: STAFF_MESSAGES.invited, invitation };
}

async function issueInvitation(
  deps: Services,
  tx: Prisma.TransactionClient,
  actor: Actor,
  data: { email: string; role: StaffRole },
  previousId?: string,
) {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
  const fields = { tokenHash: hashToken(token), expiresAt, invitedById: actor.id };
  const invitation = previousId
    ? await tx.staffInvitation.update({ where: { id: previousId }, data: fields })
    : await tx.staffInvitation.create({ data: { ...fields, email: data.email, role: data.role } });
  const link = `${adminSite(deps)}/signup?invitation=${encodeURIComponent(token)}`;
  await recordJob(
    tx,
    "send-mail",
    await composeMail(deps, tx, staffInvitation, data.email, { role: data.role, link }),
    `mail-invitation-${invitation.id}-${expiresAt.getTime()}`,
  );
  return invitation;
}

/** Sends an open invitation again with a new link (the old link stops working) and a new expiry. */
export async function resendInvitation(deps: Services, actor: Actor, invitationId: string) {
  const { prisma } = deps.db;
  const invitation = await prisma.$transaction(async (tx) => {
    const existing = await tx.staffInvitation.findUnique({ where: { id: invitationId } });
    if (!existing || existing.acceptedAt || existing.revokedAt) throw new NotFoundError(STAFF_MESSAGES.invitationNotFound);
    const issued = await issueInvitation(deps, tx, actor, existing, existing.id);
    await recordAudit(tx, actor, {
      action: "staff.invitation.resend",
      entityType: "StaffInvitation",
      entityId: existing.id,
      before: { expiresAt: existing.expiresAt },
      after: { expiresAt: issued.expiresAt },
    });
    return issued;
  });
  deps.jobs.kick();
  return { message: STAFF_MESSAGES.resent, invitation };
}

// ---- What the staff screens read ------------------------------------------------------------------------------------

/** A staff account's state: waiting for an owner's approval, working, or deactivated by an owner. */
export function staffStatus(account: { staffRole: StaffRole | null; disabled: boolean }): "PENDING" | "ACTIVE" | "DISABLED" {
  return account.disabled ? "DISABLED" : account.staffRole ? "ACTIVE" : "PENDING";
}

/** What a staff account may do now: nothing once deactivated, else its role's permissions. */
export const accountPermissions = (account: { staffRole: StaffRole | null; disabled: boolean }) =>
  account.disabled ? [] : permissionsOf(account.staffRole);

/** The staff list's order: accounts waiting for approval first, then newest first. */
export const STAFF_ORDER = [{ staffRole: { sort: "desc" as const, nulls: "first" as const } }, ...NEWEST_FIRST];

/** Invitations an owner still manages: not used, not voided by a newer one (expired ones too, to send again). */
export const UNUSED_INVITATIONS = { acceptedAt: null, revokedAt: null };

type InvitationState = { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date };

/** Whether an invitation's link can still be used: open until it expires, then expired; or accepted, or revoked. */
export function invitationStatus(invitation: InvitationState, now = new Date()): "OPEN" | "EXPIRED" | "ACCEPTED" | "REVOKED" {
  if (invitation.acceptedAt) return "ACCEPTED";
  if (invitation.revokedAt) return "REVOKED";
  return invitation.expiresAt <= now ? "EXPIRED" : "OPEN";
}

/** The open invitation a link's token names, or null (unknown, used, voided or expired). */
export async function findLiveInvitation(db: Prisma.TransactionClient | PrismaClient, token: string) {
  if (!/^[A-Za-z0-9_-]{20,200}$/.test(token)) return null;
  const invitation = await db.staffInvitation.findUnique({ where: { tokenHash: hashToken(token) } });
  if (!invitation || invitationStatus(invitation) !== "OPEN") return null;
  return invitation;
}

/** What the sign-up page shows for an invitation link: the fixed e-mail and the role. */
export async function invitationPreview(deps: Services, token: string) {
  const invitation = await findLiveInvitation(deps.db.prisma, token);
  if (!invitation) throw new NotFoundError(STAFF_MESSAGES.invitationInvalid);
  return { email: invitation.email, role: invitation.role, expiresAt: invitation.expiresAt };
}

/** The open invitation a sign-up names, for its e-mail; refused otherwise (before anything else is decided). */
export async function checkInvitation(db: Prisma.TransactionClient | PrismaClient, token: string, email: string) {
  const invitation = await findLiveInvitation(db, token);
  if (!invitation) throw ValidationError.forField("invitation", STAFF_MESSAGES.invitationInvalid);
  if (invitation.email !== email) throw ValidationError.forField("email", STAFF_MESSAGES.invitationOtherEmail);
  return invitation;
}

/**
 * Uses an invitation for a sign-up (in the sign-up's transaction): the e-mail must be the invited one; the
 * invitation is spent, and its role is what the account gets once the e-mail is verified.
 */
export async function acceptInvitation(tx: Prisma.TransactionClient, token: string, email: string): Promise<StaffRole> {
  const invitation = await checkInvitation(tx, token, email);
  const spent = await tx.staffInvitation.updateMany({ where: { id: invitation.id, acceptedAt: null }, data: { acceptedAt: new Date() } });
  if (spent.count !== 1) throw ValidationError.forField("invitation", STAFF_MESSAGES.invitationInvalid);
  return invitation.role;
}

// ---- Verification of a staff account --------------------------------------------------------------------------------

/**
 * Runs when a staff account verifies its e-mail (in that transaction). An invited account is approved with its
 * invitation's role. Otherwise, outside production, the first staff account of an installation becomes its owner; any
 * later one stays pending, and every owner gets a mail asking to approve it. In production no sign-up claims
 * ownership, since whoever reaches a new server's admin console first would: the owner is made with
 * `npm run create-owner` (createOwner), which the start-up banner and /readyz name until an owner exists.
 */
export async function onStaffEmailVerified(deps: Services, tx: Prisma.TransactionClient, adminId: string) {
  await lockStaff(tx);
  const admin = await tx.admin.findUniqueOrThrow({ where: { id: adminId } });
  if (admin.staffRole) {
    if (admin.approvedAt) return;
    await tx.admin.update({ where: { id: adminId }, data: { approvedAt: new Date() } });
    await recordAudit(tx, systemActor(admin.email), {
      action: "staff.invitation.accepted",
      entityType: "Admin",
      entityId: adminId,
      before: { approvedAt: null },
      after: { staffRole: admin.staffRole, approvedAt: new Date() },
    });
    return;
  }
  const staff = await tx.admin.count({ where: { staffRole: { not: null } } });
  if (staff === 0 && deps.config.env !== "production") {
    await tx.admin.update({ where: { id: adminId }, data: { staffRole: "OWNER", approvedAt: new Date() } });
    await recordAudit(tx, systemActor(admin.email), {
      action: "staff.firstOwner",
      entityType: "Admin",
      entityId: adminId,
      before: { staffRole: null },
      after: { staffRole: "OWNER" },
    });
    return;
  }
  const owners = await tx.admin.findMany({ where: { staffRole: "OWNER", disabled: false }, select: { id: true, email: true } });
  const link = `${adminSite(deps)}/staff`;
  for (const owner of owners) {
    const name = `${admin.firstName} ${admin.lastName}`;
    await recordJob(
      tx,
      "send-mail",
      await composeMail(deps, tx, staffPending, owner.email, { name, email: admin.email, staffPage: link }),
      `mail-pending-${adminId}-${owner.id}`,
    );
  }
}

/** Whether the installation has an active owner (the start-up banner and /readyz say how to make one until it does). */
export async function hasActiveOwner(prisma: Prisma.TransactionClient): Promise<boolean> {
  return (await activeOwners(prisma)) > 0;
}

/** How an operator makes the owner of a new installation (README, "Staff and roles"). */
export const CREATE_OWNER_COMMAND =
  "OWNER_PASSWORD='...' npm run create-owner -- --email you@example.com --first-name Ada --last-name Obi --contact \"+234 801 000 0000\"";

/** The actor of a change the system makes on its own (the first owner), named by the account it concerns. */
const systemActor = (email: string): Actor => ({ id: null, email, role: null, ip: null });

// ---- The owner of a new installation ---------------------------------------------------------------------------

const ownerInput = z.object({
  firstName: rules.name("First name"),
  lastName: rules.name("Last name"),
  email: rules.email(),
  contact: rules.contact,
  password: rules.newPassword,
});

/**
 * Makes an owner from the command line (`npm run create-owner`): a verified, approved owner account, or, for an
 * e-mail that already has a staff account, that account made an active owner with the given password. For a server
 * reachable from the internet before its first sign-up, so that no stranger can be first.
 */
export async function createOwner(deps: Services, raw: unknown) {
  const input = parseInput(ownerInput, raw);
  const learner = await deps.db.prisma.learner.findUnique({ where: { email: input.email }, select: { id: true } });
  if (learner) throw ValidationError.forField("email", "This e-mail belongs to a learner account.");
  const { password, ...details } = input;
  const passwordHash = await hashPassword(password);
  const created = await deps.db.prisma.$transaction(async (tx) => {
    // The address first, as sign-ups and verifications take it (accounts/directory.ts lockEmail), then the staff.
    await lockEmail(tx, input.email);
    await lockStaff(tx);
    const now = new Date();
    const before = await tx.admin.findUnique({ where: { email: input.email }, select: STAFF_FIELDS });
    const fields = {
      staffRole: "OWNER" as const,
      disabled: false,
      emailVerifiedAt: before?.emailVerifiedAt ?? now,
      approvedAt: now,
      passwordHash,
      signupContested: false,
    };
    const owner = before
      ? await tx.admin.update({ where: { email: input.email }, data: fields })
      : await tx.admin.create({ data: { ...details, ...fields } });
    if (before) await revokeAllSessions(tx, "ADMIN", owner.id);
    await recordAudit(tx, systemActor(input.email), {
      action: "staff.createOwner",
      entityType: "Admin",
      entityId: owner.id,
      before: before ?? null,
      after: pick(owner),
    });
    return owner;
  });
  await forgetSessions(deps, { accountId: created.id });
  return created;
}

// ---- Owners manage the staff ----------------------------------------------------------------------------------------

const approveInput = z.object({ role });

/** Approves a pending account that has verified its e-mail, with a role; the person is told by mail. */
export async function approveStaff(deps: Services, actor: Actor, adminId: string, raw: unknown) {
  const input = parseInput(approveInput, raw);
  const { prisma } = deps.db;
  const admin = await prisma.$transaction(async (tx) => {
    const before = await tx.admin.findUnique({ where: { id: adminId }, select: STAFF_FIELDS });
    if (!before) throw new NotFoundError(STAFF_MESSAGES.notFound);
    if (!before.emailVerifiedAt) throw new ConflictError(STAFF_MESSAGES.notVerified);
    const approved = await tx.admin.updateMany({
      where: { id: adminId, staffRole: null },
      data: { staffRole: input.role, approvedAt: new Date() },
    });
    if (approved.count !== 1) throw new ConflictError(STAFF_MESSAGES.notPending);
    const after = await tx.admin.findUniqueOrThrow({ where: { id: adminId } });
    await recordAudit(tx, actor, { action: "staff.approve", entityType: "Admin", entityId: adminId, before, after: pick(after) });
    await recordJob(
      tx,
      "send-mail",
      await composeMail(deps, tx, staffApproved, after.email, { firstName: after.firstName, role: input.role, adminSite: adminSite(deps) }),
      `mail-approved-${adminId}`,
    );
    return after;
  });
  // A pending account's sessions carried no role.
  await forgetSessions(deps, { accountId: adminId });
  deps.jobs.kick();
  return admin;
}

const updateInput = z.object({ role: role.optional(), disabled: z.boolean({ error: "disabled must be true or false." }).optional() });

/**
 * Changes a staff member's role or deactivates (or reactivates) the account. Deactivating revokes every session at
 * once. Owners cannot change themselves, and the business always keeps at least one active owner.
 */
export async function updateStaff(deps: Services, actor: Actor, adminId: string, raw: unknown) {
  const input = parseInput(updateInput, raw);
  if (adminId === actor.id) throw new ForbiddenError(STAFF_MESSAGES.self);
  const updated = await deps.db.prisma.$transaction(async (tx) => {
    await lockStaff(tx);
    const before = await tx.admin.findUnique({ where: { id: adminId }, select: STAFF_FIELDS });
    if (!before) throw new NotFoundError(STAFF_MESSAGES.notFound);
    const data: Prisma.AdminUpdateInput = {};
    if (input.role && input.role !== before.staffRole) {
      // A role takes effect only on a verified e-mail (an invited account gets its role when it verifies).
      if (!before.emailVerifiedAt) throw new ConflictError(STAFF_MESSAGES.notVerified);
      data.staffRole = input.role;
      if (!before.staffRole) data.approvedAt = new Date();
    }
    if (input.disabled !== undefined && input.disabled !== before.disabled) data.disabled = input.disabled;
    if (Object.keys(data).length === 0) return tx.admin.findUniqueOrThrow({ where: { id: adminId } });
    const after = await tx.admin.update({ where: { id: adminId }, data });
    if (before.staffRole === "OWNER" && !before.disabled && (await activeOwners(tx)) === 0)
      throw new ConflictError(STAFF_MESSAGES.lastOwner);
    if (data.disabled === true) await revokeAllSessions(tx, "ADMIN", adminId);
    if (data.staffRole && before.staffRole === "INSTRUCTOR") await tx.trackInstructor.deleteMany({ where: { adminId } });
    await recordAudit(tx, actor, {
      action: data.disabled === true ? "staff.deactivate" : data.disabled === false ? "staff.reactivate" : "staff.role",
      entityType: "Admin",
      entityId: adminId,
      before,
      after: pick(after),
    });
    return after;
  });
  // Kept sessions carry the role and the state.
  await forgetSessions(deps, { accountId: adminId });
  return updated;
}

const tracksInput = z.object({ trackIds: z.array(id(STAFF_MESSAGES.trackNotFound)).max(500) });

/** Sets the tracks an instructor may edit the content of. */
export async function setInstructorTracks(deps: Services, actor: Actor, adminId: string, raw: unknown) {
  const input = parseInput(tracksInput, raw);
  const trackIds = [...new Set(input.trackIds)];
  return deps.db.prisma.$transaction(async (tx) => {
    const admin = await tx.admin.findUnique({
      where: { id: adminId },
      select: { staffRole: true, instructing: { select: { trackId: true } } },
    });
    if (!admin) throw new NotFoundError(STAFF_MESSAGES.notFound);
    if (admin.staffRole !== "INSTRUCTOR") throw new ConflictError(STAFF_MESSAGES.notInstructor);
    const found = await tx.track.count({ where: { id: { in: trackIds } } });
    if (found !== trackIds.length) throw ValidationError.forField("trackIds", STAFF_MESSAGES.trackNotFound);
    await tx.trackInstructor.deleteMany({ where: { adminId } });
    if (trackIds.length) await tx.trackInstructor.createMany({ data: trackIds.map((trackId) => ({ trackId, adminId })) });
    await recordAudit(tx, actor, {
      action: "staff.tracks",
      entityType: "Admin",
      entityId: adminId,
      before: { trackIds: admin.instructing.map((t) => t.trackId).sort() },
      after: { trackIds: [...trackIds].sort() },
    });
    return tx.admin.findUniqueOrThrow({ where: { id: adminId } });
  });
}

/** May this staff member edit the courses and lessons of the track? Instructors: only of the tracks assigned to them. */
export async function mayEditTrackContent(
  prisma: Pick<PrismaClient, "trackInstructor">,
  staff: Pick<Actor, "id" | "role">,
  trackId: string,
): Promise<boolean> {
  if (!staff.id) return false;
  if (staff.role === "OWNER" || staff.role === "MANAGER") return true;
  if (staff.role !== "INSTRUCTOR") return false;
  const assigned = await prisma.trackInstructor.findUnique({ where: { trackId_adminId: { trackId, adminId: staff.id } } });
  return assigned !== null;
}

/** The staff state an audit entry compares. */
function pick(admin: Record<keyof typeof STAFF_FIELDS, unknown>) {
  return Object.fromEntries(Object.keys(STAFF_FIELDS).map((key) => [key, admin[key as keyof typeof STAFF_FIELDS]]));
}
