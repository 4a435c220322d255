import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { learnerWithToken, signUpBody, TEST_PASSWORD, uniqueEmail } from "#testing/accounts.ts";
import { rest, startTestApp, type TestApp } from "#testing/app.ts";
import { ConfigError, loadConfig } from "../api/src/config.ts";
import { record } from "./lib/report.ts";

/**
 * Items 8.6-8.8, what the HTTP layer believes and says: client addresses behind a proxy, Cache-Control on answers with
 * tokens or personal data, and one answer (logged as sent) per refused REST call. The api tests beside the code
 * (api/src/http/trust-proxy.test.ts, cache-control.test.ts, api/src/rest/pipeline.test.ts) have the cases; these
 * add the figures.
 */
describe("8. HTTP answers", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ TRUST_PROXY: "1" }, { logs: true });
  });
  afterAll(() => app.close());

  it("8.6 behind one proxy (TRUST_PROXY=1), a spoofed X-Forwarded-For hop does not change the client's address", async () => {
    const real = "203.0.113.50";
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const answer = await rest(app, "POST", "/api/auth/login", {
        body: { email: uniqueEmail("spoof"), password: "Wrong#Passw0rd1" },
        headers: { "x-forwarded-for": `198.51.100.${i}, ${real}` },
      });
      statuses.push(answer.status);
    }
    const keys = (await app.services.db.prisma.rateLimit.findMany({ select: { key: true } })).map((r) => r.key);
    const spoofedKeys = keys.filter((k) => k.includes("198.51.100.")).length;
    let trueRefused = false;
    try {
      loadConfig({ TRUST_PROXY: "true" });
    } catch (error) {
      trueRefused = error instanceof ConfigError;
    }
    const met = statuses.slice(0, 30).every((s) => s === 400) && statuses[30] === 429 && spoofedKeys === 0 && trueRefused;
    record({
      item: "8.6",
      check: "TRUST_PROXY=1: 31 failed logins, each with a new spoofed first X-Forwarded-For hop before the proxy-added one",
      figure: `attempts 1-30: 400, attempt 31: ${statuses[30]}; counted under the proxy-seen address (${keys.some((k) => k.endsWith(real)) ? "yes" : "no"}), ${spoofedKeys} spoofed addresses counted; TRUST_PROXY=true ${trueRefused ? "refused at start" : "accepted"}`,
      target: "attempt 31 refused (429); no spoofed address counted; true refused",
      met,
    });
    expect(met).toBe(true);
  });

  it("8.7 answers with tokens or personal data carry Cache-Control: no-store; the public catalogue stays cacheable", async () => {
    const made = await learnerWithToken(app);
    const token = made.token;
    const track = await app.services.db.prisma.track.create({
      data: { name: "Public", priceCents: 1000, duration: "1 week", instructor: "I", description: "D" },
    });
    const gql = (query: string, withToken: boolean, variables?: unknown) =>
      app.fetch("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", ...(withToken ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query, variables }),
      });
    const login = `mutation($input: LoginInput!) { login(input: $input) { __typename ... on LoginPayload { token } } }`;
    const mustNotStore: Record<string, Headers> = {
      "REST login": (await rest(app, "POST", "/api/auth/login", { body: { email: made.learner.email, password: TEST_PASSWORD } })).headers,
      "REST sign-up": (await rest(app, "POST", "/api/auth/signup/learner", { body: signUpBody({ email: uniqueEmail("cc") }) })).headers,
      "REST verify-email": (await rest(app, "POST", "/api/auth/verify-email", { body: { email: uniqueEmail("cc"), token: "1" } })).headers,
      "REST reset-password": (await rest(app, "POST", "/api/auth/reset-password", { body: { token: "x" } })).headers,
      "REST check-auth": (await rest(app, "GET", "/api/auth/check-auth", { token })).headers,
      "REST tracks, signed in": (await rest(app, "GET", "/api/tracks", { token })).headers,
      "GraphQL login": (await gql(login, false, { input: { email: made.learner.email, password: TEST_PASSWORD } })).headers,
      "GraphQL me": (await gql("{ me { __typename } }", true)).headers,
      "GraphQL catalogue, signed in": (await gql("{ tracks(first: 5) { edges { node { id } } } }", true)).headers,
    };
    const mayStore: Record<string, Headers> = {
      "GraphQL catalogue": (await gql("{ tracks(first: 5) { edges { node { id } } } }", false)).headers,
      "REST tracks": (await app.fetch("/api/tracks")).headers,
      "REST track": (await app.fetch(`/api/tracks/${track.id}`)).headers,
    };
    const missing = Object.entries(mustNotStore).filter(([, h]) => h.get("cache-control") !== "no-store");
    const blocked = Object.entries(mayStore).filter(([, h]) => (h.get("cache-control") ?? "").includes("no-store"));
    const met = missing.length === 0 && blocked.length === 0;
    record({
      item: "8.7",
      check: `${Object.keys(mustNotStore).length} answers with tokens or personal data (auth calls, signed-in calls; REST and GraphQL), ${Object.keys(mayStore).length} anonymous catalogue answers`,
      figure: `no-store on ${Object.keys(mustNotStore).length - missing.length}/${Object.keys(mustNotStore).length}${missing.length ? ` (missing: ${missing.map(([k]) => k).join(", ")})` : ""}; catalogue cacheable ${Object.keys(mayStore).length - blocked.length}/${Object.keys(mayStore).length}`,
      target: "all no-store; catalogue without no-store",
      met,
    });
    expect(met).toBe(true);
  });

  it("8.8 refused REST calls through the GraphQL bridge: one answer each, logged with the status sent, no error entry", async () => {
    const calls: [string, string, unknown][] = [
      ["POST", "/api/auth/login", { email: "nobody@example.com", password: "Wrong#Passw0rd1" }],
      ["POST", "/api/auth/verify-email", { email: "nobody@example.com", token: "123456" }],
      ["POST", "/api/auth/signup/learner", { email: "not-an-email" }],
      ["POST", "/api/auth/reset-password", { token: "nope", password: "N3w!Secret-pass", confirmPassword: "N3w!Secret-pass" }],
      ["GET", "/api/auth/check-auth", undefined],
    ];
    const outcomes: { path: string; status: number; logged?: number; errors: number; headersSent: boolean }[] = [];
    for (const [method, path, body] of calls) {
      const requestId = `r8-${outcomes.length}-${Date.now()}`;
      const answer = await rest(app, method, path, { body, headers: { "x-request-id": requestId } });
      await new Promise((r) => setTimeout(r, 50));
      const entries = app.logs.filter((e) => e.reqId === requestId);
      const completed = entries.find((e) => e.msg === "request completed") as { res?: { statusCode?: number } } | undefined;
      outcomes.push({
        path,
        status: answer.status,
        logged: completed?.res?.statusCode,
        errors: entries.filter((e) => Number(e.level) >= 50).length,
        headersSent: JSON.stringify(entries).includes("ERR_HTTP_HEADERS_SENT"),
      });
    }
    const met = outcomes.every((o) => o.status >= 400 && o.status < 500 && o.logged === o.status && o.errors === 0 && !o.headersSent);
    record({
      item: "8.8",
      check: `${calls.length} refused REST calls (bad login, bad code, bad sign-up, bad reset link, no session), with the server's log captured`,
      figure: outcomes.map((o) => `${o.path} ${o.status} logged ${o.logged ?? "-"}${o.errors ? `, ${o.errors} errors` : ""}`).join("; "),
      target: "4xx, logged with the same status, 0 error entries, no ERR_HTTP_HEADERS_SENT",
      met,
    });
    expect(met).toBe(true);
  });
});
