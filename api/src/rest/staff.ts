import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type Static, Type } from "typebox";
import { ValidationError } from "../domain/errors.ts";
import { STAFF_ROLES } from "../domain/staff/permissions.ts";
import { STAFF_MESSAGES } from "../domain/staff/staff.ts";
import type { Services } from "../services.ts";
import { jsonBody } from "./body.ts";
import { ERROR_FIELDS, restContext, toGlobalId, toRawId, unwrap } from "./graphql.ts";
import { idParam, listQuery, PAGE_SIZE, pageInfo, runRest } from "./params.ts";
import {
  AuditEntrySchema,
  answer,
  choice,
  csvAnswer,
  errors,
  form,
  listQuerySchema,
  object,
  paging,
  ref,
  STAFF_ROLES_OUT,
  StaffInvitationSchema,
  StaffSchema,
  text,
  uuidParams,
  withMessage,
} from "./schemas.ts";
import { booleanIn, textIn } from "./shapes.ts";

const auditQuery = {
  person: Type.Optional(text("Part of the e-mail of who acted.")),
  entityType: Type.Optional(text("Admin, Track, Course, Invoice or StaffInvitation.")),
  from: Type.Optional(text("First day, YYYY-MM-DD (UTC).", { format: "date" })),
  to: Type.Optional(text("Last day, YYYY-MM-DD (UTC), included.", { format: "date" })),
};
const role = choice(STAFF_ROLES_OUT);

/**
 * Staff accounts, invitations and the audit log for scripts (owners only): the same GraphQL operations as the
 * Staff and Audit log pages, so the same rules. Deliberate additions to the API of docs/product.md, REST routes (README).
 */

const STAFF_FIELDS = `id firstName lastName email contact image staffRole status emailVerified approvedAt createdAt
  assignedTracks { id name }`;
const INVITATION_FIELDS = "id email role status expiresAt createdAt";
const AUDIT_FIELDS = "id actorId actorEmail actorRole action entityType entityId changes ip createdAt";

const LIST = `query($search: String, $page: Int!, $first: Int!) {
  staff(search: $search, page: $page, first: $first) { totalCount edges { node { ${STAFF_FIELDS} } } }
}`;
const INVITE = `mutation($input: InviteStaffInput!) {
  result: inviteStaff(input: $input) { ${ERROR_FIELDS} ... on StaffInvitationPayload { message invitation { ${INVITATION_FIELDS} } } }
}`;
const RESEND = `mutation($id: ID!) {
  result: resendStaffInvitation(id: $id) { ${ERROR_FIELDS} ... on StaffInvitationPayload { message invitation { ${INVITATION_FIELDS} } } }
}`;
const APPROVE = `mutation($id: ID!, $role: StaffRole!) {
  result: approveStaff(id: $id, role: $role) { ${ERROR_FIELDS} ... on Admin { ${STAFF_FIELDS} } }
}`;
const UPDATE = `mutation($id: ID!, $input: UpdateStaffInput!) {
  result: updateStaff(id: $id, input: $input) { ${ERROR_FIELDS} ... on Admin { ${STAFF_FIELDS} } }
}`;
const AUDIT = `query($filter: AuditFilter, $page: Int!, $first: Int!) {
  auditLog(filter: $filter, page: $page, first: $first) { totalCount edges { node { ${AUDIT_FIELDS} } } }
}`;
const AUDIT_CSV = "query($filter: AuditFilter) { auditLogCsv(filter: $filter) { csv } }";

type Node = Record<string, any>;
type StaffJson = Static<typeof StaffSchema>;
type InvitationJson = Static<typeof StaffInvitationSchema>;

const lower = (value: string | null | undefined) => (value ? value.toLowerCase() : null);

