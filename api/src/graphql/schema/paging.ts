import { queryFromInfo } from "@pothos/plugin-prisma";
import { cursorToOffset, offsetToCursor } from "@pothos/plugin-relay";
import type { GraphQLResolveInfo } from "graphql";
import { ValidationError } from "../../domain/errors.ts";
import { builder } from "../builder.ts";
import type { Context } from "../context.ts";

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/**
 * `maxSize` for Pothos connections: asking for more than MAX_PAGE_SIZE rows is refused, as the paged lists refuse it,
 * rather than silently cut to a shorter page.
 */
export function refuseOversizedPage(args: { first?: number | null; last?: number | null }): number {
  for (const key of ["first", "last"] as const) {
    const value = args[key];
    if (value !== undefined && value !== null && value > MAX_PAGE_SIZE) {
      throw ValidationError.forField(key, `${key} must be at most ${MAX_PAGE_SIZE}.`);
    }
  }
  return MAX_PAGE_SIZE;
}

/** The arguments of the back-office tables' paged lists (see pagedConnection). */
export const pageArgs = builder.args((t) => ({
  first: t.int({ description: `Rows a page, 1 to ${MAX_PAGE_SIZE} (${DEFAULT_PAGE_SIZE} if left out).` }),
  after: t.string({ description: 'Answer the rows after this cursor (for "more").' }),
  page: t.int({ description: "The page to answer, from 1 (for page-number buttons); takes precedence over `after`." }),
}));

/**
 * Why a back-office table's list pages forward only (no `last`/`before`), said in each of their connection types: a
 * table goes back by page number, which reaches any page at the same cost.
 */
const FORWARD_ONLY =
  "It pages forward only (`first`/`after`, no `last`/`before`): a back-office table, numbered and counted (`totalCount`), goes back or anywhere else with `page`.";

/** The connection type of a paged list (see pagedConnection): its page of records, and `totalCount`. */
export const pagedConnectionType = <T extends Parameters<typeof builder.connectionObject>[0]["type"]>(
  type: T,
  name: string,
  description: string,
) =>
  builder.connectionObject({
    type,
    name,
    description: `${description} ${FORWARD_ONLY}`,
    fields: (t) => ({
      totalCount: t.int({
        description: "How many rows the list has in all (with the search applied), on every page.",
        resolve: (c) => (c as unknown as { totalCount: number }).totalCount,
      }),
    }),
  });

export interface PageArgs {
  first?: number | null;
  after?: string | null;
  page?: number | null;
}

/**
 * An offset-paged connection for the back-office tables: Relay cursors (`first`/`after`) for "more", plus `page`
 * (1-based) for page-number buttons, and `totalCount`. Relations the client asks for are loaded by the same Prisma
 * query (queryFromInfo), so a page costs two SQL statements (count + rows) however many rows it shows.
 */
export async function pagedConnection<T>(
  args: PageArgs,
  ctx: Context,
  info: GraphQLResolveInfo,
  load: {
    count(): Promise<number>;
    rows(query: Record<string, unknown>, skip: number, take: number): Promise<T[]>;
  },
) {
  const pageSize = args.first ?? DEFAULT_PAGE_SIZE;
  if (pageSize < 1 || pageSize > MAX_PAGE_SIZE) throw ValidationError.forField("first", `first must be between 1 and ${MAX_PAGE_SIZE}.`);
  if (args.page !== undefined && args.page !== null && args.page < 1) throw ValidationError.forField("page", "page starts at 1.");
  let offset = 0;
  if (args.page) offset = (args.page - 1) * pageSize;
  else if (args.after) {
    try {
      offset = cursorToOffset(args.after) + 1;
    } catch {
      throw ValidationError.forField("after", "Invalid cursor.");
    }
  }
  const query = queryFromInfo({ context: ctx, info, path: ["edges", "node"] });
  const [totalCount, rows] = await Promise.all([load.count(), load.rows(query, offset, pageSize + 1)]);
  const items = rows.slice(0, pageSize);
  const edges = items.map((node, i) => ({ cursor: offsetToCursor(offset + i), node }));
  return {
    edges,
    totalCount,
    pageInfo: {
      hasNextPage: rows.length > pageSize,
      hasPreviousPage: offset > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

/**
 * Every word must match one of the fields, case-insensitively ("ada nwosu" finds Ada Nwosu). Fields of a relation
 * ("learner.firstName") are matched under it together, so the query joins the relation once per word, not per field.
 */
export function wordsWhere(search: string | null | undefined, fields: string[]) {
  const words = (search ?? "")
    // PostgreSQL text cannot hold NUL: it is dropped from a search rather than failing the query.
    .replaceAll("\u0000", "")
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 5)
    .map((w) => w.slice(0, 50));
  if (!words.length) return {};
  return { AND: words.map((w) => anyField(fields, { contains: w, mode: "insensitive" as const })) };
}

/** ["email", "learner.firstName", "learner.lastName"] -> { OR: [{ email }, { learner: { OR: [{ firstName }, { lastName }] } }] } */
function anyField(paths: string[], condition: object): object {
  const fields: object[] = [];
  const relations = new Map<string, string[]>();
  for (const path of paths) {
    const [head = "", ...rest] = path.split(".");
    if (rest.length) relations.set(head, [...(relations.get(head) ?? []), rest.join(".")]);
    else fields.push({ [head]: condition });
  }
  for (const [relation, inner] of relations) fields.push({ [relation]: anyField(inner, condition) });
  return { OR: fields };
}
