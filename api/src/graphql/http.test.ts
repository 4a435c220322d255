import { serverAudits } from "graphql-http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "#testing/app.ts";
import { graphiqlReferences } from "./checks.ts";
import { ARMOR_LIMITS, MAX_GRAPHQL_BODY_BYTES, VALIDATION_LIMITS } from "./yoga.ts";

/** GraphQL over HTTP: how refusals and partial failures are answered. */
describe("GraphQL over HTTP", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it("passes every audit of graphql-http (the GraphQL-over-HTTP spec), MUST, SHOULD and MAY, with and without the CSRF header", async () => {
    const failing: string[] = [];
    // Without the header (GET queries need none, see csrfPrevention in yoga.ts), then with it; by the second run the
    // audits' query is kept in the public cache.
    const withHeader = (input: RequestInfo | URL, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      headers.set("x-graphql-yoga-csrf", "1");
      return fetch(input, { ...init, headers });
    };
    for (const [label, fetchFn] of [
      ["without the CSRF header", fetch],
      ["with the CSRF header", withHeader],
    ] as const) {
      for (const audit of serverAudits({ url: `${app.url}/graphql`, fetchFn })) {
        const result = await audit.fn();
        if (result.status !== "ok") failing.push(`${label}: ${result.status} ${audit.id} ${audit.name}: ${result.reason}`);
      }
    }
    expect(failing).toEqual([]);
  });

  it("a query over GET needs no CSRF header; a mutation over GET is refused, and a form's POST needs the header", async () => {
    const get = await app.fetch("/graphql?query=%7B__typename%7D", { headers: { accept: "application/graphql-response+json" } });
    expect([get.status, await get.json()]).toEqual([200, { data: { __typename: "Query" } }]);
    const mutation = await app.fetch(`/graphql?query=${encodeURIComponent("mutation { logout { __typename } }")}`);
    expect(mutation.status).toBe(405);
    const body = new FormData();
    body.set("operations", JSON.stringify({ query: "mutation { logout { __typename } }" }));
    body.set("map", "{}");
    expect((await app.fetch("/graphql", { method: "POST", body })).status).toBe(403);
  });

  it("refuses malformed parameters (400) for a query whose answer is kept as for a fresh one", async () => {
    const ask = (body: Record<string, unknown>) =>
      app.fetch("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/graphql-response+json" },
        body: JSON.stringify(body),
      });
    // Kept by the public cache (an anonymous query without errors), as the second answer's ETag shows.
    const query = "{ kept: __typename }";
    expect((await ask({ query })).status).toBe(200);
    expect((await ask({ query })).headers.get("etag")).toBeTruthy();
    const malformed = [
      ...[{}, 1, true, ["Q"]].map((operationName) => ({ query, operationName })),
      ...["x", 1, true, [1]].map((extensions) => ({ query, extensions })),
      { query, variables: "x" },
      { query, unexpected: 1 },
    ];
    const answers = [];
    for (const body of malformed) answers.push(`${JSON.stringify(body)} ${(await ask(body)).status}`);
    expect(answers).toEqual(malformed.map((body) => `${JSON.stringify(body)} 400`));
    // Well-formed variants still come from the cache.
    expect((await ask({ query, operationName: null, extensions: {} })).status).toBe(200);
  });

  const post = async (query: string, accept: string) => {
    const res = await app.fetch("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", accept },
      body: JSON.stringify({ query }),
    });
    return { status: res.status, body: (await res.json()) as { data?: unknown; errors?: { message: string }[] } };
  };

  const nested = (depth: number) => {
    const chain = ["tracks(first: 1)", "edges", "node"];
    while (chain.length < depth - 1) chain.push(chain.length % 2 === 1 ? "courses" : "track");
    return `{ ${chain.join(" { ")} { id }${" }".repeat(chain.length - 1)} }`;
  };
  const refusals = {
    depth: { query: nested(ARMOR_LIMITS.maxDepth + 1), message: `Query depth limit of ${ARMOR_LIMITS.maxDepth} exceeded` },
    aliases: {
      query: `{ ${Array.from({ length: ARMOR_LIMITS.maxAliases + 1 }, (_, i) => `a${i}: __typename`).join(" ")} }`,
      message: `Aliases limit of ${ARMOR_LIMITS.maxAliases} exceeded`,
    },
    directives: {
      query: `{ __typename ${"@include(if: true) ".repeat(ARMOR_LIMITS.maxDirectives + 1)}}`,
      message: `Directives limit of ${ARMOR_LIMITS.maxDirectives} exceeded`,
    },
    cost: {
      query: `{ ${Array.from({ length: 12 }, (_, i) => `a${i}: tracks(first: 100) { edges { node { courses { edges { node { id title description } } } } } }`).join(" ")} }`,
      message: `Query Cost limit of ${ARMOR_LIMITS.maxCost} exceeded`,
    },
    // Under every limit above (no alias, depth 1, cost 708, 710 tokens), but past graphql-js's conflict check's budget.
    "field comparisons": {
      query: `{ ${"__typename ".repeat(708)}}`,
      message: `Field comparison limit of ${VALIDATION_LIMITS.fieldComparisons} exceeded`,
    },
  };

  for (const [kind, { query, message }] of Object.entries(refusals)) {
    it(`refuses a query over the ${kind} limit: 400 for graphql-response+json, 200 for json, no data, a plain message`, async () => {
      const strict = await post(query, "application/graphql-response+json");
      expect(strict.status).toBe(400);
      expect(strict.body.data).toBeUndefined();
      expect(strict.body.errors?.[0]?.message).toContain(message);
      expect(strict.body.errors?.[0]?.message).not.toMatch(/^Syntax Error/);
      const legacy = await post(query, "application/json");
      expect(legacy.status).toBe(200);
      expect(legacy.body.data).toBeUndefined();
      expect(legacy.body.errors?.[0]?.message).toContain(message);
    });
  }

  it("answers a request body over the size limit 413 with a GraphQL error when a GraphQL answer was asked for", async () => {
    const answers = [];
    for (const bytes of [100 * 1024, 3 * 1024 * 1024]) {
      for (const accept of ["application/graphql-response+json", "application/json"]) {
        const res = await app.fetch("/graphql", {
          method: "POST",
          headers: { "content-type": "application/json", accept },
          body: JSON.stringify({ query: "{ __typename }", padding: "x".repeat(bytes) }),
        });
        const body = (await res.json()) as { errors?: { message: string }[] };
        answers.push({ bytes, accept, status: res.status, type: res.headers.get("content-type"), body });
      }
    }
    const message = `Request body is too large: a GraphQL request may be at most 64 kB of JSON (a multipart upload, ${MAX_GRAPHQL_BODY_BYTES / 1024 / 1024} MB).`;
    expect(answers).toEqual(
      [100 * 1024, 3 * 1024 * 1024].flatMap((bytes) =>
        ["application/graphql-response+json", "application/json"].map((accept) => ({
          bytes,
          accept,
          status: 413,
          type: `${accept}; charset=utf-8`,
          body: { errors: [{ message }] },
        })),
      ),
    );
    // JSON that does not parse: the same shape, with its 400.
    const broken = await app.fetch("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/graphql-response+json" },
      body: "{not json",
    });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { errors: { message: string }[] }).errors[0]?.message).toBeTruthy();
  });

  it("answers a hash-only persisted query with the standard PersistedQueryNotSupported error", async () => {
    const hashOnly = {
      extensions: { persistedQuery: { version: 1, sha256Hash: "ecf4edb46db40b5132295c0291d62fb65d6759a9eedfa4d5d612dd5ec54a6b38" } },
    };
    const expected = { errors: [{ message: "PersistedQueryNotSupported", extensions: { code: "PERSISTED_QUERY_NOT_SUPPORTED" } }] };
    for (const [accept, status] of [
      ["application/graphql-response+json", 400],
      ["application/json", 200],
    ] as const) {
      const res = await app.fetch("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", accept },
        body: JSON.stringify(hashOnly),
      });
      expect([res.status, await res.json()]).toEqual([status, expected]);
    }
    // The client then sends the query with its hash: answered as any query.
    const withQuery = await app.fetch("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/graphql-response+json" },
      body: JSON.stringify({ query: "{ __typename }", ...hashOnly }),
    });
    expect([withQuery.status, await withQuery.json()]).toEqual([200, { data: { __typename: "Query" } }]);
  });

  it("refuses graphql-sse's single connection mode with an answer that names the mode it serves", async () => {
    const reserve = await app.fetch("/graphql", { method: "PUT", headers: { accept: "text/plain" } });
    expect(reserve.status).toBe(405);
    expect(reserve.headers.get("allow")).toBe("GET, POST");
    expect(JSON.stringify(await reserve.json())).toMatch(/single connection mode is not supported.*distinct connections mode/);
    const stream = await app.fetch("/graphql", {
      headers: { accept: "text/event-stream", "x-graphql-event-stream-token": "t", "x-graphql-yoga-csrf": "1" },
    });
    expect(stream.status).toBe(400);
    expect(JSON.stringify(await stream.json())).toMatch(/distinct connections mode/);
    expect((await app.fetch("/graphql", { method: "DELETE" })).status).toBe(405);
  });

  it("counts aliases of __typename: 15 pass, 16 are refused", async () => {
    const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: __typename`).join(" ")} }`;
    const allowed = await post(aliases(ARMOR_LIMITS.maxAliases), "application/graphql-response+json");
    expect(allowed.status).toBe(200);
    expect(allowed.body.errors).toBeUndefined();
    const refused = await post(aliases(ARMOR_LIMITS.maxAliases + 1), "application/graphql-response+json");
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.message).toMatch(/alias/i);
  });

  it("nodes(ids:) answers null with an error at the entry of an undecodable id, and resolves the others", async () => {
    const track = await app.services.db.prisma.track.create({
      data: { name: "Nodes", priceCents: 100, duration: "1 week", instructor: "I", description: "D" },
    });
    const id = Buffer.from(`Track:${track.id}`).toString("base64");
    const res = await app.graphql<{ nodes: ({ id: string } | null)[] }>(
      `query ($ids: [ID!]!) { nodes(ids: $ids) { id ... on Track { name } } }`,
      { ids: [id, "not an id!", Buffer.from("no colon").toString("base64"), id, Buffer.from(`Query:${track.id}`).toString("base64")] },
    );
    expect(res.data?.nodes, JSON.stringify(res.errors)).toEqual([{ id, name: "Nodes" }, null, null, { id, name: "Nodes" }, null]);
    const errors = (res.errors ?? []) as { message: string; path?: (string | number)[] }[];
    expect(errors.map((e) => e.path)).toEqual([
      ["nodes", 1],
      ["nodes", 2],
      ["nodes", 4],
    ]);
    expect(errors[0]?.message).toBe("Invalid ID.");
  });

  it("serves GraphiQL from this server: the page references no other host, and every file it references answers 200", async () => {
    const { status, html, references, external, answers } = await graphiqlReferences(app.fetch);
    expect(status).toBe(200);
    expect(html).toMatch(/graphiql/i);
    expect(html).not.toMatch(/(https?:)?\/\/(unpkg|cdn|jsdelivr|esm\.sh)/i);
    expect(external).toEqual([]);
    expect(references.length).toBeGreaterThanOrEqual(3);
    // The page's script, styles and icon, and the editor's three workers.
    expect(answers.length).toBe(references.length + 3);
    for (const answer of answers) {
      expect(answer.status, answer.path).toBe(200);
      expect(answer.bytes, answer.path).toBeGreaterThan(0);
    }
  });

  it("keeps the app's Content-Security-Policy on the GraphiQL page (scripts from this server only)", async () => {
    const page = await app.fetch("/graphql", { headers: { accept: "text/html" } });
    const policy = page.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("connect-src 'self';");
    // The editor's icon fonts are data: URLs; nothing else is loosened.
    expect(policy).toContain("font-src 'self' data:;");
  });

  it("in production neither GraphiQL nor its files are served", async () => {
    const prod = await startTestApp({ NODE_ENV: "production" });
    try {
      const page = await prod.fetch("/graphql", { headers: { accept: "text/html" } });
      expect(await page.text()).not.toMatch(/graphiql/i);
      expect((await prod.fetch("/graphql/graphiql/graphiql.js")).status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
