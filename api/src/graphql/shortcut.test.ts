import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminWithToken, learnerWithToken } from "#testing/accounts.ts";
import { startTestApp, type TestApp } from "#testing/app.ts";
import { plainSignedInOperation } from "./shortcut.ts";

const WEB_ACCEPT = "application/graphql-response+json, application/json";

/** Which requests the shortcut serves (graphql/shortcut.ts); every other one goes the whole way through Yoga. */
describe("plainSignedInOperation", () => {
  const request = (over: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) => ({
    method: over.method ?? "POST",
    headers: { authorization: "Bearer t", "content-type": "application/json", accept: WEB_ACCEPT, ...over.headers },
    body: over.body ?? { query: "query Me { me { id } }", variables: { a: 1 }, operationName: "Me" },
  });

  it("serves a signed-in JSON operation with the web app's or a plain JSON Accept", () => {
    expect(plainSignedInOperation(request())).toEqual({
      params: { query: "query Me { me { id } }", variables: { a: 1 }, operationName: "Me" },
      mediaType: "application/graphql-response+json",
    });
    expect(plainSignedInOperation(request({ headers: { accept: "application/json" } }))?.mediaType).toBe("application/json");
    expect(plainSignedInOperation(request({ body: { query: "{ me { id } }", variables: null, operationName: null } }))?.params).toEqual({
      query: "{ me { id } }",
      variables: undefined,
      operationName: undefined,
    });
  });

  it("leaves to Yoga: anonymous callers, other methods, bodies and Accept values, extensions, subscriptions, @defer", () => {
    const refused = [
      request({ headers: { authorization: "" } }),
      request({ method: "GET" }),
      request({ headers: { "content-type": "multipart/form-data; boundary=x" } }),
      request({ headers: { accept: "text/event-stream" } }),
      request({ headers: { accept: "*/*" } }),
      request({ headers: { accept: "application/json; charset=utf-8" } }),
      request({ body: [{ query: "{ me { id } }" }] }),
      request({ body: { query: "{ me { id } }", extensions: { persistedQuery: {} } } }),
      request({ body: { query: "{ me { id } }", other: 1 } }),
      request({ body: { query: 1 } }),
      request({ body: { query: "{ me { id } }", variables: [1] } }),
      request({ body: { query: "{ me { id } }", variables: "{}" } }),
      request({ body: { query: "{ me { id } }", operationName: 1 } }),
      request({ body: { query: 'subscription S { paymentStatus(reference: "x") { status } }' } }),
      request({ body: { query: "{ me { ... on Learner @defer { id } } }" } }),
    ];
    for (const req of refused) expect(plainSignedInOperation(req), JSON.stringify(req)).toBeNull();
  });
});

/**
 * The shortcut answers exactly as Yoga does. Each request is sent twice: with an Accept the shortcut serves, and with
 * one it leaves to Yoga that Yoga answers with the same media type (a charset parameter in Accept).
 */
describe("the shortcut's answers are Yoga's", () => {
  let app: TestApp;
  let learner: string;
  let owner: string;
  beforeAll(async () => {
    app = await startTestApp();
    learner = (await learnerWithToken(app)).token;
    owner = (await adminWithToken(app)).token;
  });
  afterAll(async () => {
    await app.close();
  });

  const send = async (token: string, accept: string, body: unknown) => {
    const res = await app.fetch("/graphql", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept, "accept-encoding": "identity" },
      body: JSON.stringify(body),
    });
    return { status: res.status, type: res.headers.get("content-type"), cache: res.headers.get("cache-control"), body: await res.text() };
  };
  const pairs = [
    [WEB_ACCEPT, "application/graphql-response+json; charset=utf-8, application/json"],
    ["application/json", "application/json; charset=utf-8"],
  ] as const;

  const cases: [string, () => string, unknown][] = [
    ["a query", () => learner, { query: "query Me { me { __typename ... on Learner { firstName email role } } }", operationName: "Me" }],
    [
      "a list with its relations",
      () => owner,
      { query: "{ invoices(first: 5) { totalCount edges { node { id number learner { id } } } } }" },
    ],
    ["a field the caller may not read", () => learner, { query: "{ invoices(first: 5) { totalCount } }" }],
    ["an unknown field (invalid document)", () => learner, { query: "{ me { nope } }" }],
    ["unparsable text", () => learner, { query: "{ me { " }],
    [
      "a variable of the wrong type",
      () => owner,
      { query: "query Q($n: Int) { invoices(first: $n) { totalCount } }", variables: { n: "ten" } },
    ],
    ["an unknown operation name", () => learner, { query: "query A { me { __typename } }", operationName: "B" }],
    ["two operations and no name", () => learner, { query: "query A { me { __typename } } query B { me { __typename } }" }],
    [
      "a query deeper than the limit",
      () => owner,
      { query: "{ tracks(first: 1) { edges { node { courses { track { courses { track { id } } } } } } } }" },
    ],
    [
      "a refused mutation (typed error or refusal)",
      () => learner,
      { query: 'mutation { createInvoice(input: { amount: 1, status: PAID, description: "x" }) { __typename } }' },
    ],
  ];

  for (const [name, token, body] of cases) {
    it(name, async () => {
      for (const [shortcut, yoga] of pairs) {
        const [viaShortcut, viaYoga] = [await send(token(), shortcut, body), await send(token(), yoga, body)];
        expect(viaShortcut).toEqual(viaYoga);
      }
    });
  }
});
