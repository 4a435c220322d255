import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { STAFF_MESSAGES } from "../../domain/staff/staff.ts";
import type { Services } from "../../services.ts";
import { CSV_TYPE, sendDownload } from "../download.ts";
import { auditFilter, booleanIn, idParam, jsonBody, staffRoleIn, textIn, toGlobalId } from "../input.ts";
import { AUDIT_FIELDS, auditJson, INVITATION_FIELDS, invitationJson, STAFF_FIELDS, staffJson } from "../json.ts";
import { ERROR_FIELDS, restRoutes } from "../pipeline.ts";
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
} from "../schemas.ts";

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

export async function staffRoutes(app: FastifyInstance, services: Services) {
  const route = restRoutes(app, services);
  route.graphql({
    method: "GET",
    url: "/api/admin/staff",
    schema: {
      operationId: "listStaff",
      summary: "Staff accounts, pending ones first, then newest first; `search` matches names and e-mail.",
      tags: ["staff"],
      querystring: listQuerySchema,
      response: { 200: answer("A page of staff accounts.", object({ staff: Type.Array(ref(StaffSchema)), ...paging })), ...errors(400) },
    },
    handle: (call) => call.page(LIST, "staff", staffJson),
  });

  route.graphql({
    method: "POST",
    url: "/api/admin/staff/invitations",
    schema: {
      operationId: "inviteStaff",
      summary: "Mails an invitation to join the staff with a role (the link works once, for 7 days).",
      tags: ["staff"],
      body: form({ email: text(), role }),
      response: { 201: answer("Invited.", withMessage("invitation", ref(StaffInvitationSchema))), ...errors(400, 409) },
    },
    handle: async (call) => {
      const body = jsonBody(call.req);
      const ok = await call.mutate(INVITE, { input: { email: textIn(body.email, "email"), role: staffRoleIn(body.role) } });
      return call.reply.code(201).send({ message: ok.message, invitation: invitationJson(ok.invitation) });
    },
  });

  route.graphql({
    method: "POST",
    url: "/api/admin/staff/invitations/:id/resend",
    schema: {
      operationId: "resendStaffInvitation",
      summary: "Sends an open or expired invitation again with a new link and expiry.",
      tags: ["staff"],
      params: uuidParams("invitation"),
      body: form({}, "Nothing is read from the body."),
      response: { 200: answer("Sent.", withMessage("invitation", ref(StaffInvitationSchema))), ...errors(400, 404) },
    },
    handle: async (call) => {
      const id = idParam(call.req, STAFF_MESSAGES.invitationNotFound);
      const ok = await call.mutate(RESEND, { id: toGlobalId("StaffInvitation", id) });
      return { message: ok.message, invitation: invitationJson(ok.invitation) };
    },
  });

  route.graphql({
    method: "POST",
    url: "/api/admin/staff/:id/approve",
    schema: {
      operationId: "approveStaff",
      summary: "Approves a pending staff account (its e-mail verified) with a role.",
      tags: ["staff"],
      params: uuidParams("staff account"),
      body: form({ role }),
      response: { 200: answer("Approved.", withMessage("staff", ref(StaffSchema))), ...errors(400, 404, 409) },
    },
    handle: async (call) => {
      const id = idParam(call.req, STAFF_MESSAGES.notFound);
      const role = staffRoleIn(jsonBody(call.req).role, { required: true });
      const ok = await call.mutate(APPROVE, { id: toGlobalId("Admin", id), role });
      return { message: "Staff account approved.", staff: staffJson(ok) };
    },
  });

  route.graphql({
    method: "PUT",
    url: "/api/admin/staff/:id",
    schema: {
      operationId: "updateStaff",
      summary: "Changes a staff member's role, or deactivates (ending every session at once) or reactivates the account.",
      description: "Owners cannot change themselves; the business keeps at least one active owner.",
      tags: ["staff"],
      params: uuidParams("staff account"),
      body: form({ role, disabled: Type.Boolean() }),
      response: { 200: answer("Updated.", withMessage("staff", ref(StaffSchema))), ...errors(400, 404, 409) },
    },
    handle: async (call) => {
      const id = idParam(call.req, STAFF_MESSAGES.notFound);
      const body = jsonBody(call.req);
      const ok = await call.mutate(UPDATE, {
        id: toGlobalId("Admin", id),
        input: { role: staffRoleIn(body.role), disabled: booleanIn(body.disabled, "disabled") },
      });
      return { message: "Staff account updated.", staff: staffJson(ok) };
    },
  });

  route.graphql({
    method: "GET",
    url: "/api/admin/audit",
    schema: {
      operationId: "listAuditLog",
      summary: "The audit log, newest first, 10 a page: every staff write, login and failed login.",
      tags: ["staff"],
      querystring: object({ ...auditQuery, page: listQuerySchema.properties.page }),
      response: { 200: answer("A page of entries.", object({ entries: Type.Array(ref(AuditEntrySchema)), ...paging })), ...errors(400) },
    },
    handle: (call) => call.page(AUDIT, "auditLog", auditJson, { key: "entries", variables: () => ({ filter: auditFilter(call.req) }) }),
  });

  route.graphql({
    method: "GET",
    url: "/api/admin/audit/export.csv",
    schema: {
      operationId: "exportAuditLog",
      summary: "The filtered audit log as CSV (at most 10,000 entries, newest first).",
      tags: ["staff"],
      querystring: object(auditQuery),
      response: { 200: csvAnswer("The entries."), ...errors(400) },
    },
    handle: async (call) => {
      const { auditLogCsv } = await call.query(AUDIT_CSV, { filter: auditFilter(call.req) });
      return sendDownload(call.reply, CSV_TYPE, "audit-log.csv", auditLogCsv.csv);
    },
  });
}
