import type {
  FastifyContextConfig,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteOptions as FastifyRouteOptions,
  FastifySchema,
} from "fastify";
import { type DocumentNode, type ExecutionResult, execute, GraphQLError, parse, validate } from "graphql";
import {
  AppError,
  ConflictError,
  ForbiddenError,
  NotAuthenticatedError,
  NotFoundError,
  RateLimitError,
  ValidationError,
} from "../domain/errors.ts";
import { IMAGE_MESSAGES } from "../domain/images.ts";
import type { Context, Viewer } from "../graphql/context.ts";
import { schema } from "../graphql/schema/index.ts";
import { requestInfo, viewerFromAuthorization } from "../http/request.ts";
import type { Services } from "../services.ts";
import { storageFailure } from "../storage/failure.ts";
import { listQuery } from "./input.ts";
import { PAGE_SIZE, pageInfo } from "./json.ts";

/**
 * The REST pipeline: every REST route is declared here, through `restRoutes(scope, services)`, as one of two kinds.
 *
 * - `graphql` (almost every route): the route parses its input (rest/input.ts), runs a GraphQL operation in-process as
 *   the request's viewer, and shapes the answer (rest/json.ts). Both APIs so share one set of rules and one
 *   authorization.
 * - `domain`: the route calls the domain itself, where an operation cannot serve. These are only: GET /api/tracks
 *   (the whole catalogue in one SQL statement, more than a GraphQL page), the payment provider's webhook (raw signed
 *   bytes, answered at once, the work queued), and what calls no core at all (the unlock page, the OpenAPI document).
 *
 * A failure of either kind is thrown and answered in one place (`answerError`): the status is the error's own
 * (`AppError.status`); a GraphQL typed error result becomes the AppError it was (`errorOf`). Only answers whose
 * documented shape is not `{message, errors}` are replied by the route itself (verify-payment without a reference,
 * the webhook's, the unlock page's).
 */

type Method = "GET" | "POST" | "PUT" | "DELETE";
type Kind = "graphql" | "domain";

declare module "fastify" {
  interface FastifyContextConfig {
    /** How the route reaches the core: set by `restRoutes`, required of every REST route (`requireDeclared`). */
    restKind?: Kind;
  }
}

export interface RestContext {
  services: Services;
  viewer: Viewer | null;
  req: FastifyRequest;
}

const contexts = new WeakMap<FastifyRequest, Promise<RestContext>>();

/** The request's viewer and services; the session is looked up once per request (the access check reads it first). */
export function restContext(services: Services, req: FastifyRequest): Promise<RestContext> {
  let context = contexts.get(req);
  if (!context) {
    context = viewerFromAuthorization(services, req.headers.authorization).then((viewer) => ({ services, viewer, req }));
    contexts.set(req, context);
  }
  return context;
}

/** What a `domain` route's handler gets. */
export interface DomainCall {
  req: FastifyRequest;
  reply: FastifyReply;
  services: Services;
}

/** What a `graphql` route's handler gets: the operation runners, bound to the request's viewer. */
export interface GraphqlCall extends DomainCall {
  /** Runs a query (or a mutation whose errors the route reads itself) and returns its data. */
  query<T = any>(source: string, variables?: Record<string, unknown>): Promise<T>;
  /** Runs a mutation selecting `result: <field> { ${ERROR_FIELDS} ... }`: returns the payload, throws a typed error. */
  mutate<T = any>(source: string, variables?: Record<string, unknown>): Promise<T>;
  /**
   * A back-office table page (`?search=&page=`, 10 a page): runs `source` with `$page` and `$first` (and `$search`,
   * or instead what `variables` reads once the page is read), answers `{[key ?? field]: rows, page, totalPages, total}`.
   */
  page(
    source: string,
    field: string,
    shape: (node: any) => unknown,
    options?: { key?: string; variables?: () => Record<string, unknown> },
  ): Promise<Record<string, unknown>>;
}

interface RouteOptions<Call> {
  /** One method, or GET with HEAD (`["GET", "HEAD"]`) for a route that answers HEAD itself without reading a body. */
  method: Method | ["GET", "HEAD"];
  url: string;
  /** TypeBox schemas of params, query, body and answers: the OpenAPI document's one source (rest/schemas.ts). */
  schema: FastifySchema;
  config?: FastifyContextConfig;
  handle: (call: Call) => Promise<unknown>;
}

/** The route declarations of a scope: `route.graphql({...})` or `route.domain({...})`. */
export function restRoutes(app: FastifyInstance, services: Services) {
  const declare = <Call>(kind: Kind, options: RouteOptions<Call>, call: (req: FastifyRequest, reply: FastifyReply) => Call) =>
    app.route({
      method: options.method,
      url: options.url,
      schema: options.schema,
      config: { ...options.config, restKind: kind },
      handler: (req, reply) => options.handle(call(req, reply)),
    });
  return {
    graphql: (options: RouteOptions<GraphqlCall>) => declare("graphql", options, (req, reply) => graphqlCall(services, req, reply)),
    domain: (options: RouteOptions<DomainCall>) => declare("domain", options, (req, reply) => ({ req, reply, services })),
  };
}

