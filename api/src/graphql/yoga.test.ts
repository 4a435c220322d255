import { describe, expect, it } from "vitest";
import { responseCacheKey, SIGNED_IN_KEY } from "./yoga.ts";

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
