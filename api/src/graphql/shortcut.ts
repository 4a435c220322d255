import { createGraphQLError, type GraphQLParams, processRegularResult } from "graphql-yoga";
import type { Logger } from "../logger.ts";
import type { ServerContext, Yoga } from "./yoga.ts";

/**
 * The two ways a client asks for one JSON answer that the shortcut serves, and the media type Yoga answers each with:
 * the web app's (`web/src/shared/relay/environment.ts`) and plain `application/json`. Any other Accept goes the whole
 * way through Yoga, which negotiates it.
 */
const ANSWERED_AS = new Map([
  ["application/graphql-response+json, application/json", "application/graphql-response+json"],
  ["application/json", "application/json"],
]);
const JSON_BODY = /^application\/json(?:;\s*charset=utf-8)?$/i;
/** Event streams and incremental delivery are Yoga's: a document naming either goes the whole way. */
const NOT_ONE_ANSWER = /\bsubscription\b|@defer\b|@stream\b/;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/**
 * Whether a request body holds well-formed GraphQL-over-HTTP parameters, by the rules Yoga refuses a request with (400)
 * before it runs anything: no parameter but query, variables, operationName and extensions (another one may be null), a
 * string query, variables and extensions each an object or null, and an operation name that is a string or null
 * (graphql-js cannot pick an operation by anything else). Whatever answers a request without Yoga's HTTP layer (the
 * shortcut below, the public cache's kept bytes: http/public-cache.ts) answers only these, so a malformed request gets
 * Yoga's 400 whether or not its query was answered before.
 */
export function wellFormedParams(body: unknown): body is Record<string, unknown> & { query: string } {
  if (!isPlainObject(body)) return false;
  for (const [key, value] of Object.entries(body)) if (!GRAPHQL_PARAMS.has(key) && value != null) return false;
  const { query, variables, operationName, extensions } = body;
  if (typeof query !== "string") return false;
  if (variables != null && !isPlainObject(variables)) return false;
  if (extensions != null && !isPlainObject(extensions)) return false;
  return operationName == null || typeof operationName === "string";
}
const GRAPHQL_PARAMS = new Set(["query", "variables", "operationName", "extensions"]);

export interface PlainOperation {
  params: GraphQLParams;
  mediaType: string;
}

/**
 * A signed-in request that is one ordinary operation, JSON in and JSON out, with nothing Yoga's HTTP layer would need
 * to decide (its parameters already well-formed, an Accept the shortcut knows, no extensions, no subscription or
 * incremental delivery), or null. Anonymous requests always go through Yoga: its response cache keeps their answers.
 */
export function plainSignedInOperation(req: {
  method: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}): PlainOperation | null {
  const { headers, body } = req;
  if (req.method !== "POST" || !headers.authorization) return null;
  if (typeof headers["content-type"] !== "string" || !JSON_BODY.test(headers["content-type"])) return null;
  const mediaType = ANSWERED_AS.get(String(headers.accept ?? ""));
  if (!mediaType || !wellFormedParams(body)) return null;
  for (const key of Object.keys(body)) if (key !== "query" && key !== "variables" && key !== "operationName") return null;
  const { query, variables, operationName } = body;
  if (NOT_ONE_ANSWER.test(query)) return null;
  return {
    params: {
      query,
      variables: (variables as Record<string, unknown> | null) ?? undefined,
      operationName: (operationName as string | null) ?? undefined,
    },
    mediaType,
  };
}

/** The URL the shortcut's Fetch API request carries (nothing reads it; the Host header is the client's to make up). */
const GRAPHQL_URL = "http://localhost/graphql";

/**
 * Runs a plain operation through Yoga's own operation pipeline (its parameter hooks, the parser and validation caches,
 * GraphQL Armor, masked errors, the same context) and answers it with Yoga's own result processing (the Response Yoga
 * would send: status, media type, body; the HTTP layer sends it as it sends Yoga's), without Yoga's HTTP layer:
 * building a Fetch API request from Node's, parsing the URL and the body again, its request hooks and a Fetch API
 * response. That layer was a measurable share of a signed-in request's CPU under the bench's load (`npm run
 * bench:profile`; the figures are in README.md, "Performance"; docs/ARCHITECTURE.md, "A request").
 */
export async function answerPlainOperation(
  yoga: Yoga,
  operation: PlainOperation,
  headers: Record<string, string | string[] | undefined>,
  context: ServerContext,
  logger: Logger,
): Promise<Response> {
  const request = new yoga.fetchAPI.Request(GRAPHQL_URL, { method: "POST", headers: headers as Record<string, string> });
  let result: Awaited<ReturnType<Yoga["getResultForParams"]>>;
  try {
    result = await yoga.getResultForParams({ params: operation.params, request }, context);
  } catch (error) {
    // Yoga answers an error thrown outside the resolvers (they return theirs in the result) as an unexpected one.
    logger.error({ err: error }, "unexpected error running a GraphQL operation");
    result = {
      errors: [createGraphQLError("Unexpected error.", { extensions: { code: "INTERNAL_SERVER_ERROR", http: { status: 500 } } })],
    };
  }
  return processRegularResult(result ?? { errors: [] }, yoga.fetchAPI, operation.mediaType);
}
