import { LRUCache } from "lru-cache";

type Entry<Value> = { value: Value; generation: number };

/**
 * A small per-instance cache of derived values by key, each kept `ttlMs` (0 disables it), at most
 * `maxEntries` at once and, with `sizeOf`, at most `maxBytes` in all (the least recently used go first): an
 * lru-cache, with two things of ours on top. With `generation`, an entry loaded under an older generation is a
 * miss (see lib/catalogue-generation.ts). Concurrent misses of one key (in one generation) share a single load.
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
  const { sizeOf, maxBytes } = options;
  const entries =
    options.ttlMs > 0
      ? new LRUCache<string, Entry<Value>>({
          max: options.maxEntries,
          ttl: options.ttlMs,
          // The clock is read on every check (tests move it), never a cached reading.
          ttlResolution: 0,
          perf: { now: () => now() },
          // A hit re-ranks the entry (least recently used goes first) but does not extend its life.
          updateAgeOnGet: false,
          ...(sizeOf && maxBytes !== undefined
            ? {
                maxSize: maxBytes,
                // lru-cache wants a positive size; a value larger than the whole budget is not kept.
                sizeCalculation: (entry: Entry<Value>, key: string) => Math.max(1, Math.ceil(sizeOf(entry.value, key))),
              }
            : {}),
        })
      : undefined;
  const pending = new Map<string, Promise<Value>>();

  /** The fresh entry of `key` in the current generation (a use: it becomes the most recently used). */
  function fresh(key: string): Entry<Value> | undefined {
    const entry = entries?.get(key);
    if (!entry) return undefined;
    if (entry.generation === generationOf()) return entry;
    entries?.delete(key);
    return undefined;
  }

  async function get(key: string, load: () => Promise<Value>): Promise<Value> {
    const found = fresh(key);
    if (found) return found.value;
    const generation = generationOf();
    const pendingKey = `${generation}\u0000${key}`;
    const inFlight = pending.get(pendingKey);
    if (inFlight) return inFlight;
    const loading = load()
      .then((value) => {
        // Kept only when nothing changed the catalogue while it loaded.
        if (generationOf() === generation) entries?.set(key, { value, generation });
        return value;
      })
      .finally(() => pending.delete(pendingKey));
    pending.set(pendingKey, loading);
    return loading;
  }

  /** The value kept for `key` when there is a fresh one (it counts as a use), without loading anything. */
  function peek(key: string): Value | undefined {
    return fresh(key)?.value;
  }

  return Object.assign(get, {
    peek,
    /** Entries and bytes held now (for tests and logs). */
    stats: () => ({ entries: entries?.size ?? 0, bytes: entries?.calculatedSize ?? 0 }),
  });
}

/** What a caller of the cache needs: a value by key, loaded on a miss. */
export type KeyedCache<Value> = (key: string, load: () => Promise<Value>) => Promise<Value>;
