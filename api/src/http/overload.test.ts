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

describe("load shedding by event loop delay", () => {
  /** Keeps the event loop busy in slices of `sliceMs`: the delay a CPU-bound burst of work causes. */
  function busyLoop(sliceMs: number) {
    const timer = setInterval(() => {
      const until = performance.now() + sliceMs;
      while (performance.now() < until);
    }, 1);
    return () => clearInterval(timer);
  }
  const block = (ms: number) => {
    const until = performance.now() + ms;
    while (performance.now() < until);
  };

  it("does not count the start's own work, then refuses while the loop stays busy", async () => {
    const app = Fastify({ forceCloseConnections: true });
    await registerOverloadProtection(app, { eventLoopDelayMs: 20, maxInFlight: 0, sampleIntervalMs: 50 });
    app.get("/api/ping", async () => ({ ok: true }));
    // A start that blocks the loop (migrations, seeding) before and just after it listens.
    block(300);
    const url = await app.listen({ port: 0, host: "127.0.0.1" });
    block(300);
    try {
      expect((await fetch(`${url}/api/ping`)).status).toBe(200);
      const stop = busyLoop(80);
      try {
        let refused: Response | undefined;
        for (let i = 0; i < 50 && !refused; i++) {
          const res = await fetch(`${url}/api/ping`);
          if (res.status === 503) refused = res;
        }
        expect(refused?.headers.get("retry-after")).toBe("5");
        expect(await refused?.json()).toMatchObject({ message: "The server is busy. Please try again in a few seconds." });
      } finally {
        stop();
      }
    } finally {
      await app.close();
    }
  });
});
