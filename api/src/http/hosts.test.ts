import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/app.ts";
import { siteForHost } from "./hosts.ts";

describe("host selection", () => {
  it("picks the admin console for hosts starting with the prefix", () => {
    expect(siteForHost("admin.localhost:4000", "admin.")).toBe("admin");
    expect(siteForHost("ADMIN.learn.example.com", "admin.")).toBe("admin");
    expect(siteForHost("localhost:4000", "admin.")).toBe("learner");
    expect(siteForHost("learn.example.com", "admin.")).toBe("learner");
    expect(siteForHost("administrator.example.com", "admin.")).toBe("learner");
    expect(siteForHost(undefined, "admin.")).toBe("learner");
    expect(siteForHost("staff.example.com", "staff.")).toBe("admin");
  });

  describe("over HTTP", () => {
    let app: TestApp;
    beforeAll(async () => {
      const dist = mkdtempSync(join(tmpdir(), "dist-"));
      for (const site of ["admin", "learner"]) {
        mkdirSync(join(dist, site));
        writeFileSync(join(dist, site, "index.html"), `<!doctype html><title>${site} site</title>`);
      }
      mkdirSync(join(dist, "assets"));
      writeFileSync(join(dist, "assets", "app-abc123.js"), "console.log(1)");
      app = await startTestApp({}, { webDist: dist });
    });
    afterAll(() => app.close());

    it("serves each site's page by host and leaves the API paths alone", async () => {
      const admin = await app.fetch("/dashboard", { host: "admin.localhost" });
      const learner = await app.fetch("/learner-tracks", { host: "localhost" });
      expect(admin.status).toBe(200);
      expect(learner.status).toBe(200);
      expect(admin.headers.get("content-type")).toMatch(/text\/html/);
      expect(await admin.text()).toContain("admin site");
      expect(await learner.text()).toContain("learner site");
      expect(await (await app.fetch("/", { host: "admin.localhost:4000" })).text()).toContain("admin site");
      const asset = await app.fetch("/assets/app-abc123.js");
      expect(asset.status).toBe(200);
      expect(asset.headers.get("cache-control")).toMatch(/immutable/);
      const api = await app.fetch("/api/no-such-route", { host: "admin.localhost" });
      expect(api.status).toBe(404);
      expect(await api.json()).toEqual({ message: "Not found." });
    });

    it("answers health and readiness", async () => {
      expect(await (await app.fetch("/healthz")).json()).toEqual({ status: "ok" });
      const ready = await app.fetch("/readyz");
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: "ready", checks: { database: "ok" } });
    });
  });
});
