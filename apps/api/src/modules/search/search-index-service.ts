import { COUNT_CAP } from "@threadfolk/contract/discovery";
import type { Database } from "../../db/client.ts";
import { catalogueGeneration } from "../../lib/catalogue-generation.ts";
import { parseSearchWords } from "./parse-search-words.ts";
import type { SearchOptions, SearchPage, WordAlternatives } from "./search-designs.ts";
import { type SearchIndex, SearchIndex as SearchIndexClass, type Stems } from "./search-index.ts";
import { createStemmer, loadSearchIndex } from "./search-index-loader.ts";

type Stemmer = ReturnType<typeof createStemmer>;

/** What a search through the index takes: searchDesigns' options without the database and its caches. */
export type IndexSearchOptions = Pick<SearchOptions, "query" | "sort" | "page" | "perPage" | "filters" | "countCap">;

/**
 * searchDesigns (search-designs.ts) answered by the index: the same steps (typo alternatives, the match, the
 * relaxed search without unknown words, the title fallback) on the index's data. Undefined when the index
 * cannot answer the options (no words: the plain listing; a price sort or filter); the caller asks SQL then.
 */
export async function searchWithIndex(
  index: SearchIndex,
  stemsOf: Stemmer,
  options: IndexSearchOptions & { now?: number },
): Promise<SearchPage | undefined> {
  const words = parseSearchWords(options.query);
  const { filters, sort } = options;
  if (!indexCovers(options, words)) return undefined;
  const phrase = words.join(" ");
  const stems = await stemsOf(words);
  const alternatives = index.alternativesFor(words, stems);
  const corrections = SearchIndexClass.termsOf(alternatives).filter((term) => !stems.has(term));
  if (corrections.length > 0) await stemsOf(corrections, stems);
  const request = {
    stems: stems as Stems,
    filters,
    sort,
    page: options.page,
    perPage: options.perPage,
    countCap: options.countCap ?? COUNT_CAP,
    now: options.now ?? Date.now(),
    phrase,
  };
  const found = index.matchingPage({ ...request, alternatives });
  if (!found) return undefined;
  if (found.totalCount > 0) return found;

  const known = alternatives.filter((group) => group.status !== "unknown");
  const isWord = (group: WordAlternatives) => group.status === "vocabulary" || group.status === "corrected";
  if (known.length < alternatives.length && known.some(isWord)) {
    const relaxed = index.matchingPage({ ...request, alternatives: known });
    const droppedWords = words.filter((_word, position) => alternatives[position]?.status === "unknown");
    if (relaxed && relaxed.totalCount > 0) return { ...relaxed, droppedWords };
  }
  if (alternatives.every(isWord)) return found;
  return index.fallbackPage({ ...request, words, alternatives });
}

/** Whether the index can answer these options: words to search, and no price sort or filter (SQL prices them). */
function indexCovers(options: IndexSearchOptions, words = parseSearchWords(options.query)): boolean {
  const { filters, sort } = options;
  if (words.length === 0 || sort === "price_asc" || sort === "price_desc") return false;
  return filters?.priceFrom === undefined && filters?.priceUnder === undefined;
}

export type SearchIndexStatus = {
  state: "off" | "building" | "ready" | "stale";
  designs: number;
  builtAt?: string;
  buildMs?: number;
};

/**
 * The instance's search index and its upkeep (decision 048). Built in the background at start; rebuilt when
 * the catalogue generation moves (a publish, edit, deactivation or storefront rename in this instance, or in
 * another one, announced by NOTIFY: decision 058) and every `syncSeconds` (popularity: orders, favourites). While no index of the current generation is
 * ready, `search` answers undefined and the caller searches with SQL: never a stale answer for this
 * instance's own writes. Rebuilds run one at a time, and after one another waits at least as long as the
 * last build took, so constant writes cost at most half a core.
 */
export function createSearchIndexService(options: {
  db: Database;
  enabled: boolean;
  syncSeconds: number;
  onError?: (error: unknown) => void;
  onBuilt?: (status: SearchIndexStatus) => void;
}) {
  const { db, enabled } = options;
  const stemsOf = createStemmer(db);
  let current: { index: SearchIndex; generation: number; builtAt: Date; buildMs: number } | undefined;
  let building: Promise<void> | undefined;
  let nextBuildAfter = 0;
  let closed = false;
  let delayed: NodeJS.Timeout | undefined;

  async function build(): Promise<void> {
    const generation = catalogueGeneration();
    const startedAt = performance.now();
    const index = await loadSearchIndex(db);
    if (closed) return;
    const buildMs = Math.round(performance.now() - startedAt);
    current = { index, generation, builtAt: new Date(), buildMs };
    nextBuildAfter = Date.now() + Math.max(1000, buildMs);
    options.onBuilt?.(status());
  }

  function rebuild(): void {
    if (!enabled || closed || building || delayed) return;
    const wait = nextBuildAfter - Date.now();
    if (wait > 0) {
      delayed = setTimeout(() => {
        delayed = undefined;
        rebuild();
      }, wait);
      delayed.unref();
      return;
    }
    building = build()
      .catch((error) => {
        if (!closed) options.onError?.(error);
        nextBuildAfter = Date.now() + 5000;
      })
      .finally(() => {
        building = undefined;
      });
  }

  function status(): SearchIndexStatus {
    if (!enabled) return { state: "off", designs: 0 };
    if (!current) return { state: "building", designs: 0 };
    return {
      state: current.generation === catalogueGeneration() ? "ready" : "stale",
      designs: current.index.size,
      builtAt: current.builtAt.toISOString(),
      buildMs: current.buildMs,
    };
  }

  const timer =
    enabled && options.syncSeconds > 0
      ? // Other instances' writes and popularity changes reach the index here; it keeps answering meanwhile.
        setInterval(rebuild, options.syncSeconds * 1000)
      : undefined;
  timer?.unref();

  return {
    /** Starts the first build (in the background). */
    start(): void {
      rebuild();
    },
    /** Resolves when no build is running (tests). */
    async settled(): Promise<void> {
      while (building || delayed) {
        if (building) await building;
        else await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    status,
    /**
     * Whether `search` will answer these options from the index now (ready, of the current generation, options
     * it covers), without searching. The answer can turn false before the search runs (a write of this instance
     * in between); the search then answers undefined.
     */
    covers(searchOptions: IndexSearchOptions): boolean {
      return current !== undefined && current.generation === catalogueGeneration() && indexCovers(searchOptions);
    },
    /**
     * A page of results from the index, or undefined when the index cannot answer (off, building, older than
     * the catalogue generation, or options it does not cover): then search with SQL.
     */
    async search(searchOptions: IndexSearchOptions): Promise<SearchPage | undefined> {
      if (!current || current.generation !== catalogueGeneration()) {
        rebuild();
        return undefined;
      }
      return searchWithIndex(current.index, stemsOf, searchOptions);
    },
    close(): void {
      closed = true;
      if (timer) clearInterval(timer);
      if (delayed) clearTimeout(delayed);
    },
  };
}

export type SearchIndexService = ReturnType<typeof createSearchIndexService>;
