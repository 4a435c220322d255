import { randomUUID } from "node:crypto";
import { EnvelopArmorPlugin } from "@escape.tech/graphql-armor";
import { useCSRFPrevention } from "@graphql-yoga/plugin-csrf-prevention";
import { useResponseCache } from "@graphql-yoga/plugin-response-cache";
import { type DocumentNode, execute, GraphQLError, NoSchemaIntrospectionCustomRule, type ValidationContext } from "graphql";
import type { Plugin } from "graphql-yoga";
import { createGraphQLError, createYoga, maskError as defaultMaskError, isAsyncIterable, type YogaServerInstance } from "graphql-yoga";
import { BoundedCache } from "../cache/bounded.ts";
import { operationKey } from "../cache/public-cache.ts";
import { AppError } from "../domain/errors.ts";
import { MAX_IMAGE_BYTES } from "../domain/images.ts";
import type { Services } from "../services.ts";
import { storageFailure } from "../storage/failure.ts";
import type { Context, RequestInfo, Viewer } from "./context.ts";
import { renderGraphiqlPage } from "./graphiql.ts";
import { schema } from "./schema/index.ts";

export interface ServerContext {
  viewer: Viewer | null;
  client: RequestInfo;
}

export type Yoga = YogaServerInstance<ServerContext, Context>;

/** In production the schema is not introspectable (the committed schema.graphql documents it). */
const disableIntrospection: Plugin = {
  onValidate({ addValidationRule }) {
    addValidationRule(NoSchemaIntrospectionCustomRule);
  },
};

/**
 * Operations run on graphql-js's own executor, not Yoga's default (@graphql-tools/executor, whose extra is @defer and
 * @stream, which this schema does not declare): the same execution rules with less bookkeeping a field, so less CPU and garbage a signed-in request (measured with
 * `npm run bench:profile`; the figures are in README.md, "Performance"). Listed first, so the response cache wraps it. Subscriptions keep
 * Yoga's executor.
 */
export const graphqlJsExecution: Plugin = {
  onExecute({ setExecuteFn }) {
    setExecuteFn(execute);
  },
};

/**
 * Request parameters Yoga itself would let through. Yoga checks every parameter's type before it runs anything (400)
 * except the operation name's, which only graphql-js's operation resolution refuses: a query its response cache kept
 * would be answered (200) before that, so it is refused here first, in Yoga's words. And a request that names a
 * persisted query by its hash alone (Apollo's automatic persisted queries) gets the answer APQ clients know, which
 * makes them send the query text from then on, instead of "Must provide query string.": this server keeps no
 * persisted queries. Like a validation error, that is 400 under `application/graphql-response+json` and 200 under
 * `application/json` (what Apollo Server answers, and older clients read an error body only from a 200).
 */
const requestParams: Plugin = {
  onParams({ params }) {
    const name: unknown = params.operationName;
    if (name != null && typeof name !== "string") {
      const given = Array.isArray(name) ? "array" : typeof name;
      throw createGraphQLError(`Expected "operationName" param to be a string or null, but given ${given}.`, {
        extensions: { http: { status: 400 }, code: "BAD_REQUEST" },
      });
    }
    if (params.query == null && params.extensions?.persistedQuery != null) {
      throw createGraphQLError("PersistedQueryNotSupported", {
        extensions: { http: { status: 400, spec: true }, code: "PERSISTED_QUERY_NOT_SUPPORTED" },
      });
    }
  },
};

/**
 * graphql-js stops validating a document whose fields would take more than its budget of comparisons to check for
 * conflicts (OverlappingFieldsCanBeMergedRule, 500,000: e.g. 708 `__typename` in one selection set, each under every
 * limit above) with the bare message "Validation aborted.", and after 100 errors (validate's maxErrors). Both refusals
 * are reported like graphql-armor's, naming the limit that stopped them.
 */
