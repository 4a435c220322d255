/**
 * Expected failures, each with the message a user sees and the HTTP status the REST facade answers with.
 * GraphQL exposes them as typed errors (see graphql/schema/errors.ts); anything else is masked as a server error.
 */
export abstract class AppError extends Error {
  abstract readonly status: number;
}

export interface FieldError {
  /** Input field name, e.g. "email". */
  field: string;
  message: string;
}

export class ValidationError extends AppError {
  override name = "ValidationError";
  readonly status = 400;
  constructor(
    message: string,
    readonly fieldErrors: FieldError[] = [],
  ) {
    super(message);
  }

  static forField(field: string, message: string) {
    return new ValidationError(message, [{ field, message }]);
  }
}

export class NotAuthenticatedError extends AppError {
  override name = "NotAuthenticatedError";
  readonly status = 401;
  constructor(message = "Authentication token not found. Please log in.") {
    super(message);
  }
}

export class ForbiddenError extends AppError {
  override name = "ForbiddenError";
  readonly status = 403;
  constructor(message = "You are not allowed to do this.") {
    super(message);
  }
}

export class NotFoundError extends AppError {
  override name = "NotFoundError";
  readonly status = 404;
}

export class ConflictError extends AppError {
  override name = "ConflictError";
  readonly status = 409;
}

export class RateLimitError extends AppError {
  override name = "RateLimitError";
  readonly status = 429;
  constructor(
    readonly retryAfterSeconds: number,
    message = "Too many attempts. Please wait a moment and try again.",
  ) {
    super(message);
  }
}
