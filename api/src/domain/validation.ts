import type { z } from "zod";
import { ValidationError } from "./errors.ts";

/**
 * Parses input with a zod schema; on failure throws a ValidationError whose message is the first problem and whose
 * field errors list one message per field (the first for that field), as the forms show them under each field.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
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