export const VALIDATION_LIMITS = { fieldComparisons: 500_000, maxErrors: 100 } as const;
const namedValidationLimits: Plugin = {
  onValidate() {
    return ({ valid, result, setResult }) => {
      if (valid) return;
      const named = (message: string) =>
        new GraphQLError(message, { extensions: { code: "QUERY_TOO_COMPLEX", http: { status: 400, spec: true } } });
      setResult(
        result.map((error) => {
          if (error.message === "Validation aborted.")
            return named(
              `Field comparison limit of ${VALIDATION_LIMITS.fieldComparisons} exceeded: the query repeats fields too often to validate (ask for each field once).`,
            );
          if (/^Too many validation errors, error limit reached\./.test(error.message))
            return named(`Validation error limit of ${VALIDATION_LIMITS.maxErrors} exceeded: validation stopped.`);
          return error;
        }),
      );
    };
  },
};

/**
 * GraphQL Armor's limits, applied before execution: the API's one query-cost limiter (the refusals name the limit, as
 * QUERY_TOO_COMPLEX validation errors; see reportRefusal). maxDepth counts field nesting with fragments flattened (Relay
 * composes every screen from fragments, which graphql-armor would otherwise count as levels): 6 is the deepest the web
 * app sends (reliability/graphql-http.test.ts measures it from the Relay artifacts), so a query 7 deep is refused.
 */
export const ARMOR_LIMITS = {
  maxDepth: 6,
  maxAliases: 15,
  maxTokens: 2000,
  maxDirectives: 20,
  maxCost: 5000,
} as const;

/**
 * The largest request body Yoga reads (it buffers multipart uploads): one image plus the operation. Larger bodies are
 * refused as soon as this many bytes have arrived, whatever Content-Length says (Yoga's default is 25 MB).
 */
export const MAX_GRAPHQL_BODY_BYTES = MAX_IMAGE_BYTES + 1024 * 1024;

/**
 * Yoga keeps parsed operations (and parse errors) by their text. Bounded by bytes: a parsed document takes many times
 * its text (counted twenty times here), and an operation's text can be as large as the request body allows.
 */
const parsedOperations = () => {
  const cache = <V>() => new BoundedCache<V>({ maxBytes: 16 * 1024 * 1024, maxEntries: 1000 }, (key) => 20 * key.length);
  return { documentCache: cache<DocumentNode>(), errorCache: cache<unknown>() };
};

/**
 * graphql-armor throws its refusals from inside validation with a "Syntax Error:" prefix, which Yoga answers like an
 * executed request (200). Reported as validation errors instead, with a plain message, they are answered like any
 * invalid document: 400 under `Accept: application/graphql-response+json`, 200 under `application/json`.
 */
const reportRefusal = {
  propagateOnRejection: false,
  onReject: [
    (context: ValidationContext | null, error: GraphQLError) => {
      const refusal = new GraphQLError(error.message.replace(/^Syntax Error: /, ""), { extensions: { code: "QUERY_TOO_COMPLEX" } });
      // These are validation rules, which always have a context; without one the refusal must still stop the request.
      if (!context) throw refusal;
      context.reportError(refusal);
    },
  ],
};

/**
 * The kind and status of an expected failure in an answer (an AppError thrown by a resolver: a refusal, a malformed
 * id, a missing record), before masking (its original error) or after it (maskError keeps them as extensions); null
 * for anything else.
 */
function expectedFailure(error: unknown): { kind: string; status: number } | null {
  const original = error instanceof GraphQLError ? error.originalError : error;
  if (original instanceof AppError) return { kind: original.name, status: original.status };
  const extensions = error instanceof GraphQLError ? error.extensions : undefined;
  if (typeof extensions?.code === "string" && typeof extensions.status === "number") {
    return { kind: extensions.code, status: extensions.status };
  }
  return null;
}

export const EXPECTED_ERRORS_LOGGED = "expected errors in a GraphQL answer";

/** One line for the expected failures of one answer, however many (a `nodes(ids:)` call may hold a thousand). */
function logExpectedFailures(result: unknown, args: { contextValue: unknown; operationName?: string | null }) {
  if (!result || isAsyncIterable(result)) return;
  const errors = (result as { errors?: readonly GraphQLError[] }).errors;
  if (!errors?.length) return;
  const kinds: Record<string, number> = {};
  let count = 0;
  let worst = 0;
  let first: GraphQLError | undefined;
  for (const error of errors) {
    const failure = expectedFailure(error);
    if (!failure) continue;
    count += 1;
    kinds[failure.kind] = (kinds[failure.kind] ?? 0) + 1;
    worst = Math.max(worst, failure.status);
    first ??= error;
  }
  if (!count) return;
  const context = args.contextValue as Partial<Context>;
  const log = context.client?.log ?? context.services?.logger;
  const entry = {
    graphqlErrors: {
      count,
      kinds,
      operation: args.operationName ?? undefined,
      first: { message: first?.message, path: first?.path?.join(".") },
    },
  };
  // A provider that failed (PaymentProviderError, 502) is worth a look; refusals and bad input are the callers'.
  if (worst >= 500) log?.warn(entry, EXPECTED_ERRORS_LOGGED);
  else log?.info(entry, EXPECTED_ERRORS_LOGGED);
}

