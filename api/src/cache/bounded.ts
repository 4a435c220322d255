/**
 * A least-recently-used map bounded by bytes as well as entries. Every cache that keeps what clients send or are sent
 * must be bounded by what it holds, not only by how many entries: a thousand entries of a megabyte each would take a
 * gigabyte, far past the API's heap. Sizes are given by the caller (exact for buffers, estimated for objects).
 */
export class BoundedCache<V> {
  readonly #entries = new Map<string, { value: V; bytes: number; expiresAt: number }>();
  #bytes = 0;

  constructor(
    readonly limits: { maxBytes: number; maxEntries: number },
    private readonly sizeOf: (key: string, value: V) => number,
  ) {}

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.delete(key);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order, so eviction takes the first entries.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` unless it alone would take more than a quarter of the budget; evicts the least recently used. */
  set(key: string, value: V, ttlMs = Number.POSITIVE_INFINITY): void {
    this.delete(key);
    const bytes = this.sizeOf(key, value);
    if (bytes > this.limits.maxBytes / 4) return;
    this.#entries.set(key, { value, bytes, expiresAt: Date.now() + ttlMs });
    this.#bytes += bytes;
    for (const oldest of this.#entries.keys()) {
      if (this.#bytes <= this.limits.maxBytes && this.#entries.size <= this.limits.maxEntries) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  /** Drops the entries `drop` picks. */
  deleteWhere(drop: (value: V) => boolean): void {
    for (const [key, entry] of this.#entries) if (drop(entry.value)) this.delete(key);
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }
}

/**
 * Estimated memory of a value built from JSON-like objects: V8 objects, arrays and UTF-16 strings take several times
 * their JSON text, so its length is counted three times. Buffers count their length.
 */
export function estimateBytes(value: unknown): number {
  if (Buffer.isBuffer(value)) return value.length;
  if (value === undefined) return 0;
  return 3 * (JSON.stringify(value)?.length ?? 0);
}
