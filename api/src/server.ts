import { randomUUID } from "node:crypto";
import type { Socket } from "node:net";
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { Config } from "./config.ts";
import { businessIdentity } from "./domain/settings/settings.ts";
import { CREATE_OWNER_COMMAND, hasActiveOwner } from "./domain/staff/staff.ts";
import { registerGraphiqlAssets } from "./graphql/graphiql.ts";
import { answerPlainOperation, plainSignedInOperation } from "./graphql/shortcut.ts";
import { createGraphqlServer, MAX_GRAPHQL_BODY_BYTES, type Yoga } from "./graphql/yoga.ts";
import { registerCompression, varyOnEncoding } from "./http/compression.ts";
import { limitConnectionsPerAddress } from "./http/connections.ts";
import { registerDevRoutes } from "./http/dev.ts";
import { registerDrain } from "./http/drain.ts";
import { registerInstalmentClock } from "./http/instalment-clock.ts";
import { registerLessonUploads } from "./http/lesson-uploads.ts";
import { registerUploads } from "./http/objects.ts";
import { registerOverloadProtection } from "./http/overload.ts";
import { graphqlCacheKey, keepGraphql, keptByPublicCache, registerPublicCache, sendCachedGraphql } from "./http/public-cache.ts";
import { requestInfo, viewerFromAuthorization } from "./http/request.ts";
import { registerNoStore, registerSecurityHeaders } from "./http/security.ts";
import { registerWeb } from "./http/web.ts";
import { registerPaystackSandbox } from "./paystack/sandbox/index.ts";
import { registerRest } from "./rest/index.ts";
import type { Services } from "./services.ts";

/**
 * The largest JSON body (GraphQL operations and REST calls): far above what the apps send (a few kB), far below what
 * would let a flood of requests fill memory. Uploads are multipart, with limits of their own.
 */
export const MAX_JSON_BODY_BYTES = 64 * 1024;

/**
 * A refused request body of at most this declared length is read to its end and dropped (within a second) rather than
 * cut off by closing the connection, so that its sender gets the answer (see `registerEarlyAnswers`).
 */
export const LINGER_MAX_BYTES = 8 * 1024 * 1024;

export interface HttpServer {
  app: FastifyInstance;
  yoga: Yoga;
}

/**
 * Fastify's trustProxy: false, the proxies' addresses, or a hop count as the function Fastify would build from it (its
 * types leave the number out): the client is the address the last trusted proxy saw.
 */
function trustedHops(trust: Config["trustProxy"]): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== "number") return trust;
  return (_address, hop) => hop < trust;
}

/**
 * An answer sent before the request body was read to the end (a body over the JSON cap, an upload refused for its size
 * or its sender): the rest is read and dropped, so that the client gets the answer and, once it has sent it all, can
 * reuse the connection; one still sending a second later has its connection closed rather than held (with its unread
 * bytes) until a timeout.
 *
 * Fastify answers a body it refuses (over `bodyLimit`, or one that fails to parse) with `Connection: close`, and Node
 * then closes the socket as soon as the answer is written: the client, still sending, gets a reset, which may reach it
 * before the answer does (a fetch() then has no answer at all: 34 of 140 refused 900 kB bodies in one CI run,
 * reliability 8.1). Where the body's declared length is at most LINGER_MAX_BYTES that header is taken back, so the
 * rest is read as above; a larger or undeclared one is still cut off at once.
 */
function registerEarlyAnswers(app: FastifyInstance): void {
  // The socket is noted on arrival: by the end of the answer it may be detached from the request.
  const sockets = new WeakMap<object, Socket>();
  app.addHook("onRequest", (req, _reply, done) => {
    sockets.set(req.raw, req.raw.socket);
    done();
  });
  app.addHook("onSend", async (req, reply, payload) => {
    if (req.raw.complete || reply.getHeader("connection") !== "close") return payload;
    const declared = req.headers["content-length"];
    if (declared !== undefined && /^\d+$/.test(declared) && Number(declared) <= LINGER_MAX_BYTES) reply.removeHeader("connection");
    return payload;
  });
  app.addHook("onResponse", (req, _reply, done) => {
    const socket = sockets.get(req.raw);
    if (socket && !req.raw.complete) {
      req.raw.resume();
      setTimeout(() => {
        if (!req.raw.complete) socket.destroy();
      }, 1000).unref();
    }
    done();
  });
}

