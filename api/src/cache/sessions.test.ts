import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testRedis } from "#testing/redis.ts";
import { type AppPubSub, createAppPubSub } from "../events/pubsub.ts";
import { createSessionCache, type Loaded, type SessionCache } from "./sessions.ts";

/**
 * The sessions kept in memory (docs/ARCHITECTURE.md, "A request"): read once, then from memory; dropped by session
 * or by account, here and in the other instances; never kept past the session's expiry; a read that straddles a
 * change does not keep what it read.
 */

type V = { who: string };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const inAnHour = () => new Date(Date.now() + 3_600_000);

/** A loader that counts its calls and answers `value` for session `sessionId` of account `accountId`. */
function loader(sessionId: string, accountId: string, expiresAt = inAnHour()) {
  const calls = { count: 0 };
  const load = async (): Promise<Loaded<V>> => {
    calls.count++;
    return { value: { who: sessionId }, sessionId, accountId, expiresAt };
  };
  return { calls, load };
}

describe("session cache, one instance", () => {
  const pubsub = createAppPubSub();
  const cache = createSessionCache<V>(pubsub);
  afterAll(async () => {
    cache.close();
    await pubsub.close();
  });

  it("reads a session once, then answers from memory; nothing is kept for an unknown token", async () => {
    const a = loader("s1", "acc1");
    expect(await cache.read("t:1", a.load)).toEqual({ who: "s1" });
    expect(await cache.read("t:1", a.load)).toEqual({ who: "s1" });
    expect(a.calls.count).toBe(1);
    let misses = 0;
    const none = async () => {
      misses++;
      return null;
    };
    expect(await cache.read("t:unknown", none)).toBeNull();
    expect(await cache.read("t:unknown", none)).toBeNull();
    expect(misses).toBe(2);
  });

  it("forgets one session, or all of an account's, and nothing else", async () => {
    const s2 = loader("s2", "acc2");
    const s3 = loader("s3", "acc2");
    const s4 = loader("s4", "acc4");
    for (const [key, l] of [
      ["t:2", s2],
      ["t:3", s3],
      ["t:4", s4],
    ] as const)
      await cache.read(key, l.load);
    await cache.forget({ sessionId: "s2" });
    await cache.read("t:2", s2.load);
    await cache.read("t:3", s3.load);
    expect([s2.calls.count, s3.calls.count]).toEqual([2, 1]);
    await cache.forget({ accountId: "acc2" });
    await cache.read("t:2", s2.load);
    await cache.read("t:3", s3.load);
    await cache.read("t:4", s4.load);
    expect([s2.calls.count, s3.calls.count, s4.calls.count]).toEqual([3, 2, 1]);
  });

  it("keeps nothing past the session's own expiry", async () => {
    const soon = loader("s5", "acc5", new Date(Date.now() + 80));
    await cache.read("t:5", soon.load);
    await cache.read("t:5", soon.load);
    expect(soon.calls.count).toBe(1);
    await sleep(120);
    await cache.read("t:5", soon.load);
    expect(soon.calls.count).toBe(2);
  });

  it("a read that was under way when a change was announced does not keep what it read", async () => {
    let release: () => void = () => {};
    const slow = async (): Promise<Loaded<V>> => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { value: { who: "stale" }, sessionId: "s6", accountId: "acc6", expiresAt: inAnHour() };
    };
    const reading = cache.read("t:6", slow);
    await sleep(5);
    await cache.forget({ accountId: "acc6" });
    release();
    expect(await reading).toEqual({ who: "stale" });
    const fresh = loader("s6", "acc6");
    await cache.read("t:6", fresh.load);
    expect(fresh.calls.count).toBe(1);
  });

  it("with a lifetime of 0 every read goes to the database", async () => {
    const off = createSessionCache<V>(pubsub, { ttlMs: 0 });
    const a = loader("s7", "acc7");
    await off.read("t:7", a.load);
    await off.read("t:7", a.load);
    expect(a.calls.count).toBe(2);
    expect(off.size()).toBe(0);
    off.close();
  });
});

describe("session cache, two instances over Redis", () => {
  let redis: Awaited<ReturnType<typeof testRedis>>;
  const buses: AppPubSub[] = [];
  const caches: SessionCache<V>[] = [];
  beforeAll(async () => {
    redis = await testRedis();
  });
  afterAll(async () => {
    for (const cache of caches) cache.close();
    await Promise.all(buses.map((b) => b.close()));
    await redis?.stop();
  });

  it("a logout on one instance drops the session the other kept, by the time the other hears of it", async () => {
    if (!redis) throw new Error("redis-server is needed (apt-get install redis-server, or REDIS_TEST_URL)");
    const busA = createAppPubSub(redis.url, `sessions-test-${process.pid}`);
    const busB = createAppPubSub(redis.url, `sessions-test-${process.pid}`);
    buses.push(busA, busB);
    const a = createSessionCache<V>(busA);
    const b = createSessionCache<V>(busB);
    caches.push(a, b);
    const s = loader("sx", "accx");
    await b.read("t:x", s.load);
    const other = loader("sy", "accy");
    await b.read("t:y", other.load);
    expect(b.size()).toBe(2);
    // B's subscription to the channel is confirmed a moment after it starts: A announces until B has heard.
    for (let i = 0; i < 20 && b.size() === 2; i++) {
      await a.forget({ sessionId: "sx" });
      await sleep(50);
    }
    await b.read("t:x", s.load);
    await b.read("t:y", other.load);
    expect(s.calls.count).toBe(2);
    expect(other.calls.count).toBe(1);
    // An account's sessions, announced by A, are gone from B right after.
    await a.forget({ accountId: "accy" });
    await expect
      .poll(
        async () => {
          await b.read("t:y", other.load);
          return other.calls.count;
        },
        { timeout: 2000, interval: 20 },
      )
      .toBeGreaterThan(1);
  });
});
