import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { learnerWithToken } from "#testing/accounts.ts";
import { startTestApp, type TestApp } from "#testing/app.ts";
import { rawRequest } from "#testing/http.ts";
import { PUBLIC_CACHE_CONTROL } from "../api/src/http/security.ts";
import { seedDemoData } from "../api/src/seed/demo.ts";
import { ADMIN_PAGES, LEARNER_PAGES } from "../common/site-paths.ts";
import { record } from "./lib/report.ts";

/**
 * Items 8.70-8.72, what the HTTP layer sends beyond the answer itself: validators and revalidation of public answers,
 * compression of every large answer, and the status of page addresses. The cases are in api/src/http/compression.test.ts
 * and hosts.test.ts; these add the figures.
 */
describe("8. HTTP caching, compression and page statuses", () => {
  let app: TestApp;
  let token: string;
  let trackId: string;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), "dist-"));
    for (const site of ["admin", "learner"]) {
      mkdirSync(join(dist, site));
      writeFileSync(join(dist, site, "index.html"), `<!doctype html><title>${site}</title>`);
    }
    app = await startTestApp({}, { webDist: dist });
    await seedDemoData(app.services.db.prisma, app.services.storage);
    token = (await learnerWithToken(app)).token;
    trackId = (await app.services.db.prisma.track.findFirstOrThrow()).id;
  });
  afterAll(() => app.close());

  const raw = (path: string, headers: Record<string, string> = {}, host?: string) => rawRequest(`${app.url}${path}`, { headers, host });

  it("8.70 public answers carry Cache-Control and an ETag, and a revalidation of an unchanged one costs a 304 without a body", async () => {
    const paths = ["/api/tracks", `/api/tracks/${trackId}`, "/api/openapi.json"];
    const rows: string[] = [];
    let met = true;
    for (const path of paths) {
      const first = await raw(path);
      const bytes = (await first.arrayBuffer()).byteLength;
      const etag = first.headers.get("etag") ?? "";
      const again = await raw(path, { "if-none-match": etag });
      const againBytes = (await again.arrayBuffer()).byteLength;
      const ok = first.headers.get("cache-control") === PUBLIC_CACHE_CONTROL && etag !== "" && again.status === 304 && againBytes === 0;
      met &&= ok;
      rows.push(`${path}: ${bytes} B, then ${again.status} with ${againBytes} B`);
    }
    record({
      item: "8.70",
      check: `${paths.length} public REST answers fetched, then revalidated with their ETag (If-None-Match)`,
      figure: rows.join("; "),
      target: `Cache-Control "${PUBLIC_CACHE_CONTROL}", an ETag, 304 with 0 bytes`,
      met,
    });
    expect(met).toBe(true);
  });

  it("8.71 every API answer above 1 kB is compressed for a client that accepts it, signed in or not", async () => {
    const auth = { authorization: `Bearer ${token}` };
    const cases: [string, string, Record<string, string>][] = [
      ["REST tracks, anonymous", "/api/tracks", {}],
      ["REST tracks, signed in", "/api/tracks", auth],
      ["OpenAPI document", "/api/openapi.json", {}],
      [
        "GraphQL catalogue, signed in",
        `/graphql?query=${encodeURIComponent("{ tracks(first: 20) { edges { node { id name description } } } }")}`,
        auth,
      ],
    ];
    const rows: string[] = [];
    let met = true;
    for (const [what, path, headers] of cases) {
      const plain = (await (await raw(path, { ...headers, "x-graphql-yoga-csrf": "1" })).arrayBuffer()).byteLength;
      const packed = await raw(path, { ...headers, "x-graphql-yoga-csrf": "1", "accept-encoding": "br, gzip" });
      const size = (await packed.arrayBuffer()).byteLength;
      const encoding = packed.headers.get("content-encoding");
      met &&= plain > 1024 && encoding === "br" && size < plain;
      rows.push(`${what}: ${(plain / 1000).toFixed(1)} kB → ${(size / 1000).toFixed(1)} kB ${encoding ?? "identity"}`);
    }
    record({
      item: "8.71",
      check: `${cases.length} answers above 1 kB, without and with Accept-Encoding: br, gzip`,
      figure: rows.join("; "),
      target: "br for each, smaller than the JSON",
      met,
    });
    expect(met).toBe(true);
  });

  it("8.72 page addresses: every page of each site's list answers 200, any other address 404 (the same HTML)", async () => {
    const id = "7b0e2f9a-4c1d-4e8b-9a3f-2d6c5b4a3e21";
    const concrete = (path: string) => path.replace(":trackId", id);
    const sites = [
      { site: "admin", host: "admin.localhost", pages: Object.values(ADMIN_PAGES), others: ["/trek", "/learner-tracks", "/trackdetails"] },
      {
        site: "learner",
        host: "localhost",
        pages: Object.values(LEARNER_PAGES),
        others: ["/trek", "/learner", "/learner-signup", "/dashboard"],
      },
    ];
    const rows: string[] = [];
    let met = true;
    for (const { site, host, pages, others } of sites) {
      const known = await Promise.all(pages.map(async (p) => (await raw(concrete(p), {}, host)).status));
      const unknown = await Promise.all(others.map(async (p) => raw(p, {}, host)));
      const unknownOk = await Promise.all(unknown.map(async (r) => r.status === 404 && (await r.text()).includes(`<title>${site}`)));
      met &&= known.every((s) => s === 200) && unknownOk.every(Boolean);
      rows.push(
        `${site}: ${known.filter((s) => s === 200).length}/${pages.length} pages 200, ${unknownOk.filter(Boolean).length}/${others.length} others 404 with the page`,
      );
    }
    record({
      item: "8.72",
      check: "each site's pages (the list the client router is built from) and addresses outside it, incl. the old dead links",
      figure: rows.join("; "),
      target: "pages 200; others 404 with the app's HTML",
      met,
    });
    expect(met).toBe(true);
  });
});
