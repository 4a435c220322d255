import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "#testing/app.ts";

const CATALOGUE = "query Catalogue($n: Int!) { tracks(first: $n) { edges { node { id name description } } } }";
const LIMIT_BYTES = 1024 * 1024;

/**
 * Anonymous request floods against the public cache: requests that differ only in what the answer ignores share one
 * entry, distinct answers stay within the byte bound, and oversized bodies are refused before they are kept anywhere.
 */
describe("public cache under a flood of anonymous requests", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ PUBLIC_CACHE_MAX_MB: "1" });
    await app.services.db.prisma.track.createMany({
      data: Array.from({ length: 100 }, (_, i) => ({
        name: `Track ${i}`,
        priceCents: 1000,
        duration: "1 week",
        instructor: "I",
        description: `What track ${i} teaches. `.repeat(40),
      })),
    });
  });
  afterAll(() => app.close());

  const post = (body: unknown) =>
    app.fetch("/graphql", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  /** An empty cache to start from. A clear repeats itself a second later (for reads racing a write): start after it. */
  async function emptyCache() {
    app.services.publicCache.clear();
    await new Promise((r) => setTimeout(r, 1100));
  }

  it("requests differing in extensions, spacing and comments share one entry", async () => {
    await emptyCache();
    const first = await post({ query: CATALOGUE, variables: { n: 5 } });
    expect(first.status).toBe(200);
    const expected = await first.text();
    const kept = app.services.publicCache.usage().entries;
    app.queries.length = 0;
    for (let i = 0; i < 150; i++) {
      // About 50 kB of extensions each, and the operation spaced and commented differently.
      const query = `# request ${i}\n${CATALOGUE.replaceAll(" ", " ".repeat((i % 5) + 1))}`;
      const res = await post({ query, variables: { n: 5 }, extensions: { junk: `${i}-`.repeat(12_000 / String(i).length) } });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(expected);
    }
    expect(app.queries).toEqual([]);
    expect(app.services.publicCache.usage().entries).toBe(kept);
  });

  it("distinct answers stay within the byte bound, and the server keeps answering", async () => {
    // Without the wait, the repeated clear could empty the cache near the loop's end on a slow machine (seen in CI).
    await emptyCache();
    let peak = 0;
    for (let n = 1; n <= 100; n++) {
      const res = await post({ query: CATALOGUE, variables: { n } });
      expect(res.status).toBe(200);
      expect((await res.json()).data.tracks.edges).toHaveLength(n);
      peak = Math.max(peak, app.services.publicCache.usage().bytes);
    }
    const usage = app.services.publicCache.usage();
    expect(usage.maxBytes).toBe(LIMIT_BYTES);
    expect(peak).toBeLessThanOrEqual(LIMIT_BYTES);
    // It did keep answers (the bound evicts the oldest, it does not stop caching).
    expect(usage.entries).toBeGreaterThan(2);
    const again = await post({ query: CATALOGUE, variables: { n: 100 } });
    expect((await again.json()).data.tracks.edges).toHaveLength(100);
  });

  it("bodies over the JSON cap get 413 (GraphQL and REST), and the server keeps answering", async () => {
    const big = { query: CATALOGUE, variables: { n: 1 }, extensions: { junk: "x".repeat(100 * 1024) } };
    const graphql = await post(big);
    expect(graphql.status).toBe(413);
    const restLogin = await app.fetch("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "a@example.com", password: "x".repeat(100 * 1024) }),
    });
    expect(restLogin.status).toBe(413);
    expect((await restLogin.json()).message).toBe("The request is too large.");
    expect((await post({ query: CATALOGUE, variables: { n: 1 } })).status).toBe(200);
  });
});
