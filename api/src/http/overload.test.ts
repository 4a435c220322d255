import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerOverloadProtection } from "./overload.ts";

describe("load shedding by requests in progress", () => {
  const app = Fastify({ forceCloseConnections: true });
  let release: () => void = () => {};
  let held = new Promise<void>((resolve) => (release = resolve));
  let url = "";

  beforeAll(async () => {
    await registerOverloadProtection(app, { eventLoopDelayMs: 0, maxInFlight: 2 });
    app.get("/api/slow", async () => {
      await held;
      return { ok: true };
    });
    app.get("/page", async () => "page");
    url = await app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => app.close());

  it("answers 503 with Retry-After past the limit, and serves again once requests finish", async () => {
    const first = [fetch(`${url}/api/slow`), fetch(`${url}/api/slow`)];
    await new Promise((r) => setTimeout(r, 100));
    const refused = await fetch(`${url}/api/slow`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(await refused.json()).toEqual({ message: "The server is busy. Please try again in a few seconds." });
    // Pages and live event streams are not API work in progress.
    expect((await fetch(`${url}/page`)).status).toBe(200);
    release();
    expect((await Promise.all(first)).map((r) => r.status)).toEqual([200, 200]);
    held = Promise.resolve();
    expect((await fetch(`${url}/api/slow`)).status).toBe(200);
  });

  it("frees the slot of a client that went away", async () => {
    held = new Promise<void>((resolve) => (release = resolve));
    const controllers = [new AbortController(), new AbortController()];
    const gone = controllers.map((c) => fetch(`${url}/api/slow`, { signal: c.signal }).catch(() => null));
    await new Promise((r) => setTimeout(r, 100));
    for (const c of controllers) c.abort();
    await Promise.all(gone);
    await new Promise((r) => setTimeout(r, 100));
    // Both handlers still wait, but their clients are gone: a new request is taken, not refused.
    const next = fetch(`${url}/api/slow`);
    const early = await Promise.race([next.then((r) => r.status), new Promise((r) => setTimeout(() => r("waiting"), 300))]);
    expect(early).toBe("waiting");
    release();
    expect((await next).status).toBe(200);
  });
});
