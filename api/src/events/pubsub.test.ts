import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testRedis } from "#testing/redis.ts";
import { type AppPubSub, createAppPubSub } from "./pubsub.ts";

type Update = { reference: string; status: "PENDING" | "PAID" | "FAILED" | "EXPIRED" };

/** The next event within `ms`, or "nothing". */
const nextWithin = (events: AsyncIterator<Update>, ms: number) =>
  Promise.race([events.next().then((r) => r.value as Update), new Promise<string>((resolve) => setTimeout(() => resolve("nothing"), ms))]);

/**
 * The payment page's live status reads the invoice after it starts listening, so that a settlement in between is not
 * missed (graphql/payments/payment.ts): an event published as soon as `listen` has resolved must arrive, in memory and
 * from another process over Redis (a worker settles, the page's API instance pushes).
 */
describe("live events: listening is in place when listen resolves", () => {
  let redis: Awaited<ReturnType<typeof testRedis>>;
  const opened: AppPubSub[] = [];
  beforeAll(async () => {
    redis = await testRedis();
  });
  afterAll(async () => {
    await Promise.all(opened.map((p) => p.close()));
    await redis?.stop();
  });

  it("in memory", async () => {
    const pubsub = createAppPubSub();
    opened.push(pubsub);
    const events = await pubsub.listen("payment", "ref-memory");
    pubsub.publish("payment", "ref-memory", { reference: "ref-memory", status: "PAID" });
    expect(await nextWithin(events, 1000)).toEqual({ reference: "ref-memory", status: "PAID" });
    await events.return?.();
    expect((await events.next()).done).toBe(true);
  });

  it("over Redis, published by another process's connection", async () => {
    if (!redis) throw new Error("redis-server is needed (apt-get install redis-server, or REDIS_TEST_URL)");
    const api = createAppPubSub(redis.url);
    const worker = createAppPubSub(redis.url);
    opened.push(api, worker);
    for (let i = 0; i < 20; i++) {
      const reference = `ref-redis-${i}`;
      const events = await api.listen("payment", reference);
      worker.publish("payment", reference, { reference, status: "PAID" });
      expect(await nextWithin(events, 2000)).toEqual({ reference, status: "PAID" });
      await events.return?.();
    }
  });

  it("over Redis, heard only within one deployment (QUEUE_PREFIX) when several share the Redis", async () => {
    if (!redis) throw new Error("redis-server is needed (apt-get install redis-server, or REDIS_TEST_URL)");
    const [apiOfA, workerOfA, apiOfB] = [createAppPubSub(redis.url, "a"), createAppPubSub(redis.url, "a"), createAppPubSub(redis.url, "b")];
    opened.push(apiOfA, workerOfA, apiOfB);
    const reference = "ref-shared";
    const [inA, inB] = await Promise.all([apiOfA.listen("payment", reference), apiOfB.listen("payment", reference)]);
    workerOfA.publish("payment", reference, { reference, status: "PAID" });
    expect(await nextWithin(inA, 2000)).toEqual({ reference, status: "PAID" });
    expect(await nextWithin(inB, 500)).toBe("nothing");
  });
});
