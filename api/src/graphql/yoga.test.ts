import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { learnerWithToken } from "#testing/accounts.ts";
import { startTestApp, type TestApp } from "#testing/app.ts";

// The public cache's key function, watched: it normalises and hashes the operation (lexing all of its text).
const keys = vi.hoisted(() => ({ calls: 0 }));
vi.mock("../cache/public-cache.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("../cache/public-cache.ts")>();
  return {
    ...original,
    operationKey: (...args: Parameters<typeof original.operationKey>) => {
      keys.calls++;
      return original.operationKey(...args);
    },
  };
});

/** The GraphQL server's per-request work (yoga.ts). */
describe("GraphQL server (yoga.ts)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it("a signed-in request computes no public-cache key (it is never kept); an anonymous one does", async () => {
    const { token } = await learnerWithToken(app);
    keys.calls = 0;
    const signedIn = await app.graphql("query Tracks { tracks(first: 1) { edges { node { id } } } }", {}, token);
    expect(signedIn.errors).toBeUndefined();
    expect(keys.calls).toBe(0);
    const anonymous = await app.graphql("query Tracks { tracks(first: 1) { edges { node { id } } } }");
    expect(anonymous.errors).toBeUndefined();
    expect(keys.calls).toBeGreaterThan(0);
  });
});