/** Stops the server at start when a REST route is declared some other way than through `restRoutes`. */
export function requireDeclared(route: FastifyRouteOptions) {
  if (!route.config?.restKind) {
    throw new Error(
      `REST route ${[route.method].flat().join(", ")} ${route.url} is not declared through restRoutes (api/src/rest/pipeline.ts)`,
    );
  }
}

function graphqlCall(services: Services, req: FastifyRequest, reply: FastifyReply): GraphqlCall {
  const query = async <T>(source: string, variables: Record<string, unknown> = {}) =>
    run<T>(await restContext(services, req), source, variables);
  return {
    req,
    reply,
    services,
    query,
    mutate: async (source, variables) => payloadOf((await query<{ result: ErrorResult }>(source, variables)).result),
    page: async (source, field, shape, options = {}) => {
      const { search, page } = listQuery(req);
      const data = await query<Record<string, { totalCount: number; edges: { node: unknown }[] }>>(source, {
        ...(options.variables ? options.variables() : { search }),
        page,
        first: PAGE_SIZE,
      });
      const connection = data[field] as { totalCount: number; edges: { node: unknown }[] };
      return { [options.key ?? field]: connection.edges.map((edge) => shape(edge.node)), ...pageInfo(page, connection.totalCount) };
    },
  };
}

// --- GraphQL in-process ------------------------------------------------------------------------------------------

const documents = new Map<string, DocumentNode>();

function document(source: string): DocumentNode {
  let doc = documents.get(source);
  if (!doc) {
    doc = parse(source);
    const errors = validate(schema, doc);
    if (errors.length) throw new Error(`REST operation is invalid: ${errors.map((e) => e.message).join("; ")}`);
    documents.set(source, doc);
  }
  return doc;
}

/**
 * Runs an operation as the request's viewer and returns its data. A resolver's own error is thrown as it is (an
 * AppError answers with its status; anything else is a server error); a value GraphQL could not coerce (which
 * rest/input.ts should already have refused) is a 400, not a server error.
 */
async function run<T>(ctx: RestContext, source: string, variables: Record<string, unknown>): Promise<T> {
  const contextValue: Context = { services: ctx.services, viewer: ctx.viewer, client: requestInfo(ctx.req) };
  const result = (await execute({ schema, document: document(source), variableValues: variables, contextValue })) as ExecutionResult;
  const error = result.errors?.[0];
  if (error) {
    const original = error.originalError;
    if (original && !(original instanceof GraphQLError)) throw original;
    throw new ValidationError(original?.message ?? error.message);
  }
  return result.data as T;
}

/** The selection every mutation result union needs for `mutate` (and `payloadOf`). */
export const ERROR_FIELDS = `__typename ... on Error { message } ... on ValidationError { fieldErrors { field message } } ... on RateLimitError { retryAfterSeconds }`;

interface ErrorResult {
  __typename: string;
  message: string;
  fieldErrors?: { field: string; message: string }[];
  retryAfterSeconds?: number;
}

/**
 * The typed error a mutation answered with, as the domain error it was: GraphQL names the type after the class
 * (graphql/schema/errors.ts), and the class carries the HTTP status. The one mapping from GraphQL errors to REST.
 */
function errorOf(result: ErrorResult): AppError | null {
  switch (result.__typename) {
    case "ValidationError":
      return new ValidationError(
        result.message,
        (result.fieldErrors ?? []).map((e) => ({ field: e.field, message: e.message })),
      );
    case "NotAuthenticatedError":
      return new NotAuthenticatedError(result.message);
    case "ForbiddenError":
      return new ForbiddenError(result.message);
    case "NotFoundError":
      return new NotFoundError(result.message);
    case "ConflictError":
      return new ConflictError(result.message);
    case "RateLimitError":
      return new RateLimitError(result.retryAfterSeconds ?? 1, result.message);
    default:
      return null;
  }
}

/**
 * A mutation's payload, or its typed error thrown. Throwing rather than replying keeps a route from answering twice:
 * its async handler returns after this call, and Fastify would send what it returns as a second answer.
 */
export function payloadOf<T = any>(result: ErrorResult): T {
  const error = errorOf(result);
  if (error) throw error;
  return result as T;
}

// --- the answer to a failure -------------------------------------------------------------------------------------

/** The REST scope's error handler: every refusal answers `{message, errors}`, the shape the web clients read. */
export function answerError(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const fail = (status: number, message: string, errors: { field?: string; message: string }[] = [{ message }]) =>
    reply.code(status).send({ message, errors });
  if (error instanceof AppError) {
    if (error instanceof RateLimitError) reply.header("retry-after", String(error.retryAfterSeconds));
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
  // A full disk or an unreachable bucket passes: the client is told so, and when to try again.
  const storage = storageFailure(error);
  if (storage) {
    req.log.error({ err: error }, "storage failure in a REST route");
    reply.header("retry-after", String(storage.retryAfterSeconds));
    return fail(storage.status, storage.message);
  }
  req.log.error({ err: error }, "unexpected error in a REST route");
  return reply.code(500).send({ message: "Something went wrong. Please try again." });
}
