import SchemaBuilder from "@pothos/core";
import ErrorsPlugin from "@pothos/plugin-errors";
import PrismaPlugin from "@pothos/plugin-prisma";
import RelayPlugin, { decodeGlobalID } from "@pothos/plugin-relay";
import ScopeAuthPlugin from "@pothos/plugin-scope-auth";
import ValidationPlugin from "@pothos/plugin-validation";
import { UUID_PATTERN } from "../../../common/formats.ts";
import { ForbiddenError, NotAuthenticatedError } from "../domain/errors.ts";
import { can, isPendingStaff, isStaff, type Owner, owns, PENDING_MESSAGE, type Permission } from "../domain/staff/permissions.ts";
import type PrismaTypes from "../generated/pothos-prisma-types.ts";
import { getDatamodel } from "../generated/pothos-prisma-types.ts";
import type { Context } from "./context.ts";

/**
 * What a global ID whose id part is not a UUID decodes to. Every record has a gen_random_uuid() (version 4) id, so
 * this version-0 UUID names no row: lookups find nothing (null, or "not found") instead of failing in PostgreSQL, and
 * inputs the domain validates as RFC 9562 UUIDs (zod's uuid()) are still refused as malformed.
 */
const MALFORMED_ID = "00000000-0000-0000-0000-000000000001";

/** A global ID's type name and record id; an id part that is not a UUID becomes MALFORMED_ID. */
export function decodeId(globalID: string) {
  const decoded = decodeGlobalID(globalID);
  return UUID_PATTERN.test(decoded.id) ? { ...decoded, id: decoded.id.toLowerCase() } : { ...decoded, id: MALFORMED_ID };
}

/** Only configuration lives here; types and fields live in ./schema, one module per type. */
export const builder = new SchemaBuilder<{
  Context: Context;
  PrismaTypes: PrismaTypes;
  /**
   * `staff`: an approved staff account of any role; `can`: a permission of domain/staff/permissions.ts; `owns`: the
   * viewer is the account the record belongs to (a type's scope, given the record: `(invoice) => ({ owns: ... })`).
   */
  AuthScopes: { signedIn: boolean; learner: boolean; staff: boolean; can: Permission; owns: Owner };
  DefaultFieldNullability: false;
  DefaultEdgesNullability: false;
  DefaultNodeNullability: false;
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    Date: { Input: Date; Output: Date | string };
    Upload: { Input: File; Output: never };
  };
}>({
  defaultFieldNullability: false,
  // Errors before scope-auth, so that authorization failures become typed error results on fields that have them.
  plugins: [RelayPlugin, ErrorsPlugin, ScopeAuthPlugin, ValidationPlugin, PrismaPlugin],
  prisma: {
    client: (ctx) => ctx.services.db.prisma,
    dmmf: getDatamodel(),
    filterConnectionTotalCount: true,
    onUnusedQuery: process.env.NODE_ENV === "production" ? null : "error",
  },
  relay: {
    // A global ID holding anything but a UUID names no record (see MALFORMED_ID), rather than failing in the database.
    decodeGlobalID: decodeId,
    // Replaced by schema/node.ts, whose `nodes` decodes each id itself.
    nodesQueryOptions: false,
    clientMutationId: "omit",
    cursorType: "String",
    edgesFieldOptions: { nullable: false, description: "The records of this page, in order." },
    nodeFieldOptions: { nullable: false, description: "The record." },
    // What the generated paging types and arguments say in the schema (and so in GraphiQL's docs).
    nodeTypeOptions: { description: "A record with a global ID, which `node(id:)` and `nodes(ids:)` look up." },
    idFieldOptions: { description: "The record's global ID." },
    nodeQueryOptions: {
      description: "The record with this global ID: null if it names none.",
      args: { id: { description: "A global ID, as a record's `id` field gives it." } },
    },
    pageInfoTypeOptions: { description: "Where a page lies in its list: whether there are more, and the cursors at its ends." },
    pageInfoFieldOptions: { description: "Where this page lies in the list." },
    hasNextPageFieldOptions: { description: "True when records follow this page." },
    hasPreviousPageFieldOptions: { description: "True when records come before this page." },
    startCursorFieldOptions: { description: "The first record's cursor; null for an empty page." },
    endCursorFieldOptions: { description: "The last record's cursor (pass it as `after` for the next page); null for an empty page." },
    cursorFieldOptions: { description: "This record's place in the list: pass it as `after` for the records after it." },
    firstArgOptions: { description: "How many records to answer from the start (at most 100)." },
    lastArgOptions: { description: "How many records to answer from the end (at most 100)." },
    afterArgOptions: { description: "Answer the records after this cursor." },
    beforeArgOptions: { description: "Answer the records before this cursor." },
    defaultConnectionTypeOptions: { description: "One page of a list: its records and where the page lies." },
    defaultEdgeTypeOptions: { description: "One record of a page, with its cursor." },
  },
  scopeAuth: {
    // A type whose scopes fail resolves to null as a whole (with one error), so nothing of it leaks field by field.
    runScopesOnType: true,
    authorizeOnSubscribe: true,
    authScopes: (ctx) => ({
      signedIn: !!ctx.viewer,
      learner: ctx.viewer?.role === "LEARNER",
      staff: isStaff(ctx.viewer),
      can: (permission: Permission) => can(ctx.viewer, permission),
      owns: (owner: Owner) => owns(ctx.viewer, owner),
    }),
    // Signed out: 401-style error; signed in with the wrong role: 403-style error (a pending staff account is told so).
    unauthorizedError: (_parent, ctx) =>
      !ctx.viewer ? new NotAuthenticatedError() : isPendingStaff(ctx.viewer) ? new ForbiddenError(PENDING_MESSAGE) : new ForbiddenError(),
  },
  errors: {
    defaultTypes: [],
    directResult: true,
    defaultUnionOptions: {
      name: ({ fieldName }) => `${fieldName[0]?.toUpperCase()}${fieldName.slice(1)}Result`,
      description: "What the mutation answers: its payload when it succeeded, or the error that stopped it (see `Error`).",
    },
  },
});
