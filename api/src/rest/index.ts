import fastifyMultipart from "@fastify/multipart";
import type { FastifyError, FastifyInstance } from "fastify";
import { AppError, ValidationError } from "../domain/errors.ts";
import { IMAGE_MESSAGES } from "../domain/images.ts";
import { type Audience, requireAudience } from "../domain/staff/permissions.ts";
import type { Services } from "../services.ts";
import { REST_ACCESS } from "./access.ts";
import { authRoutes } from "./auth.ts";
import { courseRoutes } from "./courses.ts";
import { enrollmentRoutes } from "./enrollments.ts";
import { HttpError, restContext } from "./graphql.ts";
import { invoiceRoutes } from "./invoices.ts";
import { learnerRoutes } from "./learners.ts";
import { DOCS_PREFIX, describeAccess, openApiRoutes, registerOpenApi } from "./openapi.ts";
import { paymentRoutes } from "./payments.ts";
import { reportRoutes } from "./reports.ts";
import { staffRoutes } from "./staff.ts";
import { trackRoutes } from "./tracks.ts";

/** The REST facade (docs/product.md, REST routes) in its own Fastify scope: multipart parsing and `{message}` errors apply only here. */
export async function registerRest(app: FastifyInstance, services: Services) {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024 } });
    // The routes' request schemas describe the input in the OpenAPI document; they do not refuse requests. Each route
    // reads its input itself and refuses it with the product's own texts ("First name is required.", "page must be a
    // whole number from 1.", a 404 for an id that is not a UUID), which a schema validator's messages would replace.
    scope.setValidatorCompiler(() => () => true);
    // The routes read JSON or multipart bodies (one reads a form, rest/auth.ts): any other type is a 415, as documented,
    // not plain text handed to a route that expects an object.
    scope.removeContentTypeParser("text/plain");

    scope.setErrorHandler((error: FastifyError, req, reply) => {
      // Every refusal answers `{message, errors}`, the shape the web clients read.
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

    // Every route has an entry in the access table (a route without one stops the server at start), and the caller is
    // checked against it before the body is read or the handler runs. The table also gives the route's `security`
    // and 401/403 answers in the OpenAPI document.
    const methodsByPath = new Map<string, Set<string>>();
    scope.addHook("onRoute", (route) => {
      // The docs page's own routes (outside production) are public; only that prefix as a whole path segment.
      const docsPage = route.url === DOCS_PREFIX || route.url.startsWith(`${DOCS_PREFIX}/`);
      if (route.config?.methodNotAllowed || docsPage) return;
      const methods = [route.method].flat();
      for (const method of methods) {
        if (method !== "HEAD" && !(routeKey(method, route.url) in REST_ACCESS)) {
          throw new Error(`REST route ${routeKey(method, route.url)} has no entry in api/src/rest/access.ts`);
        }
      }
      const known = methodsByPath.get(route.url) ?? new Set<string>();
      for (const method of methods) known.add(method);
      methodsByPath.set(route.url, known);
      const method = methods.find((m) => m !== "HEAD");
      if (method) describeAccess(route, REST_ACCESS[routeKey(method, route.url)] as Audience);
    });
    scope.addHook("onRequest", async (req) => {
      const method = req.method === "HEAD" ? "GET" : req.method;
      const audience = REST_ACCESS[routeKey(method, req.routeOptions.url ?? "")];
      if (!audience || audience === "anyone") return;
      requireAudience(audience, (await restContext(services, req)).viewer);
    });

    await registerOpenApi(scope);
    await authRoutes(scope, services);
    await reportRoutes(scope, services);
    await paymentRoutes(scope, services);
    await trackRoutes(scope, services);
    await courseRoutes(scope, services);
    await invoiceRoutes(scope, services);
    await learnerRoutes(scope, services);
    await enrollmentRoutes(scope, services);
    await staffRoutes(scope, services);
    await openApiRoutes(scope, { docsPage: services.config.env !== "production" });
    methodNotAllowedRoutes(scope, methodsByPath);
  });
}

const METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"];

/**
 * A method a known path does not have answers 405 with an `Allow` header, in the `{message, errors}` shape (not the
 * 404 of an unknown path). It answers before the body is read, so the body's type does not matter.
 */
function methodNotAllowedRoutes(scope: FastifyInstance, methodsByPath: Map<string, Set<string>>) {
  for (const [url, known] of methodsByPath) {
    const missing = METHODS.filter((method) => !known.has(method));
    if (!missing.length) continue;
    const allow = METHODS.filter((method) => known.has(method)).join(", ");
    scope.route({
      method: missing,
      url,
      schema: { hide: true },
      config: { methodNotAllowed: true },
      onRequest: async (req, reply) => {
        const message = `${req.method} is not allowed here. Allowed: ${allow}.`;
        return reply
          .code(405)
          .header("allow", allow)
          .send({ message, errors: [{ message }] });
      },
      handler: async () => undefined,
    });
  }
}

/** `POST /api/tracks/{id}`: a route as the access table and the OpenAPI document name it. */
function routeKey(method: string, url: string): string {
  return `${method} ${url.replace(/:(\w+)/g, "{$1}")}`;
}
