import type { DesignFilters, SearchSort } from "@threadfolk/contract/discovery";
import type { SearchPage, WordAlternatives } from "./search-designs.ts";
import { SIMILARITY_THRESHOLD, trigramSimilarity, trigramsOf } from "./trigrams.ts";

/**
 * The in-memory search index of one instance (decision 048): what `searchDesigns` reads from PostgreSQL to
 * answer a query, held in arrays, so a search costs no database statement but the stemming of words it has
 * not seen (see search-index-service.ts). It answers with the same tiers, order, totals, dropped words and
 * corrections as the SQL path; `search-index.integration.test.ts` compares the two.
 *
 * Designs are numbered by their rank in popular order (orders in 30 days, favourites, newest, id), so a
 * posting list (the designs whose document has a lexeme) sorted by number is already in popular order: a
 * relevance tier or the popular sort is a walk of a list, never a sort of the matches.
 */

/** One design as the index loads it (search-index-loader.ts). */
export type IndexedDesign = {
  id: string;
  /** design_title_key(display_name): the title as a search phrase. */
  titleKey: string;
  /** lower(display_name), for the trigram fallback. */
  lowerTitle: string;
  orderCount: number;
  favoriteCount: number;
  /** published_at in microseconds since the epoch (PostgreSQL's precision, so ties order as there). */
  publishedMicros: number;
  offeredColors: string[];
  /** Keys of the garment styles the design is offered in. */
  styles: string[];
  /** The lexemes of title_document, label_document and search_document. */
  titleLexemes: string[];
  labelLexemes: string[];
  searchLexemes: string[];
};

/** A query word's stems: the lexemes of plainto_tsquery('english', word) (none for a stop word). */
export type Stems = ReadonlyMap<string, readonly string[]>;

/** Constants of searchDesigns' typo correction (the same values). */
export const CORRECTION = { minSimilarity: 0.25, perWord: 3, relativeSimilarity: 0.75, minLength: 3 } as const;
/** Constants of searchDesigns' title fallback. */
export const FALLBACK = { minWordLength: 3, maxWords: 3 } as const;

const EMPTY = new Int32Array(0);

/** Yields to the event loop, so a build in the background never holds requests for long. */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Posting lists: for each key (a lexeme, a trigram, a title key), the design numbers that have it, sorted. All
 * lists live in one Int32Array, each a slice of it, so 150,000 keys cost one array and a map of offsets instead
 * of 150,000 arrays.
 */
export class Postings {
  constructor(
    private readonly keyIds: Map<string, number>,
    private readonly offsets: Int32Array,
    private readonly values: Int32Array,
  ) {}
  get(key: string): Int32Array | undefined {
    const id = this.keyIds.get(key);
    return id === undefined ? undefined : this.values.subarray(this.offsets[id], this.offsets[id + 1]);
  }
  get keys(): number {
    return this.keyIds.size;
  }
  get bytes(): number {
    return this.offsets.byteLength + this.values.byteLength;
  }
}

/** Collects (key, design) pairs in two growable typed arrays, then freezes them into Postings by counting sort. */
class PostingBuilder {
  private readonly keyIds = new Map<string, number>();
  private keysOf = new Int32Array(1024);
  private designsOf = new Int32Array(1024);
  private size = 0;

  add(key: string, design: number): void {
    let id = this.keyIds.get(key);
    if (id === undefined) {
      id = this.keyIds.size;
      this.keyIds.set(key, id);
    }
    if (this.size === this.keysOf.length) {
      const keysOf = new Int32Array(this.size * 2);
      keysOf.set(this.keysOf);
      this.keysOf = keysOf;
      const designsOf = new Int32Array(this.size * 2);
      designsOf.set(this.designsOf);
      this.designsOf = designsOf;
    }
    this.keysOf[this.size] = id;
    this.designsOf[this.size] = design;
    this.size += 1;
  }

