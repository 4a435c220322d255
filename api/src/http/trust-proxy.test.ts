import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "#testing/accounts.ts";
import { rest, startTestApp, type TestApp } from "#testing/app.ts";
import { ConfigError, loadConfig } from "../config.ts";

describe("TRUST_PROXY", () => {
  it("takes a hop count or the proxies' addresses, off by default, and refuses true", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1,::1" }).trustProxy).toEqual(["10.0.0.0/8", "127.0.0.1", "::1"]);
    for (const bad of ["true", "yes", "10.0.0.0/40", "proxy.example.com"]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
    }
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: give the number of proxies/);
  });

  describe("one proxy in front (TRUST_PROXY=1)", () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ TRUST_PROXY: "1" });
    });
    afterAll(() => app.close());

    const loginFrom = (forwardedFor: string) =>
      rest(app, "POST", "/api/auth/login", {
        body: { email: uniqueEmail("spoof"), password: "Wrong#Passw0rd1" },
        headers: { "x-forwarded-for": forwardedFor },
      });

    it("counts a client by the address the proxy saw (the last hop), whatever it put in front", async () => {
      const real = "203.0.113.7";
      for (let i = 0; i < 30; i++) expect((await loginFrom(`198.51.100.${i}, ${real}`)).status).toBe(400);
      const keys = (await app.services.db.prisma.rateLimit.findMany({ select: { key: true } })).map((r) => r.key);
      expect(keys).toContain(`login:ip:${real}`);
      expect(keys.filter((k) => k.startsWith("login:ip:198.51.100."))).toEqual([]);
      // The per-address login limit (30 in 5 minutes) holds against the rotating spoofed hop.
      const refused = await loginFrom(`198.51.100.99, ${real}`);
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      // Another client behind the same proxy is not affected.
      expect((await loginFrom("203.0.113.8")).status).toBe(400);
    });
  });
});