/** One HTTP server for both hosts: GraphQL, the REST facade, uploads, the dev pages and the built web app. */
export async function buildServer(services: Services, options: { webDist?: string } = {}): Promise<HttpServer> {
  const { config, logger } = services;
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && /^[\w-]{1,100}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: MAX_JSON_BODY_BYTES,
    trustProxy: trustedHops(config.trustProxy),
    // Slow clients: headers must arrive within headersTimeout and the whole request within requestTimeout (node
    // answers 408 and closes), idle kept-alive connections close after keepAliveTimeout, silent ones after
    // connectionTimeout. Node checks the first two every connectionsCheckingInterval (30 s by default).
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    connectionTimeout: config.http.idleTimeoutMs,
    http: { headersTimeout: config.http.headersTimeoutMs, connectionsCheckingInterval: 1000 },
    // A request that reaches a closing server on a connection it already had is answered (and its connection then
    // closed, http/drain.ts), not refused with a 503 that a proxy cannot safely retry for a payment or a login.
    return503OnClosing: false,
  });
  if (config.http.maxConnectionsPerAddress > 0) limitConnectionsPerAddress(app.server, config.http.maxConnectionsPerAddress);
  const yoga = createGraphqlServer(services);
  // First: a request refused for overload costs as little as possible (no other hook runs before the refusal).
  await registerOverloadProtection(app, { eventLoopDelayMs: config.overloadEventLoopDelayMs, maxInFlight: config.overloadMaxInFlight });
  // Before the drain's own onSend, which must still be able to close every connection once the server is closing.
  registerEarlyAnswers(app);
  registerDrain(app);
  await registerSecurityHeaders(app, { publicUrl: config.publicUrl, production: config.env === "production", storage: config.storage });
  registerNoStore(app);
  // Before the routes, so that it covers them all (GraphQL's too); the public cache's own copies are compressed once.
  registerCompression(app, { compressedElsewhere: keptByPublicCache });

  app.get("/healthz", async () => ({ status: "ok" }));
  // Once found, an owner is not looked for again: the last active owner cannot be removed (domain/staff/staff.ts).
  let ownerFound = false;
  app.get("/readyz", async (_req, reply) => {
    const checks: Record<string, string> = {};
    try {
      await services.db.sql.query("SELECT 1");
      checks.database = "ok";
    } catch {
      checks.database = "unreachable";
    }
    if (services.queue.kind === "bullmq") {
      checks.redis = (await services.queue.ping()) ? "ok" : "unreachable";
    }
    const ready = Object.values(checks).every((v) => v === "ok");
    // Not a readiness check (learners are served without an owner), but where an operator looks after a first start:
    // until the installation has an owner, no admin sign-up in production gets further than pending.
    if (checks.database === "ok" && !ownerFound) ownerFound = await hasActiveOwner(services.db.prisma);
    const setup = ownerFound ? undefined : { owner: "missing", next: CREATE_OWNER_COMMAND };
    return reply.code(ready ? 200 : 503).send({ status: ready ? "ready" : "not ready", checks, ...(setup ? { setup } : {}) });
  });

  await app.register(async (scope) => {
    // Yoga reads multipart bodies (file uploads) itself.
    scope.addContentTypeParser("multipart/form-data", (_req, _payload, done) => done(null));
    // A body Fastify refuses before Yoga sees it (over the JSON cap, not JSON) is answered as GraphQL when asked for.
    scope.setErrorHandler(answerRefusedGraphqlBody);
    // graphql-sse's single connection mode (a PUT reservation, then a stream and DELETEs naming its token) is not
    // served: subscriptions use its distinct connections mode, one event stream a subscription (README, "The API").
    scope.route({
      url: "/graphql",
      method: ["PUT", "DELETE"],
      handler: async (req, reply) => refuseSingleConnection(req, reply.code(405).header("allow", "GET, POST")),
    });
    scope.route({
      url: "/graphql",
      method: ["GET", "POST", "OPTIONS"],
      handler: async (req, reply) => {
        if (req.headers[SINGLE_CONNECTION_TOKEN] !== undefined) return refuseSingleConnection(req, reply.code(400));
        const cacheKey = graphqlCacheKey(req);
        if (cacheKey && (await sendCachedGraphql(services.publicCache, cacheKey, req, reply))) return reply;
        const viewer = await viewerFromAuthorization(services, req.headers.authorization);
        const context = { viewer, client: requestInfo(req) };
        // A signed-in page's ordinary operation skips Yoga's HTTP layer (graphql/shortcut.ts); anything else takes it.
        const plain = plainSignedInOperation(req);
        const response = plain
          ? await answerPlainOperation(yoga, plain, req.headers, context, services.logger)
          : await yoga.handleNodeRequestAndResponse(req, reply, context);
        response.headers.forEach((value, key) => {
          reply.header(key, value);
        });
        reply.status(response.status);
        const kept = cacheKey ? await keepGraphql(services.publicCache, cacheKey, response, req, reply) : null;
        if (response.status === 304) {
          // Yoga's "not modified": no body and no Content-Length (Fastify would write `null` and its length), and
          // the same Vary as the 200 it stands for.
          varyOnEncoding(reply);
          reply.removeHeader("content-length");
          return reply.send();
        }
        if (kept) return reply.send(kept);
        // An ordinary answer (one JSON document) is read whole, so the compression hook compresses it in one call
        // instead of through a stream (a Brotli stream per answer cost more CPU than the query: docs/SCALING.md);
        // subscriptions (event streams) and incremental delivery (multipart) stay streams.
        if (isSingleResult(response)) return reply.send(Buffer.from(await response.arrayBuffer()));
        reply.send(response.body);
        return reply;
      },
    });
  });

  if (config.env !== "production") registerGraphiqlAssets(app);

  registerUploads(app, services.storage);
  await registerLessonUploads(app, services);

  if (config.paystack.sandbox) {
    await registerPaystackSandbox(app, {
      secretKey: config.paystack.secretKey,
      webhookUrl: () => `${config.publicUrl}/api/payments/paystack/webhook`,
      logger,
      merchantName: async () => (await businessIdentity(services)).businessName,
    });
    await registerInstalmentClock(app, services);
  }
  registerPublicCache(app, services.publicCache);
  await registerRest(app, services);
  if (config.env !== "production") await registerDevRoutes(app, services);
  await registerWeb(app, { adminHostPrefix: config.adminHostPrefix, distDir: options.webDist });
  return { app, yoga };
}