  /** Renumbers the designs (load order to rank) and sorts each list, yielding to requests now and then. */
  async freeze(rankOf: Int32Array): Promise<Postings> {
    const keyCount = this.keyIds.size;
    const offsets = new Int32Array(keyCount + 1);
    for (let index = 0; index < this.size; index++) {
      const next = (this.keysOf[index] as number) + 1;
      offsets[next] = (offsets[next] as number) + 1;
    }
    for (let id = 0; id < keyCount; id++) offsets[id + 1] = (offsets[id + 1] as number) + (offsets[id] as number);
    const values = new Int32Array(this.size);
    const cursor = offsets.slice(0, keyCount);
    for (let index = 0; index < this.size; index++) {
      const id = this.keysOf[index] as number;
      values[cursor[id] as number] = rankOf[this.designsOf[index] as number] as number;
      cursor[id] = (cursor[id] as number) + 1;
    }
    this.keysOf = new Int32Array(0);
    this.designsOf = new Int32Array(0);
    let work = 0;
    for (let id = 0; id < keyCount; id++) {
      const list = values.subarray(offsets[id], offsets[id + 1]);
      list.sort();
      work += list.length + 50;
      if (work > 200_000) {
        work = 0;
        await yieldToRequests();
      }
    }
    return new Postings(this.keyIds, offsets, values);
  }
}

/** Sorted intersection of two sorted lists. */
function intersect(a: Int32Array, b: Int32Array): Int32Array {
  if (a.length > b.length) return intersect(b, a);
  const out = new Int32Array(a.length);
  let size = 0;
  if (a.length * 16 < b.length) {
    // Few against many: binary search of each of the few.
    let low = 0;
    for (const value of a) {
      let high = b.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if ((b[middle] as number) < value) low = middle + 1;
        else high = middle;
      }
      if (low < b.length && b[low] === value) out[size++] = value;
    }
  } else {
    let i = 0;
    let j = 0;
    while (i < a.length && j < b.length) {
      const x = a[i] as number;
      const y = b[j] as number;
      if (x === y) {
        out[size++] = x;
        i++;
        j++;
      } else if (x < y) i++;
      else j++;
    }
  }
  return out.subarray(0, size);
}

/** Reused counters of sharedTrigrams (one process, one search at a time on the event loop). */
let counters = new Uint16Array(0);
let touched = new Int32Array(0);

/**
 * Calls `visit(item, shared)` for every item sharing at least one of `query`'s trigrams, with how many it shares:
 * one pass over the trigrams' posting lists with a counter per item (typed arrays, no map).
 */
function sharedTrigrams(
  query: Set<string>,
  postings: Postings,
  items: number,
  visit: (item: number, shared: number) => void,
): void {
  if (counters.length < items) {
    counters = new Uint16Array(items);
    touched = new Int32Array(items);
  }
  let size = 0;
  for (const trigram of query) {
    const list = postings.get(trigram);
    if (!list) continue;
    for (let position = 0; position < list.length; position++) {
      const item = list[position] as number;
      if (counters[item] === 0) touched[size++] = item;
      counters[item] = (counters[item] as number) + 1;
    }
  }
  for (let position = 0; position < size; position++) {
    const item = touched[position] as number;
    visit(item, counters[item] as number);
    counters[item] = 0;
  }
}

/** Sorted union of sorted lists. */
function union(lists: Int32Array[]): Int32Array {
  const nonEmpty = lists.filter((list) => list.length > 0);
  if (nonEmpty.length <= 1) return nonEmpty[0] ?? EMPTY;
  const all = new Int32Array(nonEmpty.reduce((sum, list) => sum + list.length, 0));
  let offset = 0;
  for (const list of nonEmpty) {
    all.set(list, offset);
    offset += list.length;
  }
  all.sort();
  let size = 0;
  for (let index = 0; index < all.length; index++) {
    if (index === 0 || all[index] !== all[index - 1]) all[size++] = all[index] as number;
  }
  return all.subarray(0, size);
}

/** The shortest decimal that reads back as this single-precision value, read as a double: what a float4 column becomes in JavaScript. */
function asFloat4Column(value: number): number {
  for (let digits = 1; digits <= 9; digits++) {
    const parsed = Number(value.toPrecision(digits));
    if (Math.fround(parsed) === value) return parsed;
  }
  return value;
}

export type IndexSearchRequest = {
  words: string[];
  /** Stems of every query word and of every correction (see alternativesFor). */
  stems: Stems;
  alternatives: WordAlternatives[];
  filters?: DesignFilters;
  sort: SearchSort;
  page: number;
  perPage: number;
  countCap: number;
  /** The clock (ms), for designs published later (scheduled): listed once published_at <= now. */
  now: number;
};

type Level = "title" | "label" | "all";

/**
 * Collects designs one at a time (the loader's pages), keeping only numbers and interned posting lists, then
 * `finish` orders them and freezes the lists. The rows themselves are dropped as they come.
 */
