import { createConfig, lintFromString } from "@redocly/openapi-core";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "#testing/app.ts";
import { record } from "./lib/report.ts";

/**
 * Items 8.50-8.52, the REST API's description: the OpenAPI document generated from the routes' schemas passes
 * Redocly's recommended rules, every method a documented path lacks answers 405 with a true Allow header, and the
 * development docs page renders every operation without contacting another host. (api/src/rest/answers.test.ts
 * checks every route's answers against the document.)
 */

const METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"];

interface OpenApi {
  paths: Record<string, Record<string, unknown>>;
}

describe("8.5 the REST API's OpenAPI document", () => {
  let app: TestApp;
  let doc: OpenApi;

  beforeAll(async () => {
    app = await startTestApp();
    doc = (await (await app.fetch("/api/openapi.json")).json()) as OpenApi;
  });
  afterAll(() => app?.close());

  it("8.50 Redocly's recommended rules on the served document", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: "openapi.json", config });
    const errors = problems.filter((p) => p.severity === "error").length;
    const warnings = problems.filter((p) => p.severity === "warn").length;
    const operations = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
    record({
      item: "8.50",
      check: `OpenAPI 3.1 document generated from the REST routes' schemas (${operations} operations), linted with Redocly's recommended rules`,
      figure: `${errors} errors, ${warnings} warnings`,
      target: "0 errors, 0 warnings",
      met: errors === 0 && warnings === 0,
    });
    expect(problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
  });

  it("8.51 every method a documented path lacks answers 405 with the path's methods in Allow", async () => {
    let calls = 0;
    const wrong: string[] = [];
    for (const [template, item] of Object.entries(doc.paths)) {
      const path = template.replace(/\{\w+\}/g, "00000000-0000-4000-8000-000000000000");
      const documented = Object.keys(item).map((m) => m.toUpperCase());
      const allowed = METHODS.filter((m) => documented.includes(m) || (m === "HEAD" && documented.includes("GET")));
      for (const method of METHODS.filter((m) => !allowed.includes(m))) {
        calls++;
        const res = await app.fetch(path, { method });
        const body = method === "HEAD" ? null : ((await res.json()) as { message?: unknown; errors?: unknown });
        const shaped = body === null || (typeof body.message === "string" && Array.isArray(body.errors));
        if (res.status !== 405 || res.headers.get("allow") !== allowed.join(", ") || !shaped) {
          wrong.push(`${method} ${template}: ${res.status} Allow ${res.headers.get("allow")}`);
        }
      }
    }
    record({
      item: "8.51",
      check: `REST: every method a documented path does not have (${Object.keys(doc.paths).length} paths × GET/HEAD/POST/PUT/DELETE/PATCH/OPTIONS)`,
      figure: `${calls} calls: ${calls - wrong.length} answered 405 with a true Allow and {message, errors}`,
      target: "all 405 with Allow",
      met: wrong.length === 0 && calls > 0,
    });
    expect(wrong).toEqual([]);
  });

  it("8.52 the docs page (development) renders every operation from this server alone", async () => {
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
    try {
      const page = await browser.newPage();
      const hosts = new Set<string>();
      const errors: string[] = [];
      page.on("request", (request) => hosts.add(new URL(request.url()).host));
      page.on("pageerror", (error) => errors.push(String(error)));
      await page.goto(`${app.url}/api/docs`);
      await page.waitForSelector(".opblock", { timeout: 20_000 });
      const rendered = await page.locator(".opblock").count();
      const operations = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
      const own = new URL(app.url).host;
      const others = [...hosts].filter((host) => host !== own);
      record({
        item: "8.52",
        check: "Swagger UI at /api/docs (development) in Chromium, under the app's Content-Security-Policy",
        figure: `${rendered}/${operations} operations rendered; other hosts contacted: ${others.length ? others.join(", ") : "none"}; ${errors.length} page errors`,
        target: "every operation, no other host, no errors",
        met: rendered === operations && others.length === 0 && errors.length === 0,
      });
      expect([rendered, others, errors]).toEqual([operations, [], []]);
    } finally {
      await browser.close();
    }
  });
});
