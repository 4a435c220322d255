import { createConfig, lintFromString } from "@redocly/openapi-core";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "#testing/app.ts";
import { createSession } from "../domain/accounts/login.ts";
import { DEMO_ADMIN, DEMO_LEARNER, seedDemoData } from "../seed/demo.ts";
import { registerRest } from "./index.ts";
import { addSharedSchemas, ref, TrackSchema } from "./schemas.ts";

type Method = "get" | "post" | "put" | "delete";
const METHODS: Method[] = ["get", "post", "put", "delete"];

interface SchemaObject {
  type?: string | string[];
  required?: string[];
  properties?: Record<string, SchemaObject>;
}
interface OperationObject {
  operationId: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: SchemaObject }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: SchemaObject & { $ref?: string } }> }>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Partial<Record<Method, OperationObject>>>;
  components: { schemas: Record<string, SchemaObject>; securitySchemes: Record<string, unknown> };
}

/** The document as GET /api/openapi.json serves it (read in beforeAll). */
let openApiDocument: OpenApiDocument;

/** "METHOD /path/{param}" for every operation of the document. */
function documentedRoutes(): string[] {
  return Object.entries(openApiDocument.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${path}`),
  );
}

/** Every route the REST facade registers, read with an onRoute hook on a fresh Fastify instance. */
async function registeredRoutes(app: TestApp): Promise<string[]> {
  const fresh = Fastify({ logger: false });
  const routes: string[] = [];
  fresh.addHook("onRoute", (route) => {
    // Not routes of the API: the 405 answers of other methods and the docs page (both hidden from the document).
    if ((route.schema as { hide?: boolean } | undefined)?.hide) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === "HEAD") continue; // Fastify adds HEAD for every GET.
      routes.push(`${method} ${route.url.replace(/:(\w+)/g, "{$1}")}`);
    }
  });
  await registerRest(fresh, app.services);
  await fresh.ready();
  await fresh.close();
  return routes;
}

/** Every `$ref` anywhere in a value. */
function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) refsIn(v, found);
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (k === "$ref" && typeof v === "string") found.push(v);
      else refsIn(v, found);
    }
  }
  return found;
}

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  openApiDocument = await (await app.fetch("/api/openapi.json")).json();
});
afterAll(() => app?.close());

describe("GET /api/openapi.json", () => {
  it("serves the OpenAPI 3.1 document", async () => {
    const res = await app.fetch("/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const body = await res.json();
    // Generated from the routes' schemas: the same document on every call.
    expect(body).toEqual(openApiDocument);
    expect(body.openapi).toBe("3.1.0");
    expect(body.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("documents exactly the routes the REST facade registers", async () => {
    const registered = await registeredRoutes(app);
    const documented = documentedRoutes();
    expect(registered.filter((r) => !/^[A-Z]+ \/api\//.test(r))).toEqual([]);
    // Every registered route is documented...
    expect(registered.filter((r) => !documented.includes(r))).toEqual([]);
    // ...and every documented one is registered.
    expect(documented.filter((r) => !registered.includes(r))).toEqual([]);
    // The calls of docs/product.md, REST routes, are among them.
    for (const route of [
      "POST /api/auth/login",
      "GET /api/tracks",
      "GET /api/tracks/{id}",
      "POST /api/tracks",
      "PUT /api/tracks/{id}",
      "DELETE /api/tracks/{id}",
      "GET /api/courses",
      "POST /api/invoices",
      "GET /api/learners",
      "GET /api/enrollments",
      "GET /api/enrollments/learner/{id}",
      "POST /api/enrollments",
      "POST /api/enrollments/verify-payment",
      "GET /api/reports/export.csv",
    ]) {
      expect(documented).toContain(route);
    }
  });

  it("is consistent: references resolve, ids are unique, path parameters are declared, guarded calls list 401", () => {
    const schemas = openApiDocument.components.schemas;
    for (const ref of refsIn(openApiDocument)) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(schemas, ref).toHaveProperty(ref.replace("#/components/schemas/", ""));
    }
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(openApiDocument.paths)) {
      expect(path).toMatch(/^\/api\//);
      for (const method of METHODS) {
        const op = item[method];
        if (!op) continue;
        const where = `${method} ${path}`;
        expect(ids.has(op.operationId), where).toBe(false);
        ids.add(op.operationId);
        const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        const declared = (op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
        expect(declared.sort(), where).toEqual(inPath.sort());
        const success = Object.keys(op.responses).filter((code) => code.startsWith("2"));
        expect(success.length, where).toBeGreaterThan(0);
        for (const response of Object.values(op.responses)) expect(response.description, where).toBeTruthy();
        // Public calls say so (`security: []`); guarded ones name the bearer token and list 401.
        expect(op.security, where).toBeDefined();
        if (op.security?.length) {
          expect(op.security).toEqual([{ bearerAuth: [] }]);
          expect(op.responses, where).toHaveProperty("401");
          expect(op.responses["401"]?.content?.["application/json"]?.schema).toEqual({ $ref: "#/components/schemas/Error" });
        }
        if (["post", "put"].includes(method) && !path.includes("logout")) expect(op.requestBody, where).toBeDefined();
      }
    }
    const error = schemas.Error as SchemaObject;
    expect(error.required).toEqual(["message"]);
    expect(Object.keys(error.properties ?? {})).toEqual(["message", "errors"]);
  });

  it("describes the multipart forms and the list envelopes", () => {
    const paths = openApiDocument.paths;
    expect(Object.keys(paths["/api/tracks"]?.post?.requestBody?.content ?? {})).toEqual(["multipart/form-data", "application/json"]);
    expect(Object.keys(paths["/api/courses/{id}"]?.put?.requestBody?.content ?? {})).toContain("multipart/form-data");
    expect(Object.keys(paths["/api/auth/update"]?.put?.requestBody?.content ?? {})).toContain("multipart/form-data");
    expect(Object.keys(paths["/api/invoices"]?.post?.requestBody?.content ?? {})).toEqual(["application/json"]);
    const learners = paths["/api/learners"]?.get?.responses["200"]?.content?.["application/json"]?.schema;
    expect(Object.keys(learners?.properties ?? {})).toEqual(["learners", "page", "totalPages", "total"]);
    expect(paths["/api/learners"]?.get?.parameters?.map((p) => p.name)).toEqual(["search", "page"]);
    const csv = paths["/api/reports/export.csv"]?.get;
    expect(Object.keys(csv?.responses["200"]?.content ?? {})).toEqual(["text/csv"]);
    expect(csv?.parameters?.map((p) => [p.name, p.in, p.required])).toEqual([
      ["from", "query", true],
      ["to", "query", true],
    ]);
  });
});

describe("no documented call answers 5xx to bad input", () => {
  beforeAll(async () => {
    await seedDemoData(app.services.db.prisma, app.services.storage);
  });

  it("any token, malformed ids and bodies: always a 2xx or 4xx with a message", async () => {
    const { prisma } = app.services.db;
    const admin = await prisma.admin.findUniqueOrThrow({ where: { email: DEMO_ADMIN.email } });
    const learner = await prisma.learner.findUniqueOrThrow({ where: { email: DEMO_LEARNER.email } });
    // A fresh session per call: the logout routes revoke theirs.
    const tokens: (() => Promise<string | undefined>)[] = [
      async () => undefined,
      async () => createSession(prisma, "LEARNER", learner.id),
      async () => createSession(prisma, "ADMIN", admin.id),
    ];
    const bodies: (string | undefined)[] = [
      undefined,
      "{",
      "[]",
      "null",
      "{}",
      JSON.stringify({
        name: [],
        price: {},
        title: 5,
        track: {},
        learner: [1],
        amount: "1e999",
        status: 7,
        dueDate: "tomorrow",
        email: {},
      }),
    ];
    const ids = ["00000000-0000-0000-0000-000000000000", "garbage", "1%00"];
    const calls: string[] = [];
    for (const [template, item] of Object.entries(openApiDocument.paths)) {
      for (const method of METHODS) {
        if (!item[method]) continue;
        const paths = template.includes("{id}") ? ids.map((id) => template.replace("{id}", id)) : [template];
        for (const path of paths) {
          for (const token of tokens) {
            for (const body of method === "get" || method === "delete" ? [undefined] : bodies) {
              const headers: Record<string, string> = {};
              const bearer = await token();
              if (bearer) headers.authorization = `Bearer ${bearer}`;
              if (body !== undefined) headers["content-type"] = "application/json";
              const res = await app.fetch(`${path}${method === "get" ? "?page=x&search=1&from=x&to=y" : ""}`, {
                method: method.toUpperCase(),
                headers,
                body,
              });
              const text = await res.text();
              calls.push(`${method} ${path}`);
              expect(res.status, `${method} ${path} ${body} -> ${text}`).toBeLessThan(500);
              if (res.status >= 400) expect(typeof JSON.parse(text).message, `${method} ${path} ${body} -> ${text}`).toBe("string");
            }
          }
        }
      }
    }
    expect(calls.length).toBeGreaterThan(100);
    // Hundreds of requests, each with a fresh token check: several times slower beside other test files.
  }, 90_000);
});

describe("the document passes Redocly's recommended rules", () => {
  it("0 errors and 0 warnings", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source: JSON.stringify(openApiDocument), absoluteRef: "openapi.json", config });
    const listed = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(listed).toEqual([]);
  });
});

describe("the docs page (development)", () => {
  /** Every src/href of a page and every absolute URL in it. */
  const references = (html: string) => [...html.matchAll(/(?:src|href)\s*=\s*["']([^"']+)["']/g)].map((m) => m[1] as string);

  it("answers at /api/docs with its assets served here, no other host referenced", async () => {
    const res = await app.fetch("/api/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    const refs = references(html);
    expect(refs.length).toBeGreaterThan(2);
    for (const ref of refs) {
      expect(ref, ref).not.toMatch(/^(https?:)?\/\//);
      const asset = await app.fetch(new URL(ref, `${app.url}/api/docs/`).pathname);
      expect(asset.status, ref).toBe(200);
      expect((await asset.arrayBuffer()).byteLength, ref).toBeGreaterThan(0);
    }
    // The page's script loads the document from this server (./json, the same generated document) and validates
    // nothing at validator.swagger.io.
    const initializer = await (await app.fetch("/api/docs/static/swagger-initializer.js")).text();
    expect(initializer).toContain("resolveUrl('./json')");
    expect(initializer).toContain("validatorUrl: null");
    expect(initializer.replace(/\/\/[^\n]*\n/g, "\n")).not.toMatch(/https?:\/\//);
    expect(await (await app.fetch("/api/docs/json")).json()).toEqual(openApiDocument);
  });

  it("is not served in production", async () => {
    const production = await startTestApp({ NODE_ENV: "production" });
    try {
      expect((await production.fetch("/api/docs")).status).toBe(404);
      expect((await production.fetch("/api/openapi.json")).status).toBe(200);
    } finally {
      await production.close();
    }
  });
});

describe("methods and media types", () => {
  it("a method a known path does not have: 405 with Allow, before the body is read", async () => {
    for (const [method, path, allow] of [
      ["PATCH", "/api/tracks", "GET, HEAD, POST"],
      ["PATCH", "/api/tracks/00000000-0000-4000-8000-000000000000", "GET, HEAD, PUT, DELETE"],
      ["GET", "/api/auth/login", "POST"],
      ["DELETE", "/api/enrollments", "GET, HEAD, POST"],
    ] as const) {
      const res = await app.fetch(path, { method, headers: { "content-type": "text/plain" }, body: method === "GET" ? undefined : "x" });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get("allow")).toBe(allow);
      const message = `${method} is not allowed here. Allowed: ${allow}.`;
      expect(await res.json()).toEqual({ message, errors: [{ message }] });
    }
    // An unknown path is still a 404.
    const unknown = await app.fetch("/api/no-such-thing", { method: "PATCH" });
    expect(unknown.status).toBe(404);
  });

  it("a form-encoded or text body where JSON is read: 415, documented", async () => {
    for (const type of ["application/x-www-form-urlencoded", "text/plain"]) {
      const res = await app.fetch("/api/auth/login", { method: "POST", headers: { "content-type": type }, body: "email=a&password=b" });
      expect(res.status, type).toBe(415);
      expect(await res.json()).toEqual({
        message: "Send JSON or a multipart form.",
        errors: [{ message: "Send JSON or a multipart form." }],
      });
    }
    for (const [path, item] of Object.entries(openApiDocument.paths)) {
      for (const method of METHODS) {
        const op = item[method];
        // The webhook reads raw bytes of any type (its signature covers them): it never answers 415.
        if (op?.requestBody && path !== "/api/payments/paystack/webhook") {
          expect(op.responses, `${method} ${path}`).toHaveProperty("415");
        }
      }
    }
  });
});

describe("answers are serialized by the route schemas", () => {
  it("a Track keeps its `ratings` list (and every field the schema names); fields no schema names are dropped", async () => {
    const fresh = Fastify({ logger: false });
    addSharedSchemas(fresh);
    const track = {
      _id: "00000000-0000-4000-8000-000000000000",
      name: "Track",
      price: 10,
      currency: "USD",
      prices: [{ currency: "USD", amount: 10 }],
      duration: "1 week",
      instructor: "Ada",
      description: "About.",
      image: null,
      averageRating: 4,
      reviewCount: 1,
      ratings: [{ rating: 4 }],
      courses: [],
      createdAt: new Date("2026-01-01T00:00:00Z"),
      updatedAt: "2026-01-02T00:00:00.000Z",
    };
    fresh.get("/track", { schema: { response: { 200: ref(TrackSchema) } } }, async () => ({ ...track, secret: "x" }));
    try {
      const res = await fresh.inject("/track");
      expect(res.json()).toEqual({ ...track, createdAt: "2026-01-01T00:00:00.000Z" });
    } finally {
      await fresh.close();
    }
  });
});
