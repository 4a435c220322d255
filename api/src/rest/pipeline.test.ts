import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logIn, resetRateLimits, signUpAndVerify, TEST_PASSWORD } from "#testing/accounts.ts";
import { rest, startTestApp, type TestApp } from "#testing/app.ts";
import { app, useApp } from "#testing/rest.ts";
import { requireDeclared, restRoutes } from "./pipeline.ts";

/** A refusal a REST route reads from a GraphQL result is one answer, logged with the status the client got. */
describe("REST refusals through the GraphQL bridge", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({}, { logs: true });
  });
  afterAll(() => app.close());

  /** The log entries of one request (by its id), after the call. */
  async function call(method: string, path: string, body?: unknown, token?: string) {
    const requestId = `refusal-${Math.random().toString(36).slice(2)}`;
    const answer = await rest(app, method, path, { body, token, headers: { "x-request-id": requestId } });
    // The completion line is written as the answer ends; give it a tick.
    await new Promise((r) => setTimeout(r, 50));
    return { answer, entries: app.logs.filter((entry) => entry.reqId === requestId) };
  }

  it.each([
    ["a wrong password", "/api/auth/login", { email: "nobody@example.com", password: "Wrong#Passw0rd" }],
    ["a wrong e-mail code", "/api/auth/verify-email", { email: "nobody@example.com", token: "123456" }],
    ["a sign-up with bad fields", "/api/auth/signup/learner", { email: "not-an-email" }],
  ])("%s: one 4xx answer, no error logged, logged with the client's status", async (_what, path, body) => {
    const { answer, entries } = await call("POST", path, body);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.body.message).toEqual(expect.any(String));
    expect(entries.filter((e) => Number(e.level) >= 50)).toEqual([]);
    expect(JSON.stringify(entries)).not.toContain("ERR_HTTP_HEADERS_SENT");
    const completed = entries.filter((e) => e.msg === "request completed");
    expect(completed).toHaveLength(1);
    expect(completed[0]?.res).toMatchObject({ statusCode: answer.status });
  });

  it("a signed-in learner's refused checkout: one 4xx answer, no error logged", async () => {
    const { token } = await signUpAndVerify(app, "learner");
    const { answer, entries } = await call("POST", "/api/enrollments", { track: "00000000-0000-4000-8000-000000000000" }, token);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(entries.filter((e) => Number(e.level) >= 50)).toEqual([]);
    expect(JSON.stringify(entries)).not.toContain("ERR_HTTP_HEADERS_SENT");
  });
});

