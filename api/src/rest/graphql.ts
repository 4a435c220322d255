import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import type { FastifyReply, FastifyRequest } from "fastify";
import { type DocumentNode, type ExecutionResult, execute, type GraphQLError, parse, validate } from "graphql";
import { AppError } from "../domain/errors.ts";
import type { Context, Viewer } from "../graphql/context.ts";
import { schema } from "../graphql/schema/index.ts";
import { requestInfo, viewerFromAuthorization } from "../http/request.ts";
import type { Services } from "../services.ts";

/**
 * The REST facade runs GraphQL operations in-process, so both APIs share one set of rules and one authorization.
 * This module turns a REST request into an operation and the operation's outcome into the spec's JSON.
 */

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
    context = viewerFromAuthorization(services.db.prisma, req.headers.authorization).then((viewer) => ({ services, viewer, req }));
    contexts.set(req, context);
  }
  return context;
}

/** Runs an operation as the request's viewer and returns its data, throwing the first error as an HTTP error. */
export async function run<T = any>(ctx: RestContext, source: string, variables: Record<string, unknown> = {}): Promise<T> {
  const contextValue: Context = { services: ctx.services, viewer: ctx.viewer, client: requestInfo(ctx.req) };
  const result = (await execute({ schema, document: document(source), variableValues: variables, contextValue })) as ExecutionResult;
  if (result.errors?.length) {
    const error = result.errors[0] as GraphQLError;
    const original = error.originalError;
    if (original instanceof AppError) throw original;
    if (original) throw original;
    throw new HttpError(400, error.message);
  }
  return result.data as T;
}

/**
 * An error with an HTTP status: input the facade refuses before GraphQL sees it, or a typed error result. The REST
 * error handler (rest/index.ts) sends it, so each request gets exactly one answer.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: { field?: string; message: string }[] = [{ message }],
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

interface ErrorResult {
  __typename: string;
  message: string;
  fieldErrors?: { field: string; message: string }[];
  retryAfterSeconds?: number;
}

const STATUS_BY_TYPE: Record<string, number> = {
  ValidationError: 400,
  NotAuthenticatedError: 401,
  ForbiddenError: 403,
  NotFoundError: 404,
  ConflictError: 409,
  RateLimitError: 429,
};

/**
 * A mutation answered with a typed error: throws it as an HttpError (`{message, errors}` with its status, sent by the
 * error handler); otherwise returns the payload. Throwing rather than replying here keeps a route from answering
 * twice: its async handler returns after this call, and Fastify would send what it returns as a second answer.
 */
export function unwrap<T extends { __typename: string }>(_reply: FastifyReply, result: T | ErrorResult): T {
  const status = STATUS_BY_TYPE[result.__typename];
  if (status === undefined) return result as T;
  const error = result as ErrorResult;
  const errors = error.fieldErrors?.length
    ? error.fieldErrors.map((e) => ({ field: e.field, message: e.message }))
    : [{ message: error.message }];
  throw new HttpError(status, error.message, errors, error.retryAfterSeconds);
}

/** The selection every mutation result union needs for `unwrap`. */
export const ERROR_FIELDS = `__typename ... on Error { message } ... on ValidationError { fieldErrors { field message } } ... on RateLimitError { retryAfterSeconds }`;

/** REST speaks database ids (`_id`); GraphQL speaks Relay global ids. */
export function toRawId(globalId: string): string {
  return decodeGlobalID(globalId).id;
}

export function toGlobalId(type: string, rawId: string): string {
  return encodeGlobalID(type, rawId);
}
