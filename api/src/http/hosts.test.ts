import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "#testing/app.ts";
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

    it("answers a path that is none of the site's pages with the same page and status 404", async () => {
      const id = "7b0e2f9a-4c1d-4e8b-9a3f-2d6c5b4a3e21";
      const known = {
        admin: ["/", "/dashboard", "/track", `/trackdetails/${id}`, "/trackdetails/VHJhY2s6eA==", "/report/", "/Staff"],
        learner: ["/", "/learner-tracks", `/learner-track-details/${id}`, `/checkout/${id}`, "/checkout", "/portal/invoices"],
      };
      const unknown = {
        admin: ["/no-such-page", "/trackdetails", `/trackdetails/${id}/more`, "/learner-tracks", "/dashboard/x"],
        learner: ["/no-such-page", "/dashboard", "/learner-track-details", "/portal/nope", "/trek", "/learner"],
      };
      for (const site of ["admin", "learner"] as const) {
        const host = site === "admin" ? "admin.localhost" : "localhost";
        for (const path of known[site]) {
          const res = await app.fetch(`${path}?from=test`, { host });
          expect(res.status, `${site} ${path}`).toBe(200);
          expect(await res.text()).toContain(`${site} site`);
        }
        for (const path of unknown[site]) {
          const res = await app.fetch(path, { host });
          expect(res.status, `${site} ${path}`).toBe(404);
          expect(res.headers.get("content-type")).toMatch(/text\/html/);
          expect(await res.text(), `${site} ${path}`).toContain(`${site} site`);
          expect((await app.fetch(path, { host, method: "HEAD" })).status, `HEAD ${site} ${path}`).toBe(404);
        }
      }
    });

    it("answers health and readiness", async () => {
      expect(await (await app.fetch("/healthz")).json()).toEqual({ status: "ok" });
      const ready = await app.fetch("/readyz");
      expect(ready.status).toBe(200);
      // Its `setup` (an installation without an owner) is covered in domain/staff/staff.test.ts.
      expect(await ready.json()).toMatchObject({ status: "ready", checks: { database: "ok" } });
    });
  });
});