export class SearchIndexBuilder {
  private readonly ids: string[] = [];
  private readonly orderCount: number[] = [];
  private readonly favoriteCount: number[] = [];
  private readonly publishedMicros: number[] = [];
  private readonly colorMask: number[] = [];
  private readonly styleMask: number[] = [];
  private readonly titleTrigramCount: number[] = [];
  private readonly titleKeys = new PostingBuilder();
  private readonly title = new PostingBuilder();
  private readonly label = new PostingBuilder();
  private readonly all = new PostingBuilder();
  private readonly trigrams = new PostingBuilder();
  readonly colorBits = new Map<string, number>();
  readonly styleBits = new Map<string, number>();

  private bit(bits: Map<string, number>, key: string): number {
    let position = bits.get(key);
    if (position === undefined) {
      position = bits.size;
      bits.set(key, position);
    }
    // More than 31 distinct keys would not fit a mask: such a filter is left to SQL (see passesFilter).
    return position < 31 ? 1 << position : 0;
  }

  add(design: IndexedDesign): void {
    const loaded = this.ids.length;
    this.ids.push(design.id);
    this.orderCount.push(design.orderCount);
    this.favoriteCount.push(design.favoriteCount);
    this.publishedMicros.push(design.publishedMicros);
    this.colorMask.push(design.offeredColors.reduce((mask, color) => mask | this.bit(this.colorBits, color), 0));
    this.styleMask.push(design.styles.reduce((mask, style) => mask | this.bit(this.styleBits, style), 0));
    for (const lexeme of design.titleLexemes) this.title.add(lexeme, loaded);
    for (const lexeme of design.labelLexemes) this.label.add(lexeme, loaded);
    for (const lexeme of design.searchLexemes) this.all.add(lexeme, loaded);
    const titleTrigrams = trigramsOf(design.lowerTitle);
    this.titleTrigramCount.push(Math.min(titleTrigrams.size, 65535));
    for (const trigram of titleTrigrams) this.trigrams.add(trigram, loaded);
    this.titleKeys.add(design.titleKey, loaded);
  }

  async finish(input: { vocabulary: string[]; styleColors: Map<string, string[]> }): Promise<SearchIndex> {
    const { ids, orderCount, favoriteCount, publishedMicros } = this;
    const byId = (x: number, y: number) => {
      const a = ids[x] as string;
      const b = ids[y] as string;
      return a < b ? -1 : a > b ? 1 : 0;
    };
    // Popular order: the order of `popularFirst` in search-designs.ts.
    const byPopularity = ids.map((_id, loaded) => loaded);
    byPopularity.sort(
      (x, y) =>
        (orderCount[y] as number) - (orderCount[x] as number) ||
        (favoriteCount[y] as number) - (favoriteCount[x] as number) ||
        (publishedMicros[y] as number) - (publishedMicros[x] as number) ||
        byId(x, y),
    );
    const rankOf = new Int32Array(ids.length);
    byPopularity.forEach((loaded, rank) => {
      rankOf[loaded] = rank;
    });
    // Newest order: published_at desc, id.
    const newest = ids.map((_id, loaded) => loaded);
    newest.sort((x, y) => (publishedMicros[y] as number) - (publishedMicros[x] as number) || byId(x, y));
    await yieldToRequests();
    const postings = {
      title: await this.title.freeze(rankOf),
      label: await this.label.freeze(rankOf),
      all: await this.all.freeze(rankOf),
    };
    const titleTrigrams = await this.trigrams.freeze(rankOf);
    const titleKeys = await this.titleKeys.freeze(rankOf);
    const vocabularyTrigrams = new PostingBuilder();
    const vocabularyTrigramCount = new Uint16Array(input.vocabulary.length);
    input.vocabulary.forEach((term, position) => {
      const set = trigramsOf(term);
      vocabularyTrigramCount[position] = set.size;
      for (const trigram of set) vocabularyTrigrams.add(trigram, position);
    });
    const pick = <T>(values: T[]) => byPopularity.map((loaded) => values[loaded] as T);
    return new SearchIndex({
      ids: pick(ids),
      orderCount: Int32Array.from(pick(orderCount)),
      publishedMicros: Float64Array.from(pick(publishedMicros)),
      colorMask: Int32Array.from(pick(this.colorMask)),
      styleMask: Int32Array.from(pick(this.styleMask)),
      titleTrigramCount: Uint16Array.from(pick(this.titleTrigramCount)),
      newestOrder: Int32Array.from(newest, (loaded) => rankOf[loaded] as number),
      postings,
      titleKeys,
      titleTrigrams,
      vocabulary: input.vocabulary,
      vocabularyTrigrams: await vocabularyTrigrams.freeze(
        Int32Array.from(input.vocabulary, (_term, position) => position),
      ),
      vocabularyTrigramCount,
      colorBits: this.colorBits,
      styleBits: this.styleBits,
      styleColors: new Map([...input.styleColors].map(([style, colors]) => [style, new Set(colors)])),
    });
  }
}

