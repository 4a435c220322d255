import { createHash, randomUUID } from "node:crypto";
import type { Cache } from "@graphql-yoga/plugin-response-cache";
import { stripIgnoredCharacters } from "graphql";
import type { AppPubSub } from "../events/pubsub.ts";
import { BoundedCache, estimateBytes } from "./bounded.ts";

/**
 * Answers that are the same for every anonymous visitor (the public catalogue: track lists and track pages, over
 * GraphQL and REST), kept in this process's memory. Only requests without an Authorization header are served from
 * it or stored in it, so nothing a signed-in viewer sees can reach anyone else.
 *
 * A write to public data (a track, course or rating) calls `clear()` after its commit: every entry is dropped here
 * and, through the event bus (Redis pub/sub when configured), in every other API instance. A read that started
 * before the commit may store its older answer just after the clear, so each clear is repeated a moment later; the
 * TTL bounds what a lost message could leave behind.
 *
 * It is bounded by bytes (PUBLIC_CACHE_MAX_MB) as well as entries, and keyed on what an answer depends on (the
 * operation without whitespace or comments, its name and variables), so requests that differ only in what the answer
 * ignores (`extensions`, spacing) share one entry instead of filling memory with copies.
 */
export interface PublicCache {
  /** The store the GraphQL response-cache plugin and the REST facade share. */
  readonly store: Cache;
  /** Milliseconds an entry lives at most. */
  readonly ttlMs: number;
  /** Drops every entry, in this instance and the others. */
  clear(): void;
  /** What it holds now, against its bounds. */
  usage(): { entries: number; bytes: number; maxBytes: number };
  close(): void;
}

/** Entries at most, whatever their size. */
const MAX_ENTRIES = 2000;

/**
 * The key of a GraphQL operation's answer: a hash of the operation with its ignored characters (whitespace, commas,
 * comments) stripped, its operation name and its variables (keys sorted), plus `extra` (what else the answer depends
 * on, e.g. the Accept header). Null when the operation does not even lex: it will not be answered from a cache.
 */
export function operationKey(query: string, operationName: unknown, variables: unknown, extra = ""): string | null {
  let normalized: string;
  try {
    normalized = stripIgnoredCharacters(query);
  } catch {
    return null;
  }
  const name = typeof operationName === "string" ? operationName : "";
  return createHash("sha256")
    .update(`${normalized}\n${name}\n${stableJson(variables ?? {})}\n${extra}`)
    .digest("base64url");
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

interface Entry {
  value: unknown;
  /** Entity ids ("Track", "Track:<id>") whose change drops the entry (Yoga's invalidation after a mutation). */
  entities: string[];
}

/** The bytes an entry holds: exact for the answers kept as bytes (buffers), estimated for Yoga's result objects. */
function entryBytes(key: string, entry: Entry): number {
  const data = (entry.value as { data?: { body?: Record<string, unknown> } } | null)?.data;
  const body = data?.body;
  const buffers = body && Buffer.isBuffer(body.identity) ? Object.values(body).filter((b) => Buffer.isBuffer(b)) : null;
  const valueBytes = buffers
    ? buffers.reduce((sum, b) => sum + b.length, 0) + estimateBytes({ ...data, body: undefined })
    : estimateBytes(entry.value);
  return 2 * key.length + valueBytes + estimateBytes(entry.entities);
}

export const PUBLIC_CACHE_TTL_MS = 30_000;
/** Longer than a catalogue read takes: the second clear drops what reads racing the write stored. */
const SECOND_CLEAR_MS = 1_000;

/** 32 MB unless PUBLIC_CACHE_MAX_MB says otherwise. */
export const PUBLIC_CACHE_MAX_BYTES = 32 * 1024 * 1024;

export function createPublicCache(pubsub: AppPubSub, options: { ttlMs?: number; maxBytes?: number } = {}): PublicCache {
  const ttlMs = options.ttlMs ?? PUBLIC_CACHE_TTL_MS;
  const maxBytes = options.maxBytes ?? PUBLIC_CACHE_MAX_BYTES;
  const instance = randomUUID();
  const entries = new BoundedCache<Entry>({ maxBytes, maxEntries: MAX_ENTRIES }, entryBytes);
  const timers = new Set<NodeJS.Timeout>();
  const clearHere = () => {
    entries.clear();
    const timer = setTimeout(() => {
      timers.delete(timer);
      entries.clear();
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
      get: (key) => entries.get(key)?.value ?? null,
      set(key, value, entities, ttl) {
        const ids = [...entities].flatMap(({ typename, id }) => (id == null ? [typename] : [typename, `${typename}:${id}`]));
        entries.set(key, { value, entities: ids }, ttl ?? ttlMs);
      },
      invalidate(entities) {
        const drop = new Set([...entities].map(({ typename, id }) => (id == null ? typename : `${typename}:${id}`)));
        entries.deleteWhere((entry) => entry.entities.some((id) => drop.has(id)));
      },
    },
    ttlMs,
    usage: () => ({ entries: entries.size, bytes: entries.bytes, maxBytes }),
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
