import fastifyMultipart from "@fastify/multipart";
import type { FastifyError, FastifyInstance } from "fastify";
import { AppError, ValidationError } from "../domain/errors.ts";
import { IMAGE_MESSAGES } from "../domain/images.ts";
import type { Services } from "../services.ts";
import { authRoutes } from "./auth.ts";
import { courseRoutes } from "./courses.ts";
import { enrollmentRoutes } from "./enrollments.ts";
import { HttpError } from "./graphql.ts";
import { invoiceRoutes } from "./invoices.ts";
import { learnerRoutes } from "./learners.ts";
import { openApiRoutes } from "./openapi.ts";
import { paymentRoutes } from "./payments.ts";
import { reportRoutes } from "./reports.ts";
import { trackRoutes } from "./tracks.ts";

/** The REST facade (spec §7) in its own Fastify scope: multipart parsing and `{message}` errors apply only here. */
export async function registerRest(app: FastifyInstance, services: Services) {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024 } });

    scope.setErrorHandler((error: FastifyError, req, reply) => {
      // Every refusal answers `{message, errors}`, the shape the spec's clients read.
      const fail = (status: number, message: string, errors: { field?: string; message: string }[] = [{ message }]) =>
        reply.code(status).send({ message, errors });
      if (error instanceof HttpError) {
        if (error.retryAfterSeconds) reply.header("retry-after", String(error.retryAfterSeconds));
        return fail(error.status, error.message, error.errors);
      }
      if (error instanceof AppError) {
        if ("retryAfterSeconds" in error) reply.header("retry-after", String(error.retryAfterSeconds));
        const fieldErrors = error instanceof ValidationError ? error.fieldErrors : [];
        return fail(error.status, error.message, fieldErrors.length ? fieldErrors : undefined);
      }
      // Load shedding (under-pressure) answers 503 with Retry-After; keep it a 503, not a server error.
      if (error.statusCode === 503) return fail(503, error.message);
      if (error.code === "FST_REQ_FILE_TOO_LARGE") return fail(413, IMAGE_MESSAGES.tooLarge);
      if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") return fail(413, "The request is too large.");
      if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") return fail(415, "Send JSON or a multipart form.");
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        const invalidJson = error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError;
        return fail(error.statusCode, invalidJson ? "The request body is not valid JSON." : error.message);
      }
      req.log.error({ err: error }, "unexpected error in a REST route");
      return reply.code(500).send({ message: "Something went wrong. Please try again." });
    });

    await authRoutes(scope, services);
    await reportRoutes(scope, services);
    await paymentRoutes(scope, services);
    await trackRoutes(scope, services);
    await courseRoutes(scope, services);
    await invoiceRoutes(scope, services);
    await learnerRoutes(scope, services);
    await enrollmentRoutes(scope, services);
    await openApiRoutes(scope);
  });
}
