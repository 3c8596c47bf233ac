/**
 * A small per-instance cache of derived values by key, each kept `ttlMs` (0 disables it), at most
 * `maxEntries` at once and, with `sizeOf`, at most `maxBytes` in all (the least recently used go first).
 * With `generation`, an entry loaded under an older generation is a miss (see lib/catalogue-generation.ts).
 * Concurrent misses of one key (in one generation) share a single load.
 */
export function createKeyedCache<Value>(options: {
  ttlMs: number;
  maxEntries: number;
  maxBytes?: number;
  sizeOf?: (value: Value, key: string) => number;
  generation?: () => number;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const generationOf = options.generation ?? (() => 0);
  const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  const entries = new Map<string, { value: Value; expiresAt: number; generation: number; bytes: number }>();
  const pending = new Map<string, Promise<Value>>();
  let totalBytes = 0;

  function remove(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    totalBytes -= entry.bytes;
    entries.delete(key);
  }

  function store(key: string, value: Value, generation: number): void {
    const bytes = options.sizeOf ? options.sizeOf(value, key) : 0;
    // A value larger than the whole budget is not kept (it would evict everything else for nothing).
    if (bytes > maxBytes) return;
    remove(key);
    entries.set(key, { value, expiresAt: now() + options.ttlMs, generation, bytes });
    totalBytes += bytes;
    // A Map iterates in insertion order, and a hit re-inserts its key: the first key is the least recently used.
    while (entries.size > options.maxEntries || totalBytes > maxBytes) {
      const oldest = entries.keys().next().value as string;
      remove(oldest);
    }
  }

  async function get(key: string, load: () => Promise<Value>): Promise<Value> {
    const generation = generationOf();
    const entry = entries.get(key);
    if (entry && entry.expiresAt > now() && entry.generation === generation) {
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    }
    if (entry) remove(key);
    const pendingKey = `${generation}\u0000${key}`;
    const inFlight = pending.get(pendingKey);
    if (inFlight) return inFlight;
    const loading = load()
      .then((value) => {
        // Kept only when nothing changed the catalogue while it loaded.
        if (options.ttlMs > 0 && generationOf() === generation) store(key, value, generation);
        return value;
      })
      .finally(() => pending.delete(pendingKey));
    pending.set(pendingKey, loading);
    return loading;
  }

  /** The value kept for `key` when there is a fresh one (it counts as a use), without loading anything. */
  function peek(key: string): Value | undefined {
    const entry = entries.get(key);
    if (!entry || entry.expiresAt <= now() || entry.generation !== generationOf()) return undefined;
    entries.delete(key);
    entries.set(key, entry);
    return entry.value;
  }

  return Object.assign(get, {
    peek,
    /** Entries and bytes held now (for tests and logs). */
    stats: () => ({ entries: entries.size, bytes: totalBytes }),
  });
}

/** What a caller of the cache needs: a value by key, loaded on a miss. */
export type KeyedCache<Value> = (key: string, load: () => Promise<Value>) => Promise<Value>;
