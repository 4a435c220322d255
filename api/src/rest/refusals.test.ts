import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpAndVerify } from "#testing/accounts.ts";
import { rest, startTestApp, type TestApp } from "#testing/app.ts";

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
