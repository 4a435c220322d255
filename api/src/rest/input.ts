import { encodeGlobalID } from "@pothos/plugin-relay";
import type { FastifyRequest } from "fastify";
import { UUID_PATTERN } from "../../../common/formats.ts";
import { type CurrencyCode, isCurrencyCode } from "../../../common/money.ts";
import { NotFoundError, ValidationError } from "../domain/errors.ts";
import { MAX_IMAGE_BYTES } from "../domain/images.ts";
import { decimalText } from "../domain/money.ts";
import { PLAN_FILTERS, type PlanFilter } from "../domain/payments/plan-finance.ts";
import { STAFF_ROLES } from "../domain/staff/permissions.ts";

/**
 * Reading a REST request's input (URL, query string, JSON or multipart body) into the values a GraphQL operation or
 * a domain function takes, before either sees it. A refusal is thrown as the domain's error (ValidationError for a
 * 400, NotFoundError for an id that cannot be one), with the product's own texts.
 */

// --- ids ---------------------------------------------------------------------------------------------------------

/** REST speaks database ids (`_id`); GraphQL speaks Relay global ids. */
export function toGlobalId(type: string, rawId: string): string {
  return encodeGlobalID(type, rawId);
}

/** The `:id` of a URL: a database UUID, or the resource's not-found answer (never a database error). */
export function idParam(req: FastifyRequest, notFound: string): string {
  const id = (req.params as { id?: unknown }).id;
  if (typeof id !== "string" || !UUID_PATTERN.test(id)) throw new NotFoundError(notFound);
  return id.toLowerCase();
}

/** An id from a form or JSON body as a global id of `type`; blank is "not given". */
export function idIn(value: unknown, field: string, type: string): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string") throw new ValidationError(`${field} must be an id.`);
  return toGlobalId(type, value.trim());
}

// --- query strings -----------------------------------------------------------------------------------------------

function queryOf(req: FastifyRequest): Record<string, unknown> {
  return (req.query ?? {}) as Record<string, unknown>;
}

/** `?search=&page=` of the back-office tables (page size 10, docs/product.md, Limits). */
export function listQuery(req: FastifyRequest): { search: string | null; page: number } {
  const query = queryOf(req);
  const search = query.search;
  if (search !== undefined && typeof search !== "string") throw new ValidationError("search must be text.");
  const page = query.page;
  if (page === undefined || page === "") return { search: search || null, page: 1 };
  if (typeof page !== "string" || !/^\d{1,6}$/.test(page) || Number(page) < 1)
    throw new ValidationError("page must be a whole number from 1.");
  return { search: search || null, page: Number(page) };
}

/** `?from=` or `?to=` of the report: a real calendar date YYYY-MM-DD (2026-02-30 is refused, not rolled over to March). */
export function dateParam(req: FastifyRequest, name: "from" | "to"): string {
  const value = queryOf(req)[name];
  const time = typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value) {
    throw new ValidationError(`${name} must be a date like 2026-01-31.`);
  }
  return value as string;
}

/** The audit page's filters from the query string. */
export function auditFilter(req: FastifyRequest) {
  const query = queryOf(req);
  const filter: Record<string, string | undefined> = {};
  for (const key of ["person", "entityType", "from", "to"]) filter[key] = textIn(query[key], key) || undefined;
  return filter;
}

// --- field values ------------------------------------------------------------------------------------------------

/**
 * Text fields: strings pass; anything else (a number, a boolean, an object) is refused, as the route's schema says
 * (a string), never read as text: `{"reference": 123}` is a 400, not a lookup of "123".
 */
export function textIn(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return value;
  throw new ValidationError(`${field} must be text.`);
}

