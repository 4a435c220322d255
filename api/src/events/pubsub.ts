import { createPubSub, type PubSub } from "graphql-yoga";
import { Redis } from "ioredis";

/** Live events published by whichever process settles something (the API in-process, or a worker via Redis). */
export type Topics = {
  /** A payment reference's settlement outcome. */
  payment: [reference: string, update: { reference: string; status: "PENDING" | "PAID" | "FAILED" }];
  /** Public data changed: the API instance named cleared its cached public answers, the others follow (api/src/cache). */
  publicCacheCleared: [origin: string];
};

export type AppPubSub = PubSub<Topics> & { close(): Promise<void> };

const CHANNEL_PREFIX = "learnhub:events:";

/**
 * An EventTarget over Redis pub/sub so that an event published in a worker reaches subscribers held by any API
 * instance. Event names map to Redis channels; payloads travel as JSON.
 */
class RedisEventTarget extends EventTarget {
  private readonly listeners = new Map<string, Set<EventListenerOrEventListenerObject>>();

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
  ) {
    super();
    subscriber.on("message", (channel: string, message: string) => {
      const type = channel.slice(CHANNEL_PREFIX.length);
      const event = new CustomEvent(type, { detail: JSON.parse(message) });
      for (const listener of this.listeners.get(type) ?? []) {
        if (typeof listener === "function") listener(event);
        else listener.handleEvent(event);
      }
    });
  }

  override addEventListener(type: string, listener: EventListenerOrEventListenerObject | null) {
    if (!listener) return;
    let set = this.listeners.get(type);
    if (!set) {
      set = new Set();
      this.listeners.set(type, set);
      this.subscriber.subscribe(CHANNEL_PREFIX + type).catch(() => {});
    }
    set.add(listener);
  }

  override removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null) {
    const set = this.listeners.get(type);
    if (!set || !listener) return;
    set.delete(listener);
    if (set.size === 0) {
      this.listeners.delete(type);
      this.subscriber.unsubscribe(CHANNEL_PREFIX + type).catch(() => {});
    }
  }

  override dispatchEvent(event: Event): boolean {
    // Live events are best effort: with Redis unreachable an event is lost, not the process (the publisher gives up
    // after one retry, and an unhandled rejection would end a worker that had just settled a payment).
    this.publisher.publish(CHANNEL_PREFIX + event.type, JSON.stringify((event as CustomEvent).detail)).catch(() => {});
    return true;
  }
}

export function createAppPubSub(redisUrl?: string): AppPubSub {
  if (!redisUrl) return Object.assign(createPubSub<Topics>(), { close: async () => {} });
  const publisher = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  const subscriber = new Redis(redisUrl);
  const pubsub = createPubSub<Topics>({ eventTarget: new RedisEventTarget(publisher, subscriber) as never });
  return Object.assign(pubsub, {
    async close() {
      publisher.disconnect();
      subscriber.disconnect();
    },
  });
}