export function staffJson(node: Node) {
  return {
    _id: toRawId(node.id),
    firstName: node.firstName,
    lastName: node.lastName,
    email: node.email,
    contact: node.contact,
    image: node.image ?? null,
    role: lower(node.staffRole) as StaffJson["role"],
    status: lower(node.status) as StaffJson["status"],
    emailVerified: node.emailVerified,
    approvedAt: node.approvedAt ?? null,
    createdAt: node.createdAt,
    assignedTracks: (node.assignedTracks ?? []).map((t: Node) => ({ _id: toRawId(t.id), name: t.name })),
  };
}

const invitationJson = (node: Node) => ({
  _id: toRawId(node.id),
  email: node.email,
  role: lower(node.role) as InvitationJson["role"],
  status: lower(node.status) as InvitationJson["status"],
  expiresAt: node.expiresAt,
  createdAt: node.createdAt,
});

const auditJson = (node: Node) => ({
  _id: toRawId(node.id),
  actorId: node.actorId ?? null,
  actorEmail: node.actorEmail,
  actorRole: lower(node.actorRole),
  action: node.action,
  entityType: node.entityType,
  entityId: node.entityId ?? null,
  changes: node.changes ? JSON.parse(node.changes) : null,
  ip: node.ip ?? null,
  createdAt: node.createdAt,
});

/** `owner`, `MANAGER`...: a role of the table in domain/staff/permissions.ts; blank is "not given". */
function roleIn(value: unknown): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const role = typeof value === "string" ? value.trim().toUpperCase() : "";
  if (!(STAFF_ROLES as readonly string[]).includes(role)) {
    throw ValidationError.forField("role", "Choose a role: owner, manager, finance or instructor.");
  }
  return role;
}

function queryOf(req: FastifyRequest): Record<string, unknown> {
  return (req.query ?? {}) as Record<string, unknown>;
}

/** The audit page's filters from the query string. */
function auditFilter(req: FastifyRequest) {
  const query = queryOf(req);
  const filter: Record<string, string | undefined> = {};
  for (const key of ["person", "entityType", "from", "to"]) filter[key] = textIn(query[key], key) || undefined;
  return filter;
}