type SearchIndexParts = {
  ids: string[];
  orderCount: Int32Array;
  publishedMicros: Float64Array;
  colorMask: Int32Array;
  styleMask: Int32Array;
  titleTrigramCount: Uint16Array;
  /** Design numbers, newest first (published_at desc, id). */
  newestOrder: Int32Array;
  postings: Record<Level, Postings>;
  titleKeys: Postings;
  titleTrigrams: Postings;
  vocabulary: string[];
  vocabularyTrigrams: Postings;
  vocabularyTrigramCount: Uint16Array;
  colorBits: Map<string, number>;
  styleBits: Map<string, number>;
  styleColors: Map<string, Set<string>>;
};

export class SearchIndex {
  readonly size: number;
  private readonly ids: string[];
  private readonly orderCount: Int32Array;
  private readonly publishedMicros: Float64Array;
  private readonly colorMask: Int32Array;
  private readonly styleMask: Int32Array;
  private readonly newestOrder: Int32Array;
  private readonly newestPosition: Int32Array;
  private readonly postings: Record<Level, Postings>;
  private readonly titleKeys: Postings;
  private readonly titleTrigrams: Postings;
  private readonly titleTrigramCount: Uint16Array;
  private readonly vocabulary: string[];
  private readonly vocabularySet: Set<string>;
  private readonly vocabularyTrigrams: Postings;
  private readonly vocabularyTrigramCount: Uint16Array;
  private readonly colorBits: Map<string, number>;
  private readonly styleBits: Map<string, number>;
  private readonly styleColors: Map<string, Set<string>>;

  constructor(parts: SearchIndexParts) {
    this.size = parts.ids.length;
    this.ids = parts.ids;
    this.orderCount = parts.orderCount;
    this.publishedMicros = parts.publishedMicros;
    this.colorMask = parts.colorMask;
    this.styleMask = parts.styleMask;
    this.newestOrder = parts.newestOrder;
    this.newestPosition = new Int32Array(this.size);
    this.newestOrder.forEach((rank, position) => {
      this.newestPosition[rank] = position;
    });
    this.postings = parts.postings;
    this.titleKeys = parts.titleKeys;
    this.titleTrigrams = parts.titleTrigrams;
    this.titleTrigramCount = parts.titleTrigramCount;
    this.vocabulary = parts.vocabulary;
    this.vocabularySet = new Set(parts.vocabulary);
    this.vocabularyTrigrams = parts.vocabularyTrigrams;
    this.vocabularyTrigramCount = parts.vocabularyTrigramCount;
    this.colorBits = parts.colorBits;
    this.styleBits = parts.styleBits;
    this.styleColors = parts.styleColors;
  }

  /**
   * For each query word, what to search for it: findWordAlternatives of search-designs.ts, answered from the
   * vocabulary in memory. `stems` must hold every word (a stop word has none).
   */
  alternativesFor(words: string[], stems: Stems): WordAlternatives[] {
    return words.map((word) => {
      if (word.length < CORRECTION.minLength || (stems.get(word) ?? []).length === 0) {
        return { terms: [word], status: "unchecked" };
      }
      if (this.vocabularySet.has(word)) return { terms: [word], status: "vocabulary" };
      const nearest = this.nearestTerms(word, CORRECTION.perWord + 1);
      const best = Math.max(...nearest.map((entry) => entry.similarity));
      const floor = Math.max(CORRECTION.minSimilarity, best * CORRECTION.relativeSimilarity);
      const corrections = nearest
        .filter((entry) => entry.similarity >= floor)
        .slice(0, CORRECTION.perWord)
        .map((entry) => entry.term);
      return corrections.length > 0
        ? { terms: [word, ...corrections], status: "corrected" }
        : { terms: [word], status: "unknown" };
    });
  }

