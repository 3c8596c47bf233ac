import { LRUCache } from "lru-cache";
import type { Actor } from "../../lib/authorize.ts";

/**
 * Valid access-token lookups kept briefly per instance (ACCESS_TOKEN_CACHE_SECONDS; decision 051), so the
 * requests of one page (the cart, favourites, the checkout's calls) do not each ask the database who is calling.
 * Keyed by the token's hash. An entry lives at most `ttlMs`, never past the token's expiry or its session's idle
 * deadline, and is forgotten by `forgetAll` (every entry at once) whenever an access change is announced: a
 * revocation or a role change (lib/access-changes.ts). A lookup that began before such a change is not kept, so a
 * revocation cannot be undone by a slow lookup. Only valid lookups are kept: unknown, revoked and expired tokens
 * always ask the database. While `trusted` is false (a second instance's notifications may be missed), nothing is
 * served from it.
 */
export function createAccessTokenCache(options: { ttlMs: number; maxEntries: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  // An lru-cache with a time-to-live per entry (the token's own time left when shorter); the least recently used
  // lookups go first beyond maxEntries.
  const entries = new LRUCache<string, { actor: Actor; until: number }>({
    max: options.maxEntries,
    ttl: Math.max(1, options.ttlMs),
    ttlResolution: 0,
    perf: { now: () => now() },
  });
  let generation = 0;
  let trusted = true;

  function forgetAll(): void {
    generation += 1;
    entries.clear();
  }

  return {
    /** The cached actor of a token hash, if any is still good. */
    get(tokenHash: string): Actor | undefined {
      if (!trusted || options.ttlMs <= 0) return undefined;
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      // Gone at its deadline exactly (lru-cache's own TTL keeps an entry through that millisecond).
      if (entry.until <= now()) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry.actor;
    },
    /** The current generation, to pass to `set` when the lookup completes. */
    generation: () => generation,
    /** Keeps a valid lookup begun at generation `startedAt`, for at most `validForMs` (the token's own time left). */
    set(tokenHash: string, actor: Actor, startedAt: number, validForMs: number): void {
      if (!trusted || options.ttlMs <= 0 || startedAt !== generation) return;
      const lifetime = Math.min(options.ttlMs, validForMs);
      if (lifetime <= 0) return;
      entries.set(tokenHash, { actor, until: now() + lifetime }, { ttl: lifetime });
    },
    /** An access change: nothing cached before it may be served, nor kept by a lookup already under way. */
    forgetAll,
    /** Whether entries may be served (false while this instance might miss other instances' changes). */
    setTrusted(value: boolean): void {
      if (!value) forgetAll();
      trusted = value;
    },
    trusted: () => trusted,
    size: () => entries.size,
  };
}

export type AccessTokenCache = ReturnType<typeof createAccessTokenCache>;

/** At most this many tokens are kept by an instance (a few hundred bytes each). */
export const ACCESS_TOKEN_CACHE_ENTRIES = 20_000;
