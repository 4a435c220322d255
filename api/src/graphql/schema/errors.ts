import {
  type AppError,
  ConflictError,
  type FieldError,
  ForbiddenError,
  NotAuthenticatedError,
  NotFoundError,
  RateLimitError,
  ValidationError,
} from "../../domain/errors.ts";
import { builder } from "../builder.ts";

/** Every expected failure implements `Error { message }`; clients may ask for more on the specific types. */
export const ErrorInterface = builder.interfaceRef<AppError>("Error").implement({
  fields: (t) => ({ message: t.exposeString("message") }),
});

const FieldErrorRef = builder.objectRef<FieldError>("FieldError").implement({
  description: "A message about one input field.",
  fields: (t) => ({ field: t.exposeString("field"), message: t.exposeString("message") }),
});

builder.objectType(ValidationError, {
  name: "ValidationError",
  interfaces: [ErrorInterface],
  fields: (t) => ({ fieldErrors: t.field({ type: [FieldErrorRef], resolve: (e) => e.fieldErrors }) }),
});

for (const [cls, name] of [
  [NotAuthenticatedError, "NotAuthenticatedError"],
  [ForbiddenError, "ForbiddenError"],
  [NotFoundError, "NotFoundError"],
  [ConflictError, "ConflictError"],
] as const) {
  builder.objectType(cls, { name, interfaces: [ErrorInterface], isTypeOf: (v) => v instanceof cls, fields: () => ({}) });
}

builder.objectType(RateLimitError, {
  name: "RateLimitError",
  interfaces: [ErrorInterface],
  fields: (t) => ({ retryAfterSeconds: t.exposeInt("retryAfterSeconds") }),
});

/** The error types a mutation can answer with; pass to `errors: { types }`. */
export const commonErrors = [ValidationError, NotAuthenticatedError, ForbiddenError, NotFoundError, ConflictError, RateLimitError];
