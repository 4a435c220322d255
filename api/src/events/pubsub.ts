import { createPubSub, type PubSub } from "graphql-yoga";
import { Redis } from "ioredis";

/** Live events published by whichever process settles something (the API in-process, or a worker via Redis). */
export type Topics = {
  /** A payment reference's settlement outcome. */
  payment: [reference: string, update: { reference: string; status: "PENDING" | "PAID" | "FAILED" | "EXPIRED" }];
  /** Public data changed: the API instance named cleared its cached public answers, the others follow (api/src/cache). */
  publicCacheCleared: [origin: string];
  /** A session ended, or an account's sessions (or what they carry) changed: every instance drops its copies (api/src/cache/sessions.ts). */
  sessionsChanged: [change: SessionChange];
};

/** Which cached sessions a change concerns: one session, or all of an account's; `origin` is the instance that announced it. */
export interface SessionChange {
  origin: string;
  sessionId?: string;
  accountId?: string;
}

export type AppPubSub = PubSub<Topics> & {
  /**
   * Listens to one payment reference's events from now on: the listener is in place, and with Redis the channel's
   * subscription confirmed, when the promise resolves, so whatever is published after that arrives. (`subscribe`
   * starts listening only when its first event is read, and over Redis a moment later still: a reader that checks the
   * current state in between would miss a change made then.) Ends with `return()`.
   */
  listen(topic: "payment", id: string): Promise<AsyncIterableIterator<Topics["payment"][1]>>;
  /**
   * Publishes an event of an unkeyed topic and resolves once it is on its way to every subscriber: with Redis, once
   * the PUBLISH is answered (Redis has queued it to every subscribed connection by then). Best effort like `publish`:
   * with Redis unreachable it resolves all the same.
   */
  publishAndConfirm<T extends "sessionsChanged">(topic: T, payload: Topics[T][0]): Promise<void>;
  close(): Promise<void>;
};

/** The topic name `createPubSub` gives a keyed event (`<routingKey>:<id>`). */
const keyedTopic = (routingKey: string, id: string) => `${routingKey}:${id}`;

/** An iterator over `target`'s `topic` events, listening from the call on; `ready` resolves once events will arrive. */
async function listenOn<T>(target: EventTarget, topic: string, ready: (topic: string) => Promise<void>): Promise<AsyncIterableIterator<T>> {
  const queue: T[] = [];
  let wake: (() => void) | null = null;
  let ended = false;
  const listener = (event: Event) => {
    queue.push((event as CustomEvent<T>).detail);
    wake?.();
  };
  target.addEventListener(topic, listener);
  const end = async (): Promise<IteratorResult<T>> => {
    if (!ended) {
      ended = true;
      target.removeEventListener(topic, listener);
      wake?.();
    }
    return { done: true, value: undefined };
  };
  try {
    await ready(topic);
  } catch (error) {
    await end();
    throw error;
  }
  const iterator: AsyncIterableIterator<T> = {
    [Symbol.asyncIterator]: () => iterator,
    async next() {
      while (!queue.length && !ended) await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
      return queue.length ? { done: false, value: queue.shift() as T } : { done: true, value: undefined };
    },
    return: end,
  };
  return iterator;
}

/** The channels' names: `learnhub:events:[<QUEUE_PREFIX>:]<event>`, so deployments sharing one Redis (each with its
 * own QUEUE_PREFIX, as for their jobs) never hear each other's events. */
const channelPrefix = (deployment: string) => `learnhub:events:${deployment ? `${deployment}:` : ""}`;

/**
 * An EventTarget over Redis pub/sub so that an event published in a worker reaches subscribers held by any API
 * instance. Event names map to Redis channels; payloads travel as JSON.
 */
class RedisEventTarget extends EventTarget {
  private readonly listeners = new Map<string, Set<EventListenerOrEventListenerObject>>();
  /** Each channel's SUBSCRIBE, settled once Redis confirmed it (or it failed: live events are best effort). */
  private readonly subscriptions = new Map<string, Promise<void>>();

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly prefix: string,
  ) {
    super();
    subscriber.on("message", (channel: string, message: string) => {
      const type = channel.slice(prefix.length);
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
      this.subscriptions.set(
        type,
        this.subscriber.subscribe(this.prefix + type).then(
          () => undefined,
          () => undefined,
        ),
      );
    }
    set.add(listener);
  }

  /** Resolves once the channel of `type` is subscribed (at once when nothing listens to it). */
  ready(type: string): Promise<void> {
    return this.subscriptions.get(type) ?? Promise.resolve();
  }

  override removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null) {
    const set = this.listeners.get(type);
    if (!set || !listener) return;
    set.delete(listener);
    if (set.size === 0) {
      this.listeners.delete(type);
      this.subscriptions.delete(type);
      this.subscriber.unsubscribe(this.prefix + type).catch(() => {});
    }
  }

  /** Publishes and resolves once Redis answered (or failed: live events are best effort). */
  async publishAndConfirm(type: string, detail: unknown): Promise<void> {
    await this.publisher.publish(this.prefix + type, JSON.stringify(detail)).catch(() => {});
  }

  override dispatchEvent(event: Event): boolean {
    // Live events are best effort: with Redis unreachable an event is lost, not the process (the publisher gives up
    // after one retry, and an unhandled rejection would end a worker that had just settled a payment).
    this.publisher.publish(this.prefix + event.type, JSON.stringify((event as CustomEvent).detail)).catch(() => {});
    return true;
  }
}

/** Live events within this process, or with `redisUrl` between every process of the deployment `deployment`
 * (its QUEUE_PREFIX; empty for the only one on that Redis). */
export function createAppPubSub(redisUrl?: string, deployment = ""): AppPubSub {
  if (!redisUrl) {
    const target = new EventTarget();
    return Object.assign(createPubSub<Topics>({ eventTarget: target as never }), {
      listen: (topic: "payment", id: string) => listenOn<Topics["payment"][1]>(target, keyedTopic(topic, id), async () => {}),
      async publishAndConfirm(topic: "sessionsChanged", payload: SessionChange) {
        target.dispatchEvent(new CustomEvent(topic, { detail: payload }));
      },
      close: async () => {},
    });
  }
  const publisher = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  const subscriber = new Redis(redisUrl);
  const target = new RedisEventTarget(publisher, subscriber, channelPrefix(deployment));
  const pubsub = createPubSub<Topics>({ eventTarget: target as never });
  return Object.assign(pubsub, {
    listen: (topic: "payment", id: string) => listenOn<Topics["payment"][1]>(target, keyedTopic(topic, id), (type) => target.ready(type)),
    publishAndConfirm: (topic: "sessionsChanged", payload: SessionChange) => target.publishAndConfirm(topic, payload),
    async close() {
      publisher.disconnect();
      subscriber.disconnect();
    },
  });
}
