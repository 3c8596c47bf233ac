/**
 * A small per-instance cache of derived values by key, each kept `ttlMs` (0 disables it), at most
 * `maxEntries` at once (the oldest go first). Concurrent misses of one key share a single load.
 */
export function createKeyedCache<Value>(options: { ttlMs: number; maxEntries: number }) {
  const entries = new Map<string, { value: Value; expiresAt: number }>();
  const pending = new Map<string, Promise<Value>>();
  return async function get(key: string, load: () => Promise<Value>): Promise<Value> {
    const entry = entries.get(key);
    if (entry && entry.expiresAt > Date.now()) return entry.value;
    if (entry) entries.delete(key);
    const inFlight = pending.get(key);
    if (inFlight) return inFlight;
    const loading = load()
      .then((value) => {
        if (options.ttlMs > 0) {
          entries.set(key, { value, expiresAt: Date.now() + options.ttlMs });
          // A Map iterates in insertion order, so the first key is the oldest entry.
          while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value as string);
        }
        return value;
      })
      .finally(() => pending.delete(key));
    pending.set(key, loading);
    return loading;
  };
}

export type KeyedCache<Value> = ReturnType<typeof createKeyedCache<Value>>;