  /** The `count` vocabulary words nearest to `word` by trigram similarity (ties by term), as the GiST scan orders them. */
  private nearestTerms(word: string, count: number): Array<{ term: string; similarity: number }> {
    const query = trigramsOf(word);
    const scored: Array<{ term: string; similarity: number }> = [];
    sharedTrigrams(query, this.vocabularyTrigrams, this.vocabulary.length, (term, common) => {
      scored.push({
        term: this.vocabulary[term] as string,
        similarity: trigramSimilarity(common, this.vocabularyTrigramCount[term] as number, query.size),
      });
    });
    scored.sort((a, b) => b.similarity - a.similarity || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
    return scored.slice(0, count).map((entry) => ({ ...entry, similarity: asFloat4Column(entry.similarity) }));
  }

  /**
   * A test of the results page's filters and of being listed now, per design number; undefined when the
   * index cannot answer them (price filters: the shown price follows running sales).
   */
  private passesFilter(filters: DesignFilters | undefined, now: number): ((rank: number) => boolean) | undefined {
    const nowMicros = now * 1000;
    const listed = (rank: number) => (this.publishedMicros[rank] as number) <= nowMicros;
    if (
      !filters ||
      (!filters.style && !filters.color && filters.priceFrom === undefined && filters.priceUnder === undefined)
    ) {
      return listed;
    }
    if (filters.priceFrom !== undefined || filters.priceUnder !== undefined) return undefined;
    if (this.colorBits.size > 31 || this.styleBits.size > 31) return undefined;
    let colorMask = 0;
    let styleMask = 0;
    if (filters.color) {
      const position = this.colorBits.get(filters.color);
      if (position === undefined) return () => false;
      colorMask = 1 << position;
    }
    if (filters.style) {
      const position = this.styleBits.get(filters.style);
      if (position === undefined) return () => false;
      // The colour must be one the style comes in (the join of designFilterCondition).
      if (filters.color && !this.styleColors.get(filters.style)?.has(filters.color)) return () => false;
      styleMask = 1 << position;
    }
    return (rank) =>
      listed(rank) &&
      ((this.colorMask[rank] as number) & colorMask) === colorMask &&
      ((this.styleMask[rank] as number) & styleMask) === styleMask;
  }

  /** The designs whose document (title, labels or all) matches every word group: the tsquery of buildTsQuery. */
  private matches(alternatives: WordAlternatives[], stems: Stems, level: Level): Int32Array {
    const postings = this.postings[level];
    const groups: Int32Array[] = [];
    for (const group of alternatives) {
      // plainto_tsquery of a stop word is empty, and an empty operand of || or && drops out.
      const terms = group.terms.map((term) => stems.get(term) ?? []).filter((lexemes) => lexemes.length > 0);
      if (terms.length === 0) continue;
      groups.push(
        union(
          terms.map(
            (lexemes) =>
              lexemes
                .map((lexeme) => postings.get(lexeme) ?? EMPTY)
                .reduce(
                  (matched, list) => (matched === undefined ? list : intersect(matched, list)),
                  undefined as Int32Array | undefined,
                ) ?? EMPTY,
          ),
        ),
      );
    }
    // A query of stop words only matches nothing.
    if (groups.length === 0) return EMPTY;
    groups.sort((a, b) => a.length - b.length);
    return groups.reduce((matched, list) => intersect(matched, list));
  }

  /**
   * One page of the designs matching every word group with its total: listMatchingPage of search-designs.ts.
   * Undefined when the index cannot answer (price sorts and filters).
   */
  matchingPage(
    request: Omit<IndexSearchRequest, "words"> & { phrase: string },
  ): { designIds: string[]; totalCount: number; totalCountCapped: boolean } | undefined {
    const { alternatives, stems, sort, page, perPage, phrase } = request;
    if (sort === "price_asc" || sort === "price_desc") return undefined;
    const passes = this.passesFilter(request.filters, request.now);
    if (!passes) return undefined;
    const needed = page * perPage;
    const matched = this.matches(alternatives, stems, "all");
    let total = 0;
    for (const rank of matched) if (passes(rank)) total += 1;
    const counted =
      total > request.countCap
        ? { totalCount: request.countCap, totalCountCapped: true }
        : {
            totalCount: total,
            totalCountCapped: false,
          };
    const chosen: number[] = [];
    if (sort === "relevance") {
      // Tier 0 (the exact title) first, then tiers 1-3 by popularity; each design in its best tier. The tier
      // documents nest (title within labels within everything), so tier k alone is "k matches, k-1 does not".
      const exact = Array.from(this.titleKeys.get(phrase) ?? EMPTY).filter(passes);
      const exactSet = new Set(exact);
      chosen.push(...exact.slice(0, needed));
      const tiers = [this.matches(alternatives, stems, "title"), this.matches(alternatives, stems, "label"), matched];
      let better: Int32Array = EMPTY;
      for (const tier of tiers) {
        if (chosen.length >= needed) break;
        let j = 0;
        for (const rank of tier) {
          while (j < better.length && (better[j] as number) < rank) j++;
          if (j < better.length && better[j] === rank) continue;
          if (exactSet.has(rank) || !passes(rank)) continue;
          chosen.push(rank);
          if (chosen.length >= needed) break;
        }
        better = tier;
      }
    } else if (sort === "popular") {
      for (const rank of matched) {
        if (!passes(rank)) continue;
        chosen.push(rank);
        if (chosen.length >= needed) break;
      }
    } else {
      chosen.push(...this.newestFirst(matched, passes, needed));
    }
    return {
      designIds: chosen.slice((page - 1) * perPage, needed).map((rank) => this.ids[rank] as string),
      ...counted,
    };
  }

  /** The first `needed` of `ranks` (passing `passes`) newest first. */
  private newestFirst(ranks: Int32Array | number[], passes: (rank: number) => boolean, needed: number): number[] {
    if (ranks.length * 8 < this.size) {
      const found = Array.from(ranks).filter(passes);
      found.sort((a, b) => (this.newestPosition[a] as number) - (this.newestPosition[b] as number));
      return found.slice(0, needed);
    }
    // Most of the catalogue: walk the newest order and keep the matches.
    const member = new Uint8Array(this.size);
    for (const rank of ranks) member[rank] = 1;
    const found: number[] = [];
    for (const rank of this.newestOrder) {
      if (member[rank] === 1 && passes(rank)) {
        found.push(rank);
        if (found.length >= needed) break;
      }
    }
    return found;
  }

  /**
   * searchDesigns' last resort, when nothing matched word by word: the titles whose key is the phrase, and
   * (for the words worth comparing) the titles trigram-similar to those words. Undefined when the index
   * cannot answer (price sorts and filters).
   */
  fallbackPage(
    request: Omit<IndexSearchRequest, "stems" | "countCap"> & { phrase: string },
  ): { designIds: string[]; totalCount: number; totalCountCapped: boolean } | undefined {
    const { words, alternatives, phrase, sort, page, perPage } = request;
    if (sort === "price_asc" || sort === "price_desc") return undefined;
    const passes = this.passesFilter(request.filters, request.now);
    if (!passes) return undefined;
    const fallbackWords = words
      .filter((word, index) => word.length >= FALLBACK.minWordLength && alternatives[index]?.status !== "unchecked")
      .slice(0, FALLBACK.maxWords);
    const exact = new Set(this.titleKeys.get(phrase) ?? EMPTY);
    const similarityOf = new Map<number, number>();
    if (fallbackWords.length > 0) {
      const query = trigramsOf(fallbackWords.join(" "));
      sharedTrigrams(query, this.titleTrigrams, this.size, (rank, common) => {
        const value = trigramSimilarity(common, this.titleTrigramCount[rank] as number, query.size);
        // The similar titles, and the exact ones (which all have the same words, so the same similarity).
        if (value >= SIMILARITY_THRESHOLD || exact.has(rank)) similarityOf.set(rank, value);
      });
    }
    const found = new Set<number>(exact);
    for (const [rank, value] of similarityOf) if (value >= SIMILARITY_THRESHOLD) found.add(rank);
    const candidates = [...found].filter(passes);
    const newest = (a: number, b: number) => (this.newestPosition[a] as number) - (this.newestPosition[b] as number);
    if (sort === "newest") candidates.sort(newest);
    else if (sort === "popular") candidates.sort((a, b) => a - b);
    else {
      // listDesignPage's relevance order: the exact title, similarity, orders in 30 days, newest, id.
      const hasWords = fallbackWords.length > 0;
      candidates.sort(
        (a, b) =>
          (hasWords ? Number(exact.has(b)) - Number(exact.has(a)) : 0) ||
          (hasWords ? (similarityOf.get(b) ?? 0) - (similarityOf.get(a) ?? 0) : 0) ||
          (this.orderCount[b] as number) - (this.orderCount[a] as number) ||
          newest(a, b),
      );
    }
    return {
      designIds: candidates.slice((page - 1) * perPage, page * perPage).map((rank) => this.ids[rank] as string),
      totalCount: candidates.length,
      totalCountCapped: false,
    };
  }

  /** Every distinct word the index's answers depend on stemming for: the words and their corrections. */
  static termsOf(alternatives: WordAlternatives[]): string[] {
    return [...new Set(alternatives.flatMap((group) => group.terms))];
  }
}

export type { SearchPage };
