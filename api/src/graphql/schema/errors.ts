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
  description: "An expected failure a mutation answers with instead of its payload.",
  fields: (t) => ({ message: t.exposeString("message", { description: "What went wrong, in words to show the user." }) }),
});

const FieldErrorRef = builder.objectRef<FieldError>("FieldError").implement({
  description: "A message about one input field.",
  fields: (t) => ({
    field: t.exposeString("field", { description: "The input field's name, e.g. email." }),
    message: t.exposeString("message", { description: "What is wrong with it, in words to show next to the field." }),
  }),
});

builder.objectType(ValidationError, {
  name: "ValidationError",
  description: "The input was refused; nothing changed.",
  interfaces: [ErrorInterface],
  fields: (t) => ({
    message: t.exposeString("message", { description: "What went wrong, in words to show the user." }),
    fieldErrors: t.field({ type: [FieldErrorRef], description: "A message for each field in error.", resolve: (e) => e.fieldErrors }),
  }),
});

for (const [cls, name, description] of [
  [NotAuthenticatedError, "NotAuthenticatedError", "Not signed in, or the session has ended: log in again."],
  [ForbiddenError, "ForbiddenError", "Signed in, but this account may not do this."],
  [NotFoundError, "NotFoundError", "The record does not exist (or is not yours)."],
  [ConflictError, "ConflictError", "The change clashes with the current state, e.g. an e-mail already in use."],
] as const) {
  builder.objectType(cls, {
    name,
    description,
    interfaces: [ErrorInterface],
    isTypeOf: (v) => v instanceof cls,
    fields: (t) => ({ message: t.exposeString("message", { description: "What went wrong, in words to show the user." }) }),
  });
}

builder.objectType(RateLimitError, {
  name: "RateLimitError",
  description: "Too many attempts: wait before trying again.",
  interfaces: [ErrorInterface],
  fields: (t) => ({
    message: t.exposeString("message", { description: "What went wrong, in words to show the user." }),
    retryAfterSeconds: t.exposeInt("retryAfterSeconds", { description: "How many seconds to wait." }),
  }),
});

/** The error types a mutation can answer with; pass to `errors: { types }`. */
export const commonErrors = [ValidationError, NotAuthenticatedError, ForbiddenError, NotFoundError, ConflictError, RateLimitError];