/**
 * Logs an answer's expected failures (refusals, bad ids) once per operation, at info (warn for a failed provider), with
 * the request's id; Yoga's own per-error line for them is dropped (see `logging` below). Error level is for faults.
 */
const logExpectedErrors: Plugin = {
  onExecute({ args }) {
    return { onExecuteDone: ({ result }) => logExpectedFailures(result, args) };
  },
  onSubscribe({ args }) {
    return { onSubscribeResult: ({ result }) => logExpectedFailures(result, args) };
  },
};

/** The GraphQL endpoint. The HTTP layer resolves the viewer (bearer token) and passes it in the server context. */
/**
 * Root fields whose answers are never kept in the public cache: link checks by token, which change when the link is
 * used or sent again without any write clearing the cache, and a draft's preview (trackPreview), which only its
 * token's holder may see, and a certificate's verification (certificate), which a revocation changes. A field is named in the query text whatever its alias,
 * so a match on the text catches every way of asking (a match elsewhere, in a string, only skips the cache).
 */
const NEVER_KEPT = /\b(?:staffInvitation|passwordResetLink|trackPreview|certificate)\b/;
const NEVER_KEPT_KEY = "never-kept:";
/**
 * The key Yoga's response cache is given for a signed-in request, which it never reads nor stores (`enabled`): the
 * plugin asks for a key on every request, and normalising and hashing the operation would cost a signed-in request CPU for
 * nothing (it shows in `npm run bench:profile`).
 */
export const SIGNED_IN_KEY = "signed-in";
const anonymous = (request: Request) => !request.headers.get("authorization");

/**
 * Requests a cross-site page can send without a preflight (a form's multipart, urlencoded or text/plain POST) need a
 * header such a page cannot set. GET is left out: it only runs queries (a mutation over GET is refused with 405), and
 * sessions are bearer tokens the app sends itself, never cookies a browser would attach, so a cross-site GET reads what
 * anyone may read. GraphQL-over-HTTP clients send GET queries without our header (graphql-http's audits).
 */
const requireCsrfHeader = useCSRFPrevention({ requestHeaders: ["x-graphql-yoga-csrf"] });
const csrfPrevention: Plugin = {
  onRequestParse(payload) {
    if (payload.request.method === "GET") return;
    return requireCsrfHeader.onRequestParse?.(payload);
  },
};

/** The response cache's key: what an anonymous answer depends on (see SIGNED_IN_KEY and NEVER_KEPT). */
export function responseCacheKey(args: {
  documentString: string;
  operationName?: string | null;
  variableValues?: unknown;
  request: Request;
}) {
  if (!anonymous(args.request)) return SIGNED_IN_KEY;
  if (NEVER_KEPT.test(args.documentString)) return `${NEVER_KEPT_KEY}${randomUUID()}`;
  // The operation without its spacing and comments, its name and variables.
  return operationKey(args.documentString, args.operationName, args.variableValues) ?? `unparsable:${args.documentString}`;
}

