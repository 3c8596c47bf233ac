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

/** Growable lists of design numbers per key, frozen into sorted typed arrays. */
class PostingBuilder {
  readonly lists = new Map<string, number[]>();
  add(key: string, design: number): void {
    const list = this.lists.get(key);
    if (list) list.push(design);
    else this.lists.set(key, [design]);
  }
  /** Renumbers the designs (load order to rank) and sorts each list. */
  freeze(rankOf: Int32Array): Map<string, Int32Array> {
    const frozen = new Map<string, Int32Array>();
    for (const [key, list] of this.lists) {
      const ranks = new Int32Array(list.length);
      for (let index = 0; index < list.length; index++) ranks[index] = rankOf[list[index] as number] as number;
      ranks.sort();
      frozen.set(key, ranks);
    }
    this.lists.clear();
    return frozen;
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

export class SearchIndex {
  readonly size: number;
  private readonly ids: string[];
  private readonly orderCount: Int32Array;
  private readonly publishedMicros: Float64Array;
  private readonly colorMask: Int32Array;
  private readonly styleMask: Int32Array;
  /** Design numbers, newest first (published_at desc, id). */
  private readonly newestOrder: Int32Array;
  private readonly newestPosition: Int32Array;
  private readonly postings: Record<Level, Map<string, Int32Array>>;
  private readonly titleKeys = new Map<string, number[]>();
  private readonly titleTrigrams: Map<string, Int32Array>;
  private readonly titleTrigramCount: Uint16Array;
  private readonly vocabulary: string[];
  private readonly vocabularySet: Set<string>;
  private readonly vocabularyTrigrams: Map<string, Int32Array>;
  private readonly vocabularyTrigramCount: Uint16Array;
  private readonly colorBits = new Map<string, number>();
  private readonly styleBits = new Map<string, number>();
  private readonly styleColors: Map<string, Set<string>>;

  constructor(input: { designs: IndexedDesign[]; vocabulary: string[]; styleColors: Map<string, string[]> }) {
    const { designs } = input;
    this.size = designs.length;
    // Popular order: the order of `popularFirst` in search-designs.ts.
    const byPopularity = designs.map((_design, index) => index);
    byPopularity.sort((x, y) => {
      const a = designs[x] as IndexedDesign;
      const b = designs[y] as IndexedDesign;
      return (
        b.orderCount - a.orderCount ||
        b.favoriteCount - a.favoriteCount ||
        b.publishedMicros - a.publishedMicros ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
      );
    });
    const rankOf = new Int32Array(designs.length);
    byPopularity.forEach((loaded, rank) => {
      rankOf[loaded] = rank;
    });
    const ranked = byPopularity.map((loaded) => designs[loaded] as IndexedDesign);
    this.ids = ranked.map((design) => design.id);
    this.orderCount = Int32Array.from(ranked, (design) => design.orderCount);
    this.publishedMicros = Float64Array.from(ranked, (design) => design.publishedMicros);
    this.styleColors = new Map([...input.styleColors].map(([style, colors]) => [style, new Set(colors)]));
    const bit = (bits: Map<string, number>, key: string) => {
      let position = bits.get(key);
      if (position === undefined) {
        position = bits.size;
        bits.set(key, position);
      }
      // More than 31 distinct keys would not fit a mask: such a filter is left to SQL (see passesFilter).
      return position < 31 ? 1 << position : 0;
    };
    this.colorMask = Int32Array.from(ranked, (design) =>
      design.offeredColors.reduce((mask, color) => mask | bit(this.colorBits, color), 0),
    );
    this.styleMask = Int32Array.from(ranked, (design) =>
      design.styles.reduce((mask, style) => mask | bit(this.styleBits, style), 0),
    );
    const newest = ranked.map((_design, rank) => rank);
    newest.sort((x, y) => {
      const a = ranked[x] as IndexedDesign;
      const b = ranked[y] as IndexedDesign;
      return b.publishedMicros - a.publishedMicros || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    });
    this.newestOrder = Int32Array.from(newest);
    this.newestPosition = new Int32Array(designs.length);
    newest.forEach((rank, position) => {
      this.newestPosition[rank] = position;
    });

    const title = new PostingBuilder();
    const label = new PostingBuilder();
    const all = new PostingBuilder();
    const trigrams = new PostingBuilder();
    this.titleTrigramCount = new Uint16Array(designs.length);
    designs.forEach((design, loaded) => {
      for (const lexeme of design.titleLexemes) title.add(lexeme, loaded);
      for (const lexeme of design.labelLexemes) label.add(lexeme, loaded);
      for (const lexeme of design.searchLexemes) all.add(lexeme, loaded);
      const titleTrigrams = trigramsOf(design.lowerTitle);
      this.titleTrigramCount[rankOf[loaded] as number] = Math.min(titleTrigrams.size, 65535);
      for (const trigram of titleTrigrams) trigrams.add(trigram, loaded);
      const rank = rankOf[loaded] as number;
      const sameTitle = this.titleKeys.get(design.titleKey);
      if (sameTitle) sameTitle.push(rank);
      else this.titleKeys.set(design.titleKey, [rank]);
    });
    for (const list of this.titleKeys.values()) list.sort((a, b) => a - b);
    this.postings = { title: title.freeze(rankOf), label: label.freeze(rankOf), all: all.freeze(rankOf) };
    this.titleTrigrams = trigrams.freeze(rankOf);

    this.vocabulary = [...input.vocabulary];
    this.vocabularySet = new Set(this.vocabulary);
    const termTrigrams = new PostingBuilder();
    this.vocabularyTrigramCount = new Uint16Array(this.vocabulary.length);
    this.vocabulary.forEach((term, index) => {
      const set = trigramsOf(term);
      this.vocabularyTrigramCount[index] = set.size;
      for (const trigram of set) termTrigrams.add(trigram, index);
    });
    this.vocabularyTrigrams = termTrigrams.freeze(Int32Array.from(this.vocabulary, (_term, index) => index));
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
    const shared = new Map<number, number>();
    for (const trigram of query) {
      for (const term of this.vocabularyTrigrams.get(trigram) ?? EMPTY) shared.set(term, (shared.get(term) ?? 0) + 1);
    }
    const scored = [...shared].map(([term, common]) => ({
      term: this.vocabulary[term] as string,
      similarity: trigramSimilarity(common, this.vocabularyTrigramCount[term] as number, query.size),
    }));
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
      const exact = (this.titleKeys.get(phrase) ?? []).filter(passes);
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
    const exact = new Set(this.titleKeys.get(phrase) ?? []);
    const similarityOf = new Map<number, number>();
    if (fallbackWords.length > 0) {
      const query = trigramsOf(fallbackWords.join(" "));
      const shared = new Map<number, number>();
      for (const trigram of query) {
        for (const rank of this.titleTrigrams.get(trigram) ?? EMPTY) shared.set(rank, (shared.get(rank) ?? 0) + 1);
      }
      for (const [rank, common] of shared) {
        const value = trigramSimilarity(common, this.titleTrigramCount[rank] as number, query.size);
        similarityOf.set(rank, value);
      }
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
