import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { type Audience, requireAudience } from "../domain/staff/permissions.ts";
import type { Services } from "../services.ts";
import { REST_ACCESS } from "./access.ts";
import { learnerRoutes } from "./accounts/learners.ts";
import { passwordRoutes } from "./accounts/passwords.ts";
import { profileRoutes } from "./accounts/profile.ts";
import { sessionRoutes } from "./accounts/sessions.ts";
import { signUpRoutes } from "./accounts/signup.ts";
import { courseRoutes } from "./catalogue/courses.ts";
import { trackRoutes } from "./catalogue/tracks.ts";
import { cohortRoutes } from "./cohorts/cohorts.ts";
import { couponRoutes } from "./coupons/coupons.ts";
import { invoicePdfRoutes } from "./invoices/invoice-pdf.ts";
import { invoiceRoutes } from "./invoices/invoices.ts";
import { refundRoutes } from "./invoices/refunds.ts";
import { certificateRoutes } from "./learning/certificates.ts";
import { enrollmentRoutes } from "./learning/enrollments.ts";
import { lessonMediaRoutes } from "./learning/lesson-media.ts";
import { lessonRoutes } from "./learning/lessons.ts";
import { DOCS_PREFIX, describeAccess, openApiRoutes, registerOpenApi } from "./openapi.ts";
import { paymentRoutes } from "./payments/payments.ts";
import { paymentPlanRoutes } from "./payments/plans.ts";
import { settlementRoutes } from "./payments/settlement.ts";
import { answerError, requireDeclared, restContext } from "./pipeline.ts";
import { reportRoutes } from "./reports/reports.ts";
import { settingsRoutes } from "./settings/settings.ts";
import { staffRoutes } from "./staff/staff.ts";

/** The REST facade (docs/product.md, REST routes) in its own Fastify scope: multipart parsing and `{message}` errors apply only here. */
export async function registerRest(app: FastifyInstance, services: Services) {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024 } });
    // The routes' request schemas describe the input in the OpenAPI document; they do not refuse requests. Each route
    // reads its input itself and refuses it with the product's own texts ("First name is required.", "page must be a
    // whole number from 1.", a 404 for an id that is not a UUID), which a schema validator's messages would replace.
    scope.setValidatorCompiler(() => () => true);
    // The routes read JSON or multipart bodies (one reads a form, rest/accounts/sessions.ts): any other type is a 415, as documented,
    // not plain text handed to a route that expects an object.
    scope.removeContentTypeParser("text/plain");

    // Every failure is answered from the error itself (rest/pipeline.ts): `{message, errors}` with its status.
    scope.setErrorHandler(answerError);

    // Every route is declared through the pipeline (rest/pipeline.ts) and has an entry in the access table (a route
    // without either stops the server at start), and the caller is
    // checked against it before the body is read or the handler runs. The table also gives the route's `security`
    // and 401/403 answers in the OpenAPI document.
    const methodsByPath = new Map<string, Set<string>>();
    scope.addHook("onRoute", (route) => {
      // The docs page's own routes (outside production) are public; only that prefix as a whole path segment.
      const docsPage = route.url === DOCS_PREFIX || route.url.startsWith(`${DOCS_PREFIX}/`);
      if (route.config?.methodNotAllowed || docsPage) return;
      requireDeclared(route);
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
    await signUpRoutes(scope, services);
    await passwordRoutes(scope, services);
    await sessionRoutes(scope, services);
    await profileRoutes(scope, services);
    await reportRoutes(scope, services);
    await paymentRoutes(scope, services);
    await paymentPlanRoutes(scope, services);
    await trackRoutes(scope, services);
    await courseRoutes(scope, services);
    await cohortRoutes(scope, services);
    await invoiceRoutes(scope, services);
    await invoicePdfRoutes(scope, services);
    await settlementRoutes(scope, services);
    await settingsRoutes(scope, services);
    await refundRoutes(scope, services);
    await couponRoutes(scope, services);
    await learnerRoutes(scope, services);
    await enrollmentRoutes(scope, services);
    await lessonRoutes(scope, services);
    await lessonMediaRoutes(scope, services);
    await certificateRoutes(scope, services);
    await staffRoutes(scope, services);
    await openApiRoutes(scope, services);
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