/** A malformed body, whatever the route, is a 4xx with a message (the pipeline's one answer to a failure). */
describe("REST /api/auth", () => {
  useApp();

  describe("malformed bodies never answer 5xx", () => {
    const routes: [string, string, boolean][] = [
      ["POST", "/api/auth/signup/admin", false],
      ["POST", "/api/auth/signup/learner", false],
      ["POST", "/api/auth/login", false],
      ["POST", "/api/auth/verify-email", false],
      ["POST", "/api/auth/resend-token", false],
      ["POST", "/api/auth/forgot-password", false],
      ["POST", "/api/auth/reset-password", false],
      ["POST", "/api/auth/logout", true],
      ["POST", "/api/admin/auth/logout", true],
      ["GET", "/api/auth/check-auth", true],
      ["PUT", "/api/auth/update", true],
    ];
    const bodies: [string, { body?: string; type?: string }][] = [
      ["invalid JSON", { body: "{not json", type: "application/json" }],
      ["a JSON array", { body: "[1,2,3]", type: "application/json" }],
      ["a JSON string", { body: '"hello"', type: "application/json" }],
      ["JSON null", { body: "null", type: "application/json" }],
      [
        "numbers and objects for strings",
        {
          body: JSON.stringify({ email: { $ne: 1 }, password: 12345678, firstName: [1], token: true, confirmPassword: {} }),
          type: "application/json",
        },
      ],
      [
        "a number where a string belongs",
        { body: JSON.stringify({ email: 42, password: 42, token: 123456, contact: 5, description: 7 }), type: "application/json" },
      ],
      ["an empty JSON body", { body: "", type: "application/json" }],
      ["no body at all", {}],
      [
        "huge strings",
        {
          body: JSON.stringify({
            email: `${"a".repeat(100_000)}@example.com`,
            password: "p".repeat(200_000),
            firstName: "f".repeat(100_000),
            token: "1".repeat(100_000),
            description: "d".repeat(100_000),
            contact: "1".repeat(100_000),
          }),
          type: "application/json",
        },
      ],
      ["a body over the size limit", { body: JSON.stringify({ email: "x".repeat(2 * 1024 * 1024) }), type: "application/json" }],
      [
        "NUL characters in strings (PostgreSQL text cannot hold them)",
        { body: JSON.stringify({ email: "a\u0000b", password: "Str0ng!Passw0rd", token: "12\u00003456" }), type: "application/json" },
      ],
      ["a form-urlencoded body", { body: "email=a%40b.c&password=x", type: "application/x-www-form-urlencoded" }],
      ["plain text", { body: "email=a@b.c", type: "text/plain" }],
      [
        "a broken multipart body",
        { body: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nabc', type: "multipart/form-data; boundary=x" },
      ],
      ["multipart without a boundary", { body: "abc", type: "multipart/form-data" }],
      [
        "prototype keys",
        { body: '{"__proto__":{"admin":true},"constructor":{"prototype":{}},"email":"a@b.co"}', type: "application/json" },
      ],
    ];

    it("every /api/auth route, every kind of bad body: 4xx with a message", async () => {
      const learner = await signUpAndVerify(app, "learner");
      const failures: string[] = [];
      for (const [method, path, needsToken] of routes) {
        for (const [label, { body, type }] of bodies) {
          await resetRateLimits(app);
          const headers: Record<string, string> = {};
          if (type) headers["content-type"] = type;
          if (needsToken) headers.authorization = `Bearer ${learner.token}`;
          const res = await app.fetch(path, { method, headers, body: method === "GET" ? undefined : body });
          const text = await res.text();
          let json: any = null;
          try {
            json = JSON.parse(text);
          } catch {}
          // Routes that read no body may succeed; the profile update takes numbers as text ("5" is a phone number).
          const mayPass = method === "GET" || path.endsWith("/logout") || (path === "/api/auth/update" && label.startsWith("a number"));
          const fine = res.status < 500 && (mayPass || res.status >= 400);
          const shaped = res.status < 400 || (typeof json?.message === "string" && Array.isArray(json?.errors));
          if (!fine || !shaped) {
            failures.push(`${method} ${path} with ${label}: ${res.status} ${text.slice(0, 200)}`);
          }
          if (path.endsWith("/logout") && res.status === 200) {
            // The session was used up; log in again for the next case.
            await resetRateLimits(app);
            learner.token = await logIn(app, learner.email, TEST_PASSWORD);
          }
        }
      }
      expect(failures).toEqual([]);
      // The learner is still fine (no prototype pollution, no crash).
      expect((await rest(app, "GET", "/api/auth/check-auth", { token: learner.token })).status).toBe(200);
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
    });

    // Issue 16 changed wrong methods on a known path from 404 to 405 (with Allow); unknown paths stay 404.
    it("unknown routes under /api answer 404 JSON, wrong methods on a known path 405 with Allow", async () => {
      const wrongMethod = await rest(app, "GET", "/api/auth/login");
      expect(wrongMethod.status).toBe(405);
      expect(wrongMethod.headers.get("allow")).toBe("POST");
      expect(wrongMethod.body).toEqual({
        message: "GET is not allowed here. Allowed: POST.",
        errors: [{ message: "GET is not allowed here. Allowed: POST." }],
      });
      expect((await rest(app, "DELETE", "/api/auth/check-auth")).status).toBe(405);
      const unknown = await rest(app, "GET", "/api/auth/no-such-call");
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ message: "Not found." });
    });
  });
});

describe("in production", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ NODE_ENV: "production" });
  });
  afterAll(() => app.close());

  it("still answers malformed bodies with 4xx, not 5xx", async () => {
    const res = await app.fetch("/api/auth/login", { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    expect(res.status).toBe(400);
    const message = "The request body is not valid JSON.";
    expect(await res.json()).toEqual({ message, errors: [{ message }] });
  });
});

describe("one way to declare a REST route", () => {
  useApp();

  it("a route declared beside restRoutes stops the server at start; one declared through it answers", async () => {
    const server = Fastify();
    server.addHook("onRoute", requireDeclared);
    restRoutes(server, app.services).domain({ method: "GET", url: "/declared", schema: {}, handle: async () => ({ ok: true }) });
    expect(() => server.get("/beside", async () => ({ ok: true }))).toThrow(
      "REST route GET /beside is not declared through restRoutes (api/src/rest/pipeline.ts)",
    );
    const [declared, head] = [await server.inject("/declared"), await server.inject({ method: "HEAD", url: "/declared" })];
    expect(declared.json()).toEqual({ ok: true });
    expect(head.statusCode).toBe(200);
    await server.close();
  });
});