/**
 * The media type of a GraphQL answer to this request, or null when it asked for none: GraphQL over HTTP's own type if
 * accepted, else `application/json` (also for a request with no Accept header, which the spec reads as that).
 */
function graphqlMediaType(req: FastifyRequest): string | null {
  const accept = String(req.headers.accept ?? "").toLowerCase();
  if (accept.includes("application/graphql-response+json")) return "application/graphql-response+json; charset=utf-8";
  if (!accept || accept.includes("application/json") || accept.includes("*/*")) return "application/json; charset=utf-8";
  return null;
}

/** A GraphQL-shaped error answer, `{ errors: [{ message }] }`, in the media type the request asked for. */
function graphqlError(req: FastifyRequest, reply: FastifyReply, message: string) {
  return reply.type(graphqlMediaType(req) ?? "application/json; charset=utf-8").send({ errors: [{ message }] });
}

/**
 * Fastify's refusals of a /graphql request body (413 over the JSON cap, 400 for JSON that does not parse, 415 for a
 * media type it has no parser for) as a GraphQL client reads them, `{ errors: [{ message }] }` with the same status,
 * when it asked for a GraphQL answer; anything else goes to Fastify's own handler.
 */
async function answerRefusedGraphqlBody(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500 || !graphqlMediaType(req)) throw error;
  const message =
    error.code === "FST_ERR_CTP_BODY_TOO_LARGE"
      ? `Request body is too large: a GraphQL request may be at most ${MAX_JSON_BODY_BYTES / 1024} kB of JSON (a multipart upload, ${MAX_GRAPHQL_BODY_BYTES / 1024 / 1024} MB).`
      : error.message;
  return graphqlError(req, reply.code(status), message);
}

/** The header graphql-sse's single connection mode names its reservation with. */
const SINGLE_CONNECTION_TOKEN = "x-graphql-event-stream-token";

function refuseSingleConnection(req: FastifyRequest, reply: FastifyReply) {
  return graphqlError(
    req,
    reply,
    "graphql-sse's single connection mode is not supported: subscriptions use its distinct connections mode (POST or GET /graphql with Accept: text/event-stream, one stream a subscription).",
  );
}

/** A GraphQL answer that is one document (not an event stream nor multipart incremental delivery). */
function isSingleResult(response: Response): boolean {
  const type = response.headers.get("content-type") ?? "";
  return /^application\/(graphql-response\+)?json/i.test(type);
}
