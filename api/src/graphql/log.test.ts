import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminWithToken, learnerWithToken } from "#testing/accounts.ts";
import { logsWhile, startTestApp, type TestApp } from "#testing/app.ts";
import { NODES_MAX } from "./schema/node.ts";
import { EXPECTED_ERRORS_LOGGED } from "./yoga.ts";

/**
 * What a GraphQL answer with expected errors (refusals, bad ids) writes to the log: no error line (error level is for
 * faults), one info line for the operation whatever the number of errors (docs/ARCHITECTURE.md, "A request").
 */
describe("the log of GraphQL refusals (yoga.ts)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({}, { logs: true });
  });
  afterAll(() => app.close());

  /** The web app's Accept: a signed-in POST with it takes the shortcut (graphql/shortcut.ts); anything else, Yoga's HTTP layer. */
  const WEB_ACCEPT = "application/graphql-response+json, application/json";

  async function post(query: string, options: { token?: string; accept?: string; variables?: Record<string, unknown> } = {}) {
    return logsWhile(app, async () => {
      const res = await app.fetch("/graphql", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: options.accept ?? "application/json",
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        body: JSON.stringify({ query, variables: options.variables }),
      });
      return { status: res.status, body: (await res.json()) as { errors?: { extensions?: { code?: string } }[] } };
    });
  }

  const errorLines = (entries: Record<string, unknown>[]) => entries.filter((e) => Number(e.level) >= 50);
  const summaries = (entries: Record<string, unknown>[]) => entries.filter((e) => e.msg === EXPECTED_ERRORS_LOGGED);

  /** One info line naming the refusal, and no error line. */
  function expectOneInfoLine(entries: Record<string, unknown>[], kind: string, count = 1) {
    expect(errorLines(entries)).toEqual([]);
    const lines = summaries(entries);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.level).toBe(30);
    expect(lines[0]?.graphqlErrors).toMatchObject({ count, kinds: { [kind]: count } });
  }

  it("a signed-out caller's refused query: 401 in the answer, one info line, no error line", async () => {
    const { result, entries } = await post("{ learners(first: 1) { totalCount } }");
    expect(result.body.errors?.[0]?.extensions?.code).toBe("NotAuthenticatedError");
    expectOneInfoLine(entries, "NotAuthenticatedError");
  });

  it("a pending staff account's refusal (through Yoga's HTTP layer): 403, one info line, no error line", async () => {
    const { token } = await adminWithToken(app, null);
    const { result, entries } = await post("{ learners(first: 1) { totalCount } }", { token });
    expect(result.body.errors?.[0]?.extensions?.code).toBe("ForbiddenError");
    expectOneInfoLine(entries, "ForbiddenError");
  });

  it("an instructor's refusal (the web app's shortcut): 403, one info line, with the request's id, no error line", async () => {
    const { token } = await adminWithToken(app, "INSTRUCTOR");
    const { result, entries } = await post("{ invoices(first: 1) { totalCount } }", { token, accept: WEB_ACCEPT });
    expect(result.body.errors?.[0]?.extensions?.code).toBe("ForbiddenError");
    expectOneInfoLine(entries, "ForbiddenError");
    const completed = entries.find((e) => e.msg === "request completed");
    expect(summaries(entries)[0]?.reqId).toBe(completed?.reqId);
  });

  it("a signed-out subscription: refused in the event stream, one info line, no error line", async () => {
    const query = 'subscription { paymentStatus(reference: "ref-1") { status } }';
    const { result, entries } = await logsWhile(app, async () => {
      const res = await app.fetch(`/graphql?query=${encodeURIComponent(query)}`, {
        headers: { accept: "text/event-stream", "x-graphql-yoga-csrf": "1" },
      });
      return res.text();
    });
    expect(result).toContain("NotAuthenticatedError");
    expectOneInfoLine(entries, "NotAuthenticatedError");
  });

  it("a fault is still an error line (and not counted as an expected error)", async () => {
    const { token } = await learnerWithToken(app);
    const paystack = app.services.config.paystack;
    const sandbox = paystack.sandbox;
    Object.defineProperty(paystack, "sandbox", {
      configurable: true,
      get() {
        throw new Error("disk on fire");
      },
    });
    try {
      const { result, entries } = await post("{ paymentsTestMode }", { token, accept: WEB_ACCEPT });
      expect(result.body.errors).toHaveLength(1);
      expect(JSON.stringify(errorLines(entries))).toContain("disk on fire");
      expect(summaries(entries)).toEqual([]);
    } finally {
      Object.defineProperty(paystack, "sandbox", { configurable: true, writable: true, value: sandbox });
    }
  });

  it("nodes(ids:) with 100 malformed ids: 100 errors in the answer, a bounded log (one info line); 101 are refused whole", async () => {
    const { token } = await learnerWithToken(app);
    const ask = (count: number) =>
      post("query ($ids: [ID!]!) { nodes(ids: $ids) { id } }", {
        token,
        accept: WEB_ACCEPT,
        variables: { ids: Array.from({ length: count }, (_, i) => `not-an-id-${i}`) },
      });
    const { result, entries } = await ask(NODES_MAX);
    expect(result.body.errors).toHaveLength(NODES_MAX);
    expectOneInfoLine(entries, "ValidationError", NODES_MAX);
    // The request's own lines (incoming, completed) and the one summary.
    expect(entries.length).toBeLessThanOrEqual(3);
    const over = await ask(NODES_MAX + 1);
    expect(JSON.stringify(over.result.body.errors)).toContain(`At most ${NODES_MAX} IDs at once.`);
    expect(over.result.body.errors).toHaveLength(1);
    expect(over.entries.length).toBeLessThanOrEqual(3);
  });
});
