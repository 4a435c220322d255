import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminWithToken, learnerWithToken } from "#testing/accounts.ts";
import { startTestApp, type TestApp } from "#testing/app.ts";
import { rawRequest } from "#testing/http.ts";
import { seedDemoData } from "../seed/demo.ts";
import { PUBLIC_CACHE_CONTROL } from "./security.ts";

const CATALOGUE = "{ tracks(first: 20) { edges { node { id name description instructor duration price } } } }";

/** The body as the client reads it, decoded from the Content-Encoding the server chose. */
async function decoded(res: Response): Promise<string> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const encoding = res.headers.get("content-encoding");
  if (encoding === "br") return brotliDecompressSync(bytes).toString("utf8");
  if (encoding === "gzip") return gunzipSync(bytes).toString("utf8");
  expect(encoding).toBeNull();
  return bytes.toString("utf8");
}

/** Compression and HTTP validators on API answers: everything large is compressed, public answers revalidate. */
/** A 304 stands for the 200 it revalidates: no Content-Length of its own (RFC 9110), and the same Vary. */
function notModified(res: Response) {
  expect(res.headers.get("content-length")).toBeNull();
  expect(res.headers.get("vary") ?? "").toMatch(/accept-encoding/i);
}

describe("compression and caching of API answers", () => {
  let app: TestApp;
  let learnerToken: string;
  let adminToken: string;
  let trackId: string;
  beforeAll(async () => {
    app = await startTestApp();
    await seedDemoData(app.services.db.prisma, app.services.storage);
    learnerToken = (await learnerWithToken(app)).token;
    adminToken = (await adminWithToken(app)).token;
    trackId = (await app.services.db.prisma.track.findFirstOrThrow()).id;
  });
  afterAll(() => app.close());

  const raw = (path: string, headers: Record<string, string> = {}, init: RequestInit = {}) =>
    rawRequest(`${app.url}${path}`, { ...init, headers });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it("compresses signed-in REST answers above the threshold, as the client accepts (br, then gzip, else none)", async () => {
    const plain = await raw("/api/tracks", bearer(learnerToken));
    const json = await plain.text();
    expect(json.length).toBeGreaterThan(1024);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(plain.headers.get("cache-control")).toBe("no-store");
    const br = await raw("/api/tracks", { ...bearer(learnerToken), "accept-encoding": "gzip, deflate, br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("cache-control")).toBe("no-store");
    expect(br.headers.get("etag")).toBeNull();
    const brText = await decoded(br);
    expect(JSON.parse(brText)).toEqual(JSON.parse(json));
    const gz = await raw("/api/tracks", { ...bearer(learnerToken), "accept-encoding": "gzip" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(JSON.parse(await decoded(gz))).toEqual(JSON.parse(json));
  });

  it("compresses signed-in GraphQL answers, and leaves small answers as they are", async () => {
    const post = (query: string, headers: Record<string, string>) =>
      raw("/graphql", { "content-type": "application/json", ...headers }, { method: "POST", body: JSON.stringify({ query }) });
    const big = await post(CATALOGUE, { ...bearer(adminToken), "accept-encoding": "br" });
    expect(big.status).toBe(200);
    expect(big.headers.get("content-encoding")).toBe("br");
    expect(big.headers.get("cache-control")).toBe("no-store");
    const data = JSON.parse(await decoded(big));
    expect(data.data.tracks.edges.length).toBeGreaterThan(1);
    const small = await post("{ me { __typename } }", { ...bearer(adminToken), "accept-encoding": "br" });
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(JSON.parse(await small.text())).toEqual({ data: { me: { __typename: "Admin" } } });
  });

  it("the OpenAPI document is compressed, public, with an ETag; a matching If-None-Match gets 304", async () => {
    for (let round = 0; round < 2; round++) {
      const res = await raw("/api/openapi.json", { "accept-encoding": "br" });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding"), `round ${round}`).toBe("br");
      expect(res.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
      const etag = res.headers.get("etag") as string;
      expect(etag).toMatch(/^W\/".+"$/);
      expect(JSON.parse(await decoded(res)).openapi).toMatch(/^3\./);
      const again = await raw("/api/openapi.json", { "accept-encoding": "br", "if-none-match": etag });
      expect(again.status, `round ${round}`).toBe(304);
      expect(again.headers.get("etag")).toBe(etag);
      expect(again.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
      notModified(again);
      expect(await again.text()).toBe("");
    }
    // Signed in, the same document is personal to no one but still not kept by caches (no-store), and compressed.
    const signedIn = await raw("/api/openapi.json", { ...bearer(learnerToken), "accept-encoding": "gzip" });
    expect(signedIn.headers.get("content-encoding")).toBe("gzip");
    expect(signedIn.headers.get("cache-control")).toBe("no-store");
  });

  it("public track answers carry Cache-Control and an ETag, answer 304 when unchanged, and a new ETag after a change", async () => {
    for (const path of ["/api/tracks", `/api/tracks/${trackId}`]) {
      // The first request fills the public cache, the second is answered from it: the same validator both times.
      const first = await raw(path, { "accept-encoding": "br" });
      const second = await raw(path, { "accept-encoding": "br" });
      for (const res of [first, second]) {
        expect(res.status, path).toBe(200);
        expect(res.headers.get("cache-control"), path).toBe(PUBLIC_CACHE_CONTROL);
      }
      const etag = first.headers.get("etag") as string;
      expect(etag, path).toMatch(/^W\/".+"$/);
      expect(second.headers.get("etag")).toBe(etag);
      expect(JSON.parse(await decoded(second))).toEqual(JSON.parse(await decoded(first)));
      const unchanged = await raw(path, { "if-none-match": `"other", ${etag}` });
      expect(unchanged.status, path).toBe(304);
      expect(unchanged.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
      expect(unchanged.headers.get("etag")).toBe(etag);
      notModified(unchanged);
      expect((await raw(path, { "if-none-match": '"other"' })).status).toBe(200);
    }
    const before = (await raw(`/api/tracks/${trackId}`)).headers.get("etag") as string;
    const form = new FormData();
    for (const [k, v] of Object.entries({ name: "Renamed", price: "10", duration: "1 week", instructor: "I", description: "D" }))
      form.append(k, v);
    const put = await app.fetch(`/api/tracks/${trackId}`, { method: "PUT", headers: bearer(adminToken), body: form });
    expect(put.status).toBe(200);
    const after = await raw(`/api/tracks/${trackId}`, { "if-none-match": before });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(before);
    expect(JSON.parse(await after.text()).track.name).toBe("Renamed");
  });

  it("public GraphQL GETs carry Cache-Control and Yoga's ETag, and revalidate with 304", async () => {
    const path = `/graphql?query=${encodeURIComponent(CATALOGUE)}`;
    const first = await raw(path, { accept: "application/json", "accept-encoding": "br", "x-graphql-yoga-csrf": "1" });
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag") as string;
    expect(etag).toBeTruthy();
    expect(first.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
    expect(JSON.parse(await decoded(first)).data.tracks.edges.length).toBeGreaterThan(1);
    const again = await raw(path, { accept: "application/json", "if-none-match": etag, "x-graphql-yoga-csrf": "1" });
    expect(again.status).toBe(304);
    expect(again.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
    notModified(again);
    expect(await again.text()).toBe("");
  });

  it("leaves a byte range as it is: a 206 answer is never compressed", async () => {
    // The docs page's script (outside production) is a large file that @fastify/static serves in ranges.
    const range = await raw("/api/docs/static/swagger-ui-bundle.js", { range: "bytes=0-4095", "accept-encoding": "gzip, br" });
    expect(range.status).toBe(206);
    expect(range.headers.get("content-encoding")).toBeNull();
    expect(range.headers.get("content-range")).toMatch(/^bytes 0-4095\//);
    expect((await range.arrayBuffer()).byteLength).toBe(4096);
  });

  it("compresses the answer of a handler that calls reply.send() without returning it, whole", async () => {
    // The dev mailbox page is such a handler; enough mail makes its page larger than the threshold.
    const text = "A long mail body that makes the mailbox page large enough to compress. ".repeat(20);
    await app.services.db.prisma.outboxMail.createMany({
      data: [1, 2, 3].map((n) => ({ to: `mailbox-${n}@example.com`, subject: `Mail ${n}`, text, html: text })),
    });
    const res = await raw("/dev/mailbox", { "accept-encoding": "br" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    const html = await decoded(res);
    expect(html).toContain("mailbox-3@example.com");
    expect(html).toMatch(/<\/html>$/);
  });

  it("never compresses the Server-Sent Events stream of a subscription", async () => {
    const query = 'subscription { paymentStatus(reference: "no-such-reference") { __typename } }';
    const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const req = request(`${app.url}/graphql?query=${encodeURIComponent(query)}`, {
        headers: { accept: "text/event-stream", "accept-encoding": "br, gzip", "x-graphql-yoga-csrf": "1", ...bearer(learnerToken) },
      });
      req.on("response", (res) => {
        resolve({ ...res.headers, status: res.statusCode });
        res.destroy();
      });
      req.on("error", reject);
      req.end();
    });
    expect(headers.status).toBe(200);
    expect(String(headers["content-type"])).toMatch(/^text\/event-stream/);
    // Yoga marks the stream `Content-Encoding: none` (so that proxies leave it alone too); it is never br or gzip.
    expect([undefined, "none"]).toContain(headers["content-encoding"]);
  });
});