/** The named text fields of a body. */
export const textFields = (body: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(keys.map((k) => [k, textIn(body[k], k)]));

/** "Male"/"Female" (any case) from forms to the GraphQL enum. */
export function genderIn(value: unknown): "MALE" | "FEMALE" | null | undefined {
  if (value === undefined || value === null || value === "") return value === "" ? null : value;
  const upper = typeof value === "string" ? value.toUpperCase() : "";
  if (upper === "MALE" || upper === "FEMALE") return upper;
  throw new ValidationError("Gender must be Male or Female.");
}

/** A true/false field, from JSON or a form (multipart fields arrive as strings); the refusal names the field. */
export function booleanIn(value: unknown, field: string): boolean | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (value === true || value === "true") return true;
  if (value === false || value === "false") return false;
  throw ValidationError.forField(field, `${field} must be true or false.`);
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

/** An optional ISO 4217 code of the five (any case); blank is "not given"; anything else is refused with `invalid`. */
export function currencyIn(value: unknown, field: string, invalid: string): CurrencyCode | undefined {
  if (value === undefined || value === null) return undefined;
  const code = typeof value === "string" ? value.trim().toUpperCase() : value;
  if (code === "") return undefined;
  if (!isCurrencyCode(code)) throw ValidationError.forField(field, invalid);
  return code;
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

export const INVALID_INVOICE_STATUS = "Status must be pending or paid.";

/** "pending"/"paid" in any case, as the invoice forms send them ("failed" is set by card payments only). */
export function invoiceStatusIn(value: unknown): "PENDING" | "PAID" | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const upper = typeof value === "string" ? value.trim().toUpperCase() : "";
  if (upper === "PENDING" || upper === "PAID") return upper;
  throw ValidationError.forField("status", INVALID_INVOICE_STATUS);
}

const INVOICE_LIST_STATUSES = ["PENDING", "PAID", "FAILED", "PARTIALLY_REFUNDED", "REFUNDED", "VOID", "ABANDONED"] as const;

/** `?status=` of the invoice list: one invoice status in any case, or undefined (every status but abandoned). */
export function invoiceListStatusIn(req: FastifyRequest): (typeof INVOICE_LIST_STATUSES)[number] | undefined {
  const value = queryOf(req).status;
  if (value === undefined || value === "") return undefined;
  const upper = typeof value === "string" ? value.trim().toUpperCase() : "";
  const known = INVOICE_LIST_STATUSES.find((status) => status === upper);
  if (!known) throw ValidationError.forField("status", `status must be one of: ${INVOICE_LIST_STATUSES.join(", ").toLowerCase()}.`);
  return known;
}

/** `?filter=` of the instalment plans list: all, active, overdue or paused in any case (GraphQL's PaymentPlanFilter); omitted is all. */
export function planFilterIn(req: FastifyRequest): PlanFilter {
  const value = queryOf(req).filter;
  if (value === undefined || value === "") return "ALL";
  const upper = typeof value === "string" ? value.trim().toUpperCase() : "";
  const known = PLAN_FILTERS.find((filter) => filter === upper);
  if (!known) throw ValidationError.forField("filter", `filter must be one of: ${PLAN_FILTERS.join(", ").toLowerCase()}.`);
  return known;
}

const CHOOSE_ROLE = "Choose a role: owner, manager, finance or instructor.";

/** `owner`, `MANAGER`...: a role of the table in domain/staff/permissions.ts; blank is "not given" unless `required`. */
export function staffRoleIn(value: unknown, options: { required?: boolean } = {}): string | undefined {
  if (value === undefined || value === null || value === "") {
    if (options.required) throw ValidationError.forField("role", CHOOSE_ROLE);
    return undefined;
  }
  const role = typeof value === "string" ? value.trim().toUpperCase() : "";
  if (!(STAFF_ROLES as readonly string[]).includes(role)) throw ValidationError.forField("role", CHOOSE_ROLE);
  return role;
}

// --- bodies ------------------------------------------------------------------------------------------------------

/** The JSON body as an object; arrays, strings and the like are refused. */
export function jsonBody(req: FastifyRequest): Record<string, unknown> {
  const body = req.body ?? {};
  if (typeof body !== "object" || Array.isArray(body)) throw new ValidationError("The request body must be a JSON object.");
  return body as Record<string, unknown>;
}

/**
 * Reads a form: multipart (fields plus at most one image, refused past 5 MB while streaming, before it is all
 * buffered) or JSON. Returns the text fields and the image as a File.
 */
export async function formBody(req: FastifyRequest, fileField = "image"): Promise<{ fields: Record<string, unknown>; file: File | null }> {
  if (!req.isMultipart()) return { fields: jsonBody(req), file: null };
  const fields: Record<string, unknown> = {};
  let file: File | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 30, fieldSize: 64 * 1024 } })) {
      if (part.type === "file") {
        if (part.fieldname !== fileField) {
          part.file.resume();
          throw new ValidationError(`Unexpected file field "${part.fieldname}".`);
        }
        const bytes = await readFilePart(req, part.file);
        if (bytes.length > 0) file = new File([new Uint8Array(bytes)], part.filename, { type: part.mimetype });
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    // Limits (with their own 4xx status) pass through; the parser's own errors mean a broken form, not a server fault.
    if (error instanceof ValidationError || (error as { statusCode?: number }).statusCode) throw error;
    throw new ValidationError("The form data could not be read.");
  }
  return { fields, file };
}

/**
 * Reads a file part, refusing it (413, the multipart plugin's own "file too large") the moment it passes the size
 * limit instead of when the part ends: the rest of a huge upload is then neither parsed nor waited for (the file
 * stream is destroyed, which stops the parser, and the 413 closes the connection).
 */
function readFilePart(req: FastifyRequest, file: NodeJS.ReadableStream & { destroy(error?: Error): void }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    file.on("data", (chunk: Buffer) => chunks.push(chunk));
    file.once("limit", () => {
      chunks.length = 0;
      reject(new req.server.multipartErrors.RequestFileTooLargeError());
      file.destroy();
    });
    file.once("end", () => resolve(Buffer.concat(chunks)));
    file.once("error", reject);
  });
}
