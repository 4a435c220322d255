import { z } from "zod";
import type { Prisma, PrismaClient } from "../../db/client.ts";
import type { Viewer } from "../accounts/sessions.ts";
import { NEWEST_FIRST } from "../order.ts";
import { csv } from "../reports/report.ts";
import { parseInput } from "../validation.ts";
import type { StaffRole } from "./permissions.ts";

/** The staff member behind a write, and where they asked from: what every audit entry records as "who". */
export interface Actor {
  id: string | null;
  email: string;
  role: StaffRole | null;
  ip: string | null;
}

/** The actor of a signed-in staff request. */
export function staffActor(viewer: Viewer | null, ip: string): Actor {
  if (viewer?.role !== "ADMIN") throw new Error("staffActor needs a staff session");
  return { id: viewer.accountId, email: viewer.email ?? "", role: viewer.staffRole, ip };
}

/** For each changed field, its value before and after. */
export type AuditChanges = Record<string, [unknown, unknown]>;

/** Never copied into the audit log: secrets, and columns that change on every write. */
const NOT_AUDITED = new Set([
  "passwordHash",
  "tokenHash",
  "codeHash",
  "previewToken",
  "updatedAt",
  "ratingCount",
  "ratingTotal",
  "ratingAverage",
]);

const plain = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value);

/** The fields that differ between two versions of a record (a created record: all of them; a deleted one too). */
export function changedFields(before: object | null | undefined, after: object | null | undefined): AuditChanges {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const changes: AuditChanges = {};
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (NOT_AUDITED.has(key)) continue;
    const was = plain(b[key]) ?? null;
    const is = plain(a[key]) ?? null;
    if (JSON.stringify(was) !== JSON.stringify(is)) changes[key] = [before ? was : null, after ? is : null];
  }
  return changes;
}

export interface AuditEvent {
  /** What was done, as `<entity>.<verb>`: `track.update`, `staff.approve`, `login.failed`... */
  action: string;
  entityType: string;
  entityId?: string | null;
  before?: object | null;
  after?: object | null;
}

/** Appends one entry. Call it in the transaction of the write it records, so that both happen or neither. */
export async function recordAudit(db: Prisma.TransactionClient | PrismaClient, actor: Actor, event: AuditEvent) {
  const changes = event.before !== undefined || event.after !== undefined ? changedFields(event.before, event.after) : null;
  await db.auditEntry.create({
    data: {
      actorId: actor.id,
      actorEmail: actor.email,
      actorRole: actor.role,
      action: event.action,
      entityType: event.entityType,
      entityId: event.entityId ?? null,
      changes: changes && Object.keys(changes).length ? (changes as Prisma.InputJsonValue) : undefined,
      ip: actor.ip,
    },
  });
}

// ---- Reading the log (owners) ------------------------------------------------------------------------------------

const day = z.iso
  .date({ error: "Dates look like 2026-01-31." })
  .refine((v) => v >= "2000-01-01" && v <= "2999-12-31", "Dates run from 2000-01-01 to 2999-12-31.");
const auditFilter = z.object({
  /** Part of the actor's e-mail. */
  person: z.string().trim().max(254).nullish(),
  entityType: z.string().trim().max(60).nullish(),
  /** Calendar days, both included (UTC). */
  from: day.nullish(),
  to: day.nullish(),
});
export type AuditFilter = z.input<typeof auditFilter>;

/** The newest first; the id breaks ties. */

/** The WHERE of the audit page's filters: by person (e-mail), entity type and date range. */
export function auditWhere(raw: AuditFilter): Prisma.AuditEntryWhereInput {
  const filter = parseInput(auditFilter, raw);
  const createdAt: Prisma.DateTimeFilter = {};
  if (filter.from) createdAt.gte = new Date(`${filter.from}T00:00:00Z`);
  if (filter.to) createdAt.lt = new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + 86_400_000);
  return {
    ...(filter.person ? { actorEmail: { contains: filter.person.replaceAll("\u0000", ""), mode: "insensitive" as const } } : {}),
    ...(filter.entityType ? { entityType: filter.entityType } : {}),
    ...(filter.from || filter.to ? { createdAt } : {}),
  };
}

/** At most this many entries go into one CSV export (the page says to narrow the filters past it). */
export const AUDIT_CSV_LIMIT = 10_000;

/** The filtered log as CSV, one header row, newest first. */
export async function auditCsv(prisma: PrismaClient, raw: AuditFilter): Promise<string> {
  const rows = await prisma.auditEntry.findMany({ where: auditWhere(raw), orderBy: NEWEST_FIRST, take: AUDIT_CSV_LIMIT });
  return csv([
    ["time", "person", "role", "action", "entity", "entity id", "changes", "address"],
    ...rows.map((r) => [
      r.createdAt.toISOString(),
      r.actorEmail,
      r.actorRole ?? "",
      r.action,
      r.entityType,
      r.entityId ?? "",
      r.changes ? JSON.stringify(r.changes) : "",
      r.ip ?? "",
    ]),
  ]);
}
