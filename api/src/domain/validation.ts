import type { z } from "zod";
import { ValidationError } from "./errors.ts";

/**
 * What a form sends for a schema's input, as the domain functions take it: any field may be left out or null (GraphQL's
 * optional input fields arrive as null), and parseInput answers the form's own message for each one missing or wrong.
 */
export type FormInput<T> = { [K in keyof T]?: T[K] | null };

/**
 * Parses input with a zod schema; on failure throws a ValidationError whose message is the first problem and whose
 * field errors list one message per field (the first for that field), as the forms show them under each field.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const invalid = pathOfInvalidText(input);
  if (invalid !== null) throw ValidationError.forField(invalid || "input", INVALID_TEXT_MESSAGE);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const seen = new Set<string>();
  const fieldErrors = [];
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join(".") || "input";
    if (seen.has(field)) continue;
    seen.add(field);
    fieldErrors.push({ field, message: issue.message });
  }
  throw new ValidationError(fieldErrors[0]?.message ?? "Invalid input.", fieldErrors);
}

/** The input parsed as parseInput would take it, or null where parseInput would refuse it (no error to report). */
export function tryParseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> | null {
  if (pathOfInvalidText(input) !== null) return null;
  const result = schema.safeParse(input);
  return result.success ? result.data : null;
}

export const INVALID_TEXT_MESSAGE = "This field contains a character that is not allowed.";

/** NUL (PostgreSQL text cannot store it) or half of a UTF-16 surrogate pair (not text at all; jsonb refuses it). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this looks for
const INVALID_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The path of the first string holding a character no column can store (see INVALID_TEXT), or null: such input is
 * refused here as invalid rather than failing in the database. Files and other non-plain objects are not looked into.
 */
function pathOfInvalidText(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string") return INVALID_TEXT.test(value) ? path.join(".") : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = pathOfInvalidText(item, [...path, String(i)]);
      if (found !== null) return found;
    }
    return null;
  }
  const proto = value && typeof value === "object" ? Object.getPrototypeOf(value) : undefined;
  if (proto === Object.prototype || proto === null) {
    for (const [key, item] of Object.entries(value as object)) {
      const found = pathOfInvalidText(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}