export async function staffRoutes(server: FastifyInstance, services: Services) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const listSchema = {
    operationId: "listStaff",
    summary: "Staff accounts, pending ones first, then newest first; `search` matches names and e-mail.",
    tags: ["staff"],
    querystring: listQuerySchema,
    response: { 200: answer("A page of staff accounts.", object({ staff: Type.Array(ref(StaffSchema)), ...paging })), ...errors(400) },
  };
  app.get("/api/admin/staff", { schema: listSchema }, async (req) => {
    const ctx = await restContext(services, req);
    const { search, page } = listQuery(req);
    const { staff } = await runRest(ctx, LIST, { search, page, first: PAGE_SIZE });
    return { staff: staff.edges.map((e: { node: Node }) => staffJson(e.node)), ...pageInfo(page, staff.totalCount) };
  });

  const inviteSchema = {
    operationId: "inviteStaff",
    summary: "Mails an invitation to join the staff with a role (the link works once, for 7 days).",
    tags: ["staff"],
    body: form({ email: text(), role }),
    response: { 201: answer("Invited.", withMessage("invitation", ref(StaffInvitationSchema))), ...errors(400, 409) },
  };
  app.post("/api/admin/staff/invitations", { schema: inviteSchema }, async (req, reply) => {
    const ctx = await restContext(services, req);
    const body = jsonBody(req);
    const input = { email: textIn(body.email, "email"), role: roleIn(body.role) };
    const { result } = await runRest(ctx, INVITE, { input });
    const ok = unwrap(reply, result);
    if (ok) return reply.code(201).send({ message: ok.message, invitation: invitationJson(ok.invitation) });
  });

  const resendSchema = {
    operationId: "resendStaffInvitation",
    summary: "Sends an open or expired invitation again with a new link and expiry.",
    tags: ["staff"],
    params: uuidParams("invitation"),
    body: form({}, "Nothing is read from the body."),
    response: { 200: answer("Sent.", withMessage("invitation", ref(StaffInvitationSchema))), ...errors(400, 404) },
  };
  app.post("/api/admin/staff/invitations/:id/resend", { schema: resendSchema }, async (req, reply) => {
    const ctx = await restContext(services, req);
    const id = idParam(req, STAFF_MESSAGES.invitationNotFound);
    const { result } = await runRest(ctx, RESEND, { id: toGlobalId("StaffInvitation", id) });
    const ok = unwrap(reply, result);
    if (ok) return { message: ok.message, invitation: invitationJson(ok.invitation) };
  });

  const approveSchema = {
    operationId: "approveStaff",
    summary: "Approves a pending staff account (its e-mail verified) with a role.",
    tags: ["staff"],
    params: uuidParams("staff account"),
    body: form({ role }),
    response: { 200: answer("Approved.", withMessage("staff", ref(StaffSchema))), ...errors(400, 404, 409) },
  };
  app.post("/api/admin/staff/:id/approve", { schema: approveSchema }, async (req, reply) => {
    const ctx = await restContext(services, req);
    const id = idParam(req, STAFF_MESSAGES.notFound);
    const role = roleIn(jsonBody(req).role);
    if (!role) throw ValidationError.forField("role", "Choose a role: owner, manager, finance or instructor.");
    const { result } = await runRest(ctx, APPROVE, { id: toGlobalId("Admin", id), role });
    const ok = unwrap(reply, result);
    if (ok) return { message: "Staff account approved.", staff: staffJson(ok) };
  });

  const updateSchema = {
    operationId: "updateStaff",
    summary: "Changes a staff member's role, or deactivates (ending every session at once) or reactivates the account.",
    description: "Owners cannot change themselves; the business keeps at least one active owner.",
    tags: ["staff"],
    params: uuidParams("staff account"),
    body: form({ role, disabled: Type.Boolean() }),
    response: { 200: answer("Updated.", withMessage("staff", ref(StaffSchema))), ...errors(400, 404, 409) },
  };
  app.put("/api/admin/staff/:id", { schema: updateSchema }, async (req, reply) => {
    const ctx = await restContext(services, req);
    const id = idParam(req, STAFF_MESSAGES.notFound);
    const body = jsonBody(req);
    const input = { role: roleIn(body.role), disabled: booleanIn(body.disabled) };
    const { result } = await runRest(ctx, UPDATE, { id: toGlobalId("Admin", id), input });
    const ok = unwrap(reply, result);
    if (ok) return { message: "Staff account updated.", staff: staffJson(ok) };
  });

  const auditSchema = {
    operationId: "listAuditLog",
    summary: "The audit log, newest first, 10 a page: every staff write, login and failed login.",
    tags: ["staff"],
    querystring: object({ ...auditQuery, page: listQuerySchema.properties.page }),
    response: { 200: answer("A page of entries.", object({ entries: Type.Array(ref(AuditEntrySchema)), ...paging })), ...errors(400) },
  };
  app.get("/api/admin/audit", { schema: auditSchema }, async (req) => {
    const ctx = await restContext(services, req);
    const { page } = listQuery(req);
    const { auditLog } = await runRest(ctx, AUDIT, { filter: auditFilter(req), page, first: PAGE_SIZE });
    return { entries: auditLog.edges.map((e: { node: Node }) => auditJson(e.node)), ...pageInfo(page, auditLog.totalCount) };
  });

  const auditCsvSchema = {
    operationId: "exportAuditLog",
    summary: "The filtered audit log as CSV (at most 10,000 entries, newest first).",
    tags: ["staff"],
    querystring: object(auditQuery),
    response: { 200: csvAnswer("The entries."), ...errors(400) },
  };
  app.get("/api/admin/audit/export.csv", { schema: auditCsvSchema }, async (req, reply) => {
    const ctx = await restContext(services, req);
    const { auditLogCsv } = await runRest(ctx, AUDIT_CSV, { filter: auditFilter(req) });
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", 'attachment; filename="audit-log.csv"')
      .header("cache-control", "no-store")
      .send(auditLogCsv.csv);
  });
}