export function createGraphqlServer(services: Services): Yoga {
  const production = services.config.env === "production";
  return createYoga<ServerContext, Context>({
    schema,
    graphqlEndpoint: "/graphql",
    graphiql: !production,
    // GraphiQL's files come from this server (graphiql.ts), not from a CDN.
    renderGraphiQL: renderGraphiqlPage,
    landingPage: false,
    // Browsers reach the API from its own origin only; Yoga would otherwise answer any Origin (with credentials).
    cors: false,
    maxRequestBodySize: MAX_GRAPHQL_BODY_BYTES,
    parserAndValidationCache: parsedOperations(),
    logging: {
      debug: (...args) => services.logger.debug({ args }, "yoga"),
      info: (...args) => services.logger.info({ args }, "yoga"),
      warn: (...args) => services.logger.warn({ args }, "yoga"),
      // Yoga writes every error maskError replaced here, one line each: for expected failures that was an error line per
      // refusal and per bad id in `nodes(ids:)`. logExpectedErrors writes those once per operation instead.
      error: (...args) => {
        if (args.length && args.every((arg) => expectedFailure(arg))) return;
        services.logger.error({ args }, "yoga");
      },
    },
    // Expected failures are typed results; anything thrown is unexpected: logged, and masked in production.
    maskedErrors: {
      isDev: !production,
      maskError(error, message, isDev) {
        const original = error instanceof GraphQLError ? error.originalError : error;
        // Expected failures on fields without typed error results (queries) keep their message and say their kind.
        if (original instanceof AppError) {
          return new GraphQLError(original.message, {
            nodes: error instanceof GraphQLError ? error.nodes : undefined,
            path: error instanceof GraphQLError ? error.path : undefined,
            extensions: { code: original.name, status: original.status },
          });
        }
        // A full disk or an unreachable bucket: said so, with when to try again (REST answers it 503/507).
        const storage = storageFailure(original);
        if (storage) {
          services.logger.error({ err: original }, "storage failure in a resolver");
          return new GraphQLError(storage.message, {
            nodes: error instanceof GraphQLError ? error.nodes : undefined,
            path: error instanceof GraphQLError ? error.path : undefined,
            extensions: { code: "STORAGE_UNAVAILABLE", status: storage.status, retryAfterSeconds: storage.retryAfterSeconds },
          });
        }
        if (original && !(original instanceof GraphQLError)) {
          services.logger.error({ err: original }, "unexpected error in a resolver");
        }
        return defaultMaskError(error, message, isDev);
      },
    },
    context: ({ viewer, client }) => ({ services, viewer, client }),
    plugins: [
      graphqlJsExecution,
      logExpectedErrors,
      // Before the response cache, which answers a kept query from onParams.
      requestParams,
      namedValidationLimits,
      csrfPrevention,
      EnvelopArmorPlugin({
        maxDepth: { n: ARMOR_LIMITS.maxDepth, flattenFragments: true, ...reportRefusal },
        // Every alias counts, `__typename` too (graphql-armor lets those through by default).
        maxAliases: { n: ARMOR_LIMITS.maxAliases, allowList: [], ...reportRefusal },
        maxTokens: { n: ARMOR_LIMITS.maxTokens },
        maxDirectives: { n: ARMOR_LIMITS.maxDirectives, ...reportRefusal },
        // Fragments flattened here too: a Relay screen nests fragments three or four deep, and counting each spread as a
        // level priced the portal (nine enrollment cards, each with its certificate) at 9,200 for 5,000 of real fields.
        costLimit: { maxCost: ARMOR_LIMITS.maxCost, flattenFragments: true, ...reportRefusal },
        blockFieldSuggestion: { enabled: production },
      }),
      ...(production ? [disableIntrospection] : []),
      // Anonymous queries (the public catalogue) are answered from memory until public data changes
      // (api/src/cache/public-cache.ts); signed-in requests always run. Results with errors are never stored.
      useResponseCache({
        cache: services.publicCache.store,
        ttl: services.publicCache.ttlMs,
        session: () => null,
        enabled: anonymous,
        // An invitation link's preview changes when the link is used or sent again, and no write clears the cache for
        // it: never kept (an answer this refuses gets no ETag, so the HTTP layer does not keep its bytes either).
        // The same for a reset link's state (passwordResetLink), which using or replacing the link changes: a query
        // naming either field (under any alias) gets a key of its own that is never stored (NEVER_KEPT).
        shouldCacheResult: ({ cacheKey, result }) =>
          !cacheKey.startsWith(NEVER_KEPT_KEY) && !result.errors?.length && !(result.data && "staffInvitation" in result.data),
        // Left on: with it off the plugin would store mutation results too. Writes clear the cache in the domain.
        invalidateViaMutation: true,
        includeExtensionMetadata: false,
        // What the answer depends on: the operation without its spacing and comments, its name and variables.
        buildResponseCacheKey: responseCacheKey,
      }),
    ],
  });
}
