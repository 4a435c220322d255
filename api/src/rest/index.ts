import fastifyMultipart from "@fastify/multipart";
import type { FastifyError, FastifyInstance } from "fastify";
import { AppError } from "../domain/errors.ts";
import { IMAGE_MESSAGES } from "../domain/images.ts";
import type { Services } from "../services.ts";
import { authRoutes } from "./auth.ts";
import { HttpError } from "./graphql.ts";

/** The REST facade (spec §7) in its own Fastify scope: multipart parsing and `{message}` errors apply only here. */
export async function registerRest(app: FastifyInstance, services: Services) {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024 } });

    scope.setErrorHandler((error: FastifyError, req, reply) => {
      if (error instanceof HttpError) return reply.code(error.status).send({ message: error.message });
      if (error instanceof AppError) {
        if ("retryAfterSeconds" in error) reply.header("retry-after", String(error.retryAfterSeconds));
        return reply.code(error.status).send({ message: error.message, errors: [{ message: error.message }] });
      }
      if (error.code === "FST_REQ_FILE_TOO_LARGE") return reply.code(413).send({ message: IMAGE_MESSAGES.tooLarge });
      if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") return reply.code(413).send({ message: "The request is too large." });
      if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") return reply.code(415).send({ message: "Send JSON or a multipart form." });
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        const message =
          error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError
            ? "The request body is not valid JSON."
            : error.message;
        return reply.code(error.statusCode).send({ message });
      }
      req.log.error({ err: error }, "unexpected error in a REST route");
      return reply.code(500).send({ message: "Something went wrong. Please try again." });
    });

    await authRoutes(scope, services);
  });
}
