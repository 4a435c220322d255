import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "#testing/app.ts";
import { storageOrigins } from "./security.ts";

describe("HTTP security", () => {
  let app: TestApp;
  let prod: TestApp;
  beforeAll(async () => {
    [app, prod] = await Promise.all([startTestApp(), startTestApp({ NODE_ENV: "production" })]);
  });
  afterAll(async () => {
    await Promise.all([app.close(), prod.close()]);
  });

  it("sends security headers: a CSP without inline scripts, nosniff, no framing, a referrer policy", async () => {
    const res = await prod.fetch("/");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("lets lesson videos play: YouTube and Vimeo embeds only as frames, media from the site (and the bucket on S3)", async () => {
    const csp = (await prod.fetch("/")).headers.get("content-security-policy") ?? "";
    expect(/frame-src ([^;]*)/.exec(csp)?.[1]?.trim()).toBe("https://www.youtube-nocookie.com https://player.vimeo.com");
    expect(/media-src ([^;]*)/.exec(csp)?.[1]?.trim()).toBe("'self'");
    const s3 = { kind: "s3", bucket: "b", prefix: "", region: "x", forcePathStyle: true } as const;
    expect(storageOrigins({ ...s3, endpoint: "http://127.0.0.1:9000/" })).toEqual(["http://127.0.0.1:9000"]);
    expect(storageOrigins({ ...s3, endpoint: "https://s3.example.com", forcePathStyle: false })).toEqual([
      "https://s3.example.com",
      "https://*.s3.example.com",
    ]);
    expect(storageOrigins(s3)).toEqual(["https://*.amazonaws.com"]);
    expect(storageOrigins({ kind: "local", dataDir: "/tmp" })).toEqual([]);
  });

  it("sends HSTS only behind HTTPS", async () => {
    expect((await prod.fetch("/healthz")).headers.get("strict-transport-security")).toBeNull();
    const https = await startTestApp({ NODE_ENV: "production", PUBLIC_URL: "https://learn.example.com" });
    try {
      // startTestApp points PUBLIC_URL at itself; the headers were registered with the configured HTTPS URL.
      expect((await https.fetch("/healthz")).headers.get("strict-transport-security")).toMatch(/max-age=31536000/);
    } finally {
      await https.close();
    }
  });

  it("refuses multipart GraphQL requests without the CSRF header", async () => {
    const form = new FormData();
    form.set("operations", JSON.stringify({ query: "{ tracks(first: 1) { edges { cursor } } }" }));
    form.set("map", "{}");
    const res = await app.fetch("/graphql", { method: "POST", body: form });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it("in production: no introspection, no GraphiQL, no field suggestions, masked unexpected errors", async () => {
    const introspection = await prod.graphql("{ __schema { types { name } } }");
    expect(introspection.errors?.[0]?.message).toMatch(/introspection/i);
    const graphiql = await prod.fetch("/graphql", { headers: { accept: "text/html" } });
    expect(await graphiql.text()).not.toMatch(/graphiql/i);
    const typo = await prod.graphql("{ trakcs { edges { cursor } } }");
    expect(JSON.stringify(typo.errors)).not.toMatch(/Did you mean/);
  });

  it("refuses queries that are too deep or have too many aliases before resolving", async () => {
    const aliases = Array.from({ length: 16 }, (_, i) => `a${i}: tracks(first: 1) { edges { cursor } }`).join(" ");
    const res = await app.graphql(`{ ${aliases} }`);
    expect(res.data).toBeUndefined();
    expect(res.errors?.[0]?.message).toMatch(/alias/i);
  });
});
