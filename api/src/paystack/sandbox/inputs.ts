import type { FastifyReply } from "fastify";
import { z } from "zod";

const invalidAmount = { error: "Invalid Amount Sent" };

/** Paystack takes the amount in minor units as a number or as a string of digits ("500000" in its own examples). */
export const amountSchema = z
  .union([z.int(invalidAmount), z.string(invalidAmount).regex(/^\d+$/, invalidAmount).transform(Number)], invalidAmount)
  .pipe(z.int(invalidAmount).positive(invalidAmount));

/** A date-only bound ("2026-05-24") covers that whole day, as a person filtering by day means it. */
export const dateBound = (endOfDay: boolean) =>
  z
    .string()
    .transform((value, ctx) => {
      const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
      const time = Date.parse(dateOnly ? `${value}T00:00:00.000Z` : value);
      if (Number.isNaN(time)) {
        ctx.addIssue({ code: "custom", message: "Invalid date" });
        return z.NEVER;
      }
      return new Date(dateOnly && endOfDay ? time + 86_400_000 - 1 : time);
    })
    .optional();

export const positiveWhole = (field: string, max: number) =>
  z
    .string()
    .regex(/^\d+$/, { error: `${field} must be a whole number` })
    .transform(Number)
    .pipe(
      z
        .int()
        .min(1, { error: `${field} must be at least 1` })
        .max(max, { error: `${field} must be at most ${max}` }),
    );

/** Paystack's paging; its docs spell the page size `perPage`, its OpenAPI description `per_page`. */
export const pagingSchema = {
  perPage: positiveWhole("perPage", 1000).optional(),
  per_page: positiveWhole("per_page", 1000).optional(),
  page: positiveWhole("page", 1_000_000).optional(),
  from: dateBound(false),
  to: dateBound(true),
};

export const DEFAULT_PER_PAGE = 50;

/** Paystack's refusal of a request body: 400 with the first problem as the message. */
export function validationError(reply: FastifyReply, error: z.ZodError) {
  return reply.code(400).send({ status: false, message: error.issues[0]?.message, type: "validation_error" });
}

/** Paystack's refusal of a query string: 400 naming the parameter. */
export function queryError(reply: FastifyReply, error: z.ZodError) {
  const issue = error.issues[0];
  const message = issue ? `${issue.path.join(".")}: ${issue.message}` : "Invalid query";
  return reply.code(400).send({ status: false, message, type: "validation_error" });
}
