import type { GraphQLResolveInfo } from "graphql";
import { createSchema, createYoga, type Plugin } from "graphql-yoga";
import { describe, expect, it } from "vitest";
import { graphqlJsExecution, responseCacheKey, SIGNED_IN_KEY } from "./yoga.ts";

const request = (headers: Record<string, string> = {}) => new Request("http://localhost/graphql", { method: "POST", headers });

/** Yoga's response cache asks for a key on every request (yoga.ts). */
describe("the response cache's key (yoga.ts)", () => {
  // Text the GraphQL lexer refuses: normalising it fails, so a key made from it says "unparsable".
  const unlexable = 'query { tracks(search: "never closed) { id } }';

  it("a signed-in request gets a fixed key without its operation being read (its answer is never kept)", () => {
    expect(responseCacheKey({ documentString: unlexable, request: request({ authorization: "Bearer x" }) })).toBe(SIGNED_IN_KEY);
  });

  it("an anonymous request's key is its normalised operation, name and variables", () => {
    expect(responseCacheKey({ documentString: unlexable, request: request() })).toBe(`unparsable:${unlexable}`);
    const a = responseCacheKey({
      documentString: "query A { tracks { id } }",
      operationName: "A",
      variableValues: { x: 1 },
      request: request(),
    });
    const b = responseCacheKey({
      documentString: "query A {\n  tracks { id }\n}",
      operationName: "A",
      variableValues: { x: 1 },
      request: request(),
    });
    expect(a).toBe(b);
    expect(a).not.toBe(SIGNED_IN_KEY);
    expect(
      responseCacheKey({ documentString: "query A { tracks { id } }", operationName: "A", variableValues: { x: 2 }, request: request() }),
    ).not.toBe(a);
  });
});

describe("the executor (yoga.ts graphqlJsExecution)", () => {
  /** The resolve info a resolver gets, and the answer, from a Yoga with the given plugins. */
  async function run(plugins: Plugin[]) {
    let seen: GraphQLResolveInfo | undefined;
    const schema = createSchema({
      typeDefs: "type Query { hello(name: String!): String! }",
      resolvers: {
        Query: {
          hello: (_root: unknown, args: { name: string }, _ctx: unknown, info: GraphQLResolveInfo) => {
            seen = info;
            return `hello ${args.name}`;
          },
        },
      },
    });
    const yoga = createYoga({ schema, plugins, logging: false });
    const res = await yoga.fetch("http://localhost/graphql", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "query Q($n: String!) { hello(name: $n) }", variables: { n: "ada" } }),
    });
    return { body: await res.json(), info: seen };
  }

  it("operations run on graphql-js's executor (Yoga's default adds per-field bookkeeping), with the same answer", async () => {
    const ours = await run([graphqlJsExecution]);
    const yogas = await run([]);
    expect(ours.body).toEqual({ data: { hello: "hello ada" } });
    expect(yogas.body).toEqual(ours.body);
    // @graphql-tools/executor's resolve info carries an abort signal getter; graphql-js 16's does not.
    expect(yogas.info && "getAbortSignal" in yogas.info).toBe(true);
    expect(ours.info && "getAbortSignal" in ours.info).toBe(false);
  });
});
