import { randomUUID } from "node:crypto";
import type { AppPubSub, SessionChange } from "../events/pubsub.ts";
import { BoundedCache } from "./bounded.ts";

/**
 * Live sessions kept in this process's memory for a short while, so that a signed-in request does not cost a SQL
 * statement to learn who is asking (docs/ARCHITECTURE.md, "A request").
 *
 * An entry is dropped, here and in every other instance (through the event bus, Redis pub/sub when configured),
 * as soon as the domain ends the session or changes what the entry holds: `forget` is called after the commit of a
 * logout, of any revocation of an account's sessions (password change or reset, account disabled) and of a staff
 * member's role, state or e-mail changing. `forget` resolves once the other instances have been told (the Redis
 * PUBLISH answered), so an answer sent after it cannot reach a client before the news reaches the other instances'
 * connection. A lookup that was reading the database while a change was announced does not store what it read (it
 * may predate the change). An entry lives at most `ttlMs` (what a lost message could leave behind) and never past
 * the session's own expiry.
 */
export interface SessionCache<V> {
  /** The value kept for `key`, or what `load` reads (kept for next time unless a change was announced meanwhile). */
  read(key: string, load: () => Promise<Loaded<V> | null>): Promise<V | null>;
  /** Drops one session, or every session of an account, in this instance and the others. */
  forget(change: Omit<SessionChange, "origin">): Promise<void>;
  /** Entries held now. */
  size(): number;
  close(): void;
}

export interface Loaded<V> {
  value: V;
  sessionId: string;
  accountId: string;
  expiresAt: Date;
}

interface Entry<V> {
  value: V;
  sessionId: string;
  accountId: string;
}

/** 30 s unless SESSION_CACHE_SECONDS says otherwise (0: every request reads its session from the database). */
export const SESSION_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 20_000;
/** An entry's size for the byte bound: a viewer is a handful of short strings. */
const ENTRY_BYTES = 512;

export function createSessionCache<V>(pubsub: AppPubSub, options: { ttlMs?: number } = {}): SessionCache<V> {
  const ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
  const instance = randomUUID();
  const entries = new BoundedCache<Entry<V>>({ maxBytes: MAX_ENTRIES * ENTRY_BYTES, maxEntries: MAX_ENTRIES }, () => ENTRY_BYTES);
  // Bumped by every change, so that a lookup that straddles one does not store what it read before it.
  let generation = 0;
  const dropHere = (change: Omit<SessionChange, "origin">) => {
    generation++;
    entries.deleteWhere(
      (entry) =>
        (change.sessionId !== undefined && entry.sessionId === change.sessionId) ||
        (change.accountId !== undefined && entry.accountId === change.accountId),
    );
  };
  const events = pubsub.subscribe("sessionsChanged");
  void (async () => {
    for await (const change of events) if (change.origin !== instance) dropHere(change);
  })();
  return {
    async read(key, load) {
      if (ttlMs > 0) {
        const kept = entries.get(key);
        if (kept) return kept.value;
      }
      const before = generation;
      const loaded = await load();
      if (!loaded) return null;
      const lifetime = Math.min(ttlMs, loaded.expiresAt.getTime() - Date.now());
      if (ttlMs > 0 && lifetime > 0 && before === generation) {
        entries.set(key, { value: loaded.value, sessionId: loaded.sessionId, accountId: loaded.accountId }, lifetime);
      }
      return loaded.value;
    },
    async forget(change) {
      dropHere(change);
      await pubsub.publishAndConfirm("sessionsChanged", { ...change, origin: instance });
    },
    size: () => entries.size,
    close() {
      void events.return?.();
    },
  };
}
