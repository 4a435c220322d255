import type { FastifyRequest } from "fastify";
import { GraphQLError } from "graphql";
import { NotFoundError, ValidationError } from "../domain/errors.ts";
import { decimalText } from "../domain/money.ts";
import { HttpError, type RestContext, run } from "./graphql.ts";

/** Reading URLs, query strings and form values for the catalogue and back-office routes, before GraphQL sees them. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `:id` of a URL: a database UUID, or the resource's not-found answer (never a database error). */
export function idParam(req: FastifyRequest, notFound: string): string {
  const id = (req.params as { id?: unknown }).id;
  if (typeof id !== "string" || !UUID.test(id)) throw new NotFoundError(notFound);
  return id.toLowerCase();
}

/** `?search=&page=` of the back-office tables (page size 10, docs/product.md, Limits). */
export function listQuery(req: FastifyRequest): { search: string | null; page: number } {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const search = query.search;
  if (search !== undefined && typeof search !== "string") throw new HttpError(400, "search must be text.");
  const page = query.page;
  if (page === undefined || page === "") return { search: search || null, page: 1 };
  if (typeof page !== "string" || !/^\d{1,6}$/.test(page) || Number(page) < 1)
    throw new HttpError(400, "page must be a whole number from 1.");
  return { search: search || null, page: Number(page) };
}

export const PAGE_SIZE = 10;

/** The paging part of a list answer. */
export function pageInfo(page: number, total: number) {
  return { page, totalPages: Math.max(1, Math.ceil(total / PAGE_SIZE)), total };
}

/**
 * An optional amount from JSON or a form: blank is "not given" (the domain says what is required). Text must be
 * plain decimal digits ("12.50"): "0x10", "1e3", " 12 ", "Infinity" and "12abc" are refused, not read as numbers.
 */
export function numberIn(value: unknown, field: string, invalid: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string" && value.trim() === "") return undefined;
  const number = typeof value === "number" ? value : typeof value === "string" ? decimalText(value) : Number.NaN;
  if (!Number.isFinite(number)) throw ValidationError.forField(field, invalid);
  return number;
}

/** A calendar date YYYY-MM-DD (an ISO date-time is cut to its date); blank is "not given". */
export function dateIn(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const match = typeof value === "string" ? /^(\d{4})-(\d{2})-(\d{2})(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.exec(value.trim()) : null;
  const date = match ? `${match[1]}-${match[2]}-${match[3]}` : "";
  const parsed = new Date(`${date}T00:00:00Z`);
  if (!match || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) {
    throw ValidationError.forField(field, "Due date must be a date like 2026-01-31.");
  }
  return date;
}

/** An id from a form or JSON body as a global id of `type`; blank is "not given". */
export function idIn(value: unknown, field: string, toGlobal: (id: string) => string): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string") throw new HttpError(400, `${field} must be an id.`);
  return toGlobal(value.trim());
}

/**
 * `run`, where a value GraphQL could not coerce (which the checks above should already have refused) is a 400,
 * not a server error.
 */
export async function runRest<T = any>(ctx: RestContext, source: string, variables: Record<string, unknown> = {}): Promise<T> {
  try {
    return await run<T>(ctx, source, variables);
  } catch (error) {
    if (error instanceof GraphQLError) throw new HttpError(400, error.message);
    throw error;
  }
}
