import { randomUUID } from "node:crypto";
import { type Cache, createInMemoryCache } from "@graphql-yoga/plugin-response-cache";
import type { AppPubSub } from "../events/pubsub.ts";

/**
 * Answers that are the same for every anonymous visitor (the public catalogue: track lists and track pages, over
 * GraphQL and REST), kept in this process's memory. Only requests without an Authorization header are served from
 * it or stored in it, so nothing a signed-in viewer sees can reach anyone else.
 *
 * A write to public data (a track, course or rating) calls `clear()` after its commit: every entry is dropped here
 * and, through the event bus (Redis pub/sub when configured), in every other API instance. A read that started
 * before the commit may store its older answer just after the clear, so each clear is repeated a moment later; the
 * TTL bounds what a lost message could leave behind.
 */
export interface PublicCache {
  /** The store the GraphQL response-cache plugin and the REST facade share. */
  readonly store: Cache;
  /** Milliseconds an entry lives at most. */
  readonly ttlMs: number;
  /** Drops every entry, in this instance and the others. */
  clear(): void;
  close(): void;
}

export const PUBLIC_CACHE_TTL_MS = 30_000;
/** Longer than a catalogue read takes: the second clear drops what reads racing the write stored. */
const SECOND_CLEAR_MS = 1_000;

export function createPublicCache(pubsub: AppPubSub, ttlMs = PUBLIC_CACHE_TTL_MS): PublicCache {
  const instance = randomUUID();
  const create = () => createInMemoryCache({ max: 1000 });
  let entries = create();
  const timers = new Set<NodeJS.Timeout>();
  const clearHere = () => {
    entries = create();
    const timer = setTimeout(() => {
      timers.delete(timer);
      entries = create();
    }, SECOND_CLEAR_MS);
    timer.unref();
    timers.add(timer);
  };
  // Clears published by the other instances (and by this one, which skips its own).
  const events = pubsub.subscribe("publicCacheCleared");
  void (async () => {
    for await (const origin of events) if (origin !== instance) clearHere();
  })();
  return {
    store: {
      get: (key) => entries.get(key),
      set: (key, value, entities, ttl) => entries.set(key, value, entities, ttl),
      invalidate: (entities) => entries.invalidate(entities),
    },
    ttlMs,
    clear() {
      clearHere();
      pubsub.publish("publicCacheCleared", instance);
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      void events.return?.();
    },
  };
}
