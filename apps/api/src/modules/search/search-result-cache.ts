import type { Config } from "../../config.ts";
import { catalogueGeneration } from "../../lib/catalogue-generation.ts";
import { createKeyedCache } from "../../lib/keyed-cache.ts";
import { parseSearchWords } from "./parse-search-words.ts";

/**
 * A cached page of search results (decision 047): the cards as their final JSON text (snake_case, ready to
 * send) and what the page's meta needs. The query as typed is not kept: the reply echoes each request's own.
 */
export type CachedSearchPage = {
  dataJson: string;
  totalCount: number;
  /** The total is a lower bound (a broad search counted up to the cap). */
  totalCountCapped: boolean;
  droppedWords: string[];
};

/** Bytes an entry is counted for beyond its texts (the entry object, the map slot, the numbers). */
const ENTRY_OVERHEAD_BYTES = 200;

/**
 * The cache key of a search: the whole options object the search takes (query, sort, page, page size and any
 * filter), keys sorted, functions and undefined left out, and the query reduced to its searchable words
 * (parseSearchWords), since nothing else of it changes the results: "  Space  CAT!" and "space cat" share
 * one entry.
 */
export function searchCacheKey(options: Record<string, unknown>): string {
  const normal: Record<string, unknown> = {};
  for (const name of Object.keys(options).sort()) {
    const value = options[name];
    if (value === undefined || typeof value === "function") continue;
    normal[name] = name === "query" && typeof value === "string" ? parseSearchWords(value).join(" ") : value;
  }
  return JSON.stringify(normal);
}

/**
 * Search result pages per instance, for SEARCH_CACHE_SECONDS (0: off), at most SEARCH_CACHE_MAX_ENTRIES and
 * about SEARCH_CACHE_MAX_BYTES (least recently used first out). A change to the catalogue in this process
 * (lib/catalogue-generation.ts) makes every page a miss at once; other instances' pages live out their TTL.
 * Concurrent misses of one page share one search, so a burst of a new head query runs it once.
 */
export function createSearchResultCache(
  config: Pick<Config, "SEARCH_CACHE_SECONDS" | "SEARCH_CACHE_MAX_ENTRIES" | "SEARCH_CACHE_MAX_BYTES">,
  options: { now?: () => number } = {},
) {
  const cache = createKeyedCache<CachedSearchPage>({
    ttlMs: config.SEARCH_CACHE_SECONDS * 1000,
    maxEntries: config.SEARCH_CACHE_MAX_ENTRIES,
    maxBytes: config.SEARCH_CACHE_MAX_BYTES,
    sizeOf: (page, key) => page.dataJson.length + key.length + page.droppedWords.join().length + ENTRY_OVERHEAD_BYTES,
    generation: catalogueGeneration,
    ...(options.now ? { now: options.now } : {}),
  });
  return {
    /** The page for `search` (keyed by searchCacheKey), from the cache or from `load`. */
    get(search: Record<string, unknown>, load: () => Promise<CachedSearchPage>): Promise<CachedSearchPage> {
      return cache(searchCacheKey(search), load);
    },
    /** The cached page for `search`, if there is a fresh one; never searches. */
    peek(search: Record<string, unknown>): CachedSearchPage | undefined {
      return cache.peek(searchCacheKey(search));
    },
    stats: cache.stats,
  };
}

export type SearchResultCache = ReturnType<typeof createSearchResultCache>;
