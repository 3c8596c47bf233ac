import { COUNT_CAP, type DesignFilters, type SearchSort } from "@threadfolk/contract/discovery";
import { and, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { designs } from "../../db/schema/index.ts";
import { selectRows, selectThroughBitmaps } from "../../db/select-rows.ts";
import type { KeyedCache } from "../../lib/keyed-cache.ts";
import {
  cappedCount,
  countListedDesignsUpTo,
  type DesignPage,
  listDesignPage,
  newestFirst,
} from "../catalogue/list-design-page.ts";
import { isListedDesign } from "../catalogue/listed-designs.ts";
import { designFilterCondition } from "../catalogue/shown-price.ts";
import { parseSearchWords } from "./parse-search-words.ts";

/** A misspelt word is replaced by vocabulary words at least this similar (trigram similarity, 0..1). */
const CORRECTION_MIN_SIMILARITY = 0.25;
const CORRECTIONS_PER_WORD = 3;
/** …and at least this fraction of the best correction's similarity. */
const CORRECTION_RELATIVE_SIMILARITY = 0.75;
/** Words shorter than this are never "corrected": two letters are too ambiguous. */
const CORRECTION_MIN_LENGTH = 3;
/**
 * The title trigram fallback only looks at words of at least this many letters (never at stop words): a one-
 * or two-letter word shares a trigram with tens of thousands of titles, each of which would be rechecked.
 */
const FALLBACK_MIN_WORD_LENGTH = 3;
/** …and at most this many of them: a long query's trigrams would read as many posting lists. */
const FALLBACK_MAX_WORDS = 3;

/** A page of search results: a design page, plus the words the relaxed search left out. */
export type SearchPage = DesignPage & {
  /** Query words left out because no design has them (the relaxed search of searchDesigns). */
  droppedWords?: string[];
};

export type SearchOptions = {
  db: Database;
  /**
   * Narrow the results (garment style, colour, shown price): part of the options, so anything keyed by a
   * search (a result cache) keys by them too.
   */
  filters?: DesignFilters;
  countAllListed?: () => Promise<number>;
  /** Keeps the totals of recent searches briefly (by their words), so paging through one costs no recount. */
  countCache?: KeyedCache<number>;
  /** Totals are exact up to this many (COUNT_CAP; tests lower it). */
  countCap?: number;
  /** How many of the most popular designs a relevance page looks through first (tests vary it). */
  prefixSize?: number;
  /** As typed; words are extracted from it (see parseSearchWords). */
  query: string;
  sort: SearchSort;
  page: number;
  perPage: number;
};

/** A query word and what to search for it: the word itself plus, for a typo, its nearest vocabulary words. */
export type WordAlternatives = {
  terms: string[];
  /**
   * `vocabulary`: a word of some title, tag or artist name; `corrected`: not one, but close to some (a typo);
   * `unknown`: neither (it may still be in a description); `unchecked`: too short to correct, or a stop word.
   */
  status: "vocabulary" | "corrected" | "unknown" | "unchecked";
};

/**
 * For each query word, the vocabulary words to search for: the word itself, plus its nearest vocabulary
 * words by trigram distance when the word is not in the vocabulary (a typo such as 'warhamer').
 * One round trip; the GiST index answers each `ORDER BY term <-> word LIMIT n` as a nearest-neighbour scan.
 */
export async function findWordAlternatives(db: Database, words: string[]): Promise<WordAlternatives[]> {
  const candidates = words.filter((word) => word.length >= CORRECTION_MIN_LENGTH);
  if (candidates.length === 0) return words.map((word) => ({ terms: [word], status: "unchecked" }));
  const list = sql.join(
    candidates.map((word) => sql`${word}::text`),
    sql`, `,
  );
  // An exact vocabulary check first (primary key lookups): a correctly spelt word is its own only row, and only
  // the words that are not in the vocabulary pay for the nearest-neighbour scan.
  const rows = await selectRows<{ word: string; term: string; similarity: number }>(
    db,
    sql`
    with query_words as (
      select w.word, exists (select 1 from search_terms t where t.kind = 'word' and t.term = w.word) as known
      from unnest(array[${list}]) as w(word)
      -- Stop words ('the', 'of') are never "corrected" into real words: they are meant to match nothing.
      where numnode(plainto_tsquery('english', w.word)) > 0
    )
    select w.word, w.word as term, 1 as similarity from query_words w where w.known
    union all
    select w.word, t.term, similarity(t.term, w.word) as similarity
    from query_words w
    cross join lateral (
      select term from search_terms where kind = 'word' order by term <-> w.word limit ${CORRECTIONS_PER_WORD + 1}
    ) t
    where not w.known`,
  );
  const byWord = new Map<string, Array<{ term: string; similarity: number }>>();
  for (const row of rows) {
    const list = byWord.get(row.word) ?? [];
    list.push({ term: row.term, similarity: Number(row.similarity) });
    byWord.set(row.word, list);
  }
  return words.map((word) => {
    // Short words and stop words were not looked up: keep them as typed.
    const nearest = byWord.get(word);
    if (!nearest) return { terms: [word], status: "unchecked" };
    if (nearest.some((entry) => entry.term === word)) return { terms: [word], status: "vocabulary" };
    // Only corrections nearly as close as the best one: 'warhamer' -> 'warhammer' (0.73), not 'gamer' (0.25).
    const best = Math.max(...nearest.map((entry) => entry.similarity));
    const floor = Math.max(CORRECTION_MIN_SIMILARITY, best * CORRECTION_RELATIVE_SIMILARITY);
    const corrections = nearest
      .filter((entry) => entry.similarity >= floor)
      .slice(0, CORRECTIONS_PER_WORD)
      .map((entry) => entry.term);
    return corrections.length > 0
      ? { terms: [word, ...corrections], status: "corrected" }
      : { terms: [word], status: "unknown" };
  });
}

/** `(w1 | w1' | w1'') & (w2 | …)` as a tsquery expression; plainto_tsquery keeps user text out of the syntax. */
function buildTsQuery(alternatives: WordAlternatives[]): SQL {
  const groups = alternatives.map(
    (group) =>
      sql`(${sql.join(
        group.terms.map((word) => sql`plainto_tsquery('english', ${word})`),
        sql` || `,
      )})`,
  );
  return sql`(${sql.join(groups, sql` && `)})`;
}

/** The search document column (generated, see drizzle/0005_search.sql); not declared in the Drizzle schema. */
const searchDocument = sql`${designs}."search_document"`;

/** The generated columns of drizzle/0007_search_tiers.sql, one per relevance tier (read by raw SQL only). */
const titleKey = sql`${designs}."title_key"`;
const titleDocument = sql`${designs}."title_document"`;
const labelDocument = sql`${designs}."label_document"`;

/** The popular sort's order, which the (status, order_count_30d, favorite_count, published_at) index serves. */
const popularFirst = sql`${designs.orderCount30d} desc nulls last, ${designs.favoriteCount} desc nulls last, ${newestFirst}, ${designs.id}`;

/**
 * How many listed designs, in the order of an index (the most popular, or the newest), the first step of a
 * search page looks through: an index scan of that many rows, about a millisecond. See listRelevantPage.
 */
const INDEX_PREFIX_SIZE = 2400;

/**
 * One page of the listed designs matching `match` in an order an index serves (newest, popular): the same two
 * steps as listRelevantPage with a single tier. The first `prefixSize` designs in that order hold the page
 * when they hold `page × perPage` matches; otherwise the matches are rare (or the page deep) and the GIN
 * index finds them all.
 */
async function listIndexOrderedPage(options: {
  db: Database;
  match: SQL;
  order: SQL;
  page: number;
  perPage: number;
  prefixSize: number;
}): Promise<string[]> {
  const { db, match, order, page, perPage, prefixSize } = options;
  const needed = page * perPage;
  const offset = (page - 1) * perPage;
  if (needed <= prefixSize) {
    // The derived table is named like the table so `match` and `order` read from it.
    const rows = await selectRows<{ id: string }>(
      db,
      sql`
      select ${designs.id} as id
      from (select * from ${designs} where ${isListedDesign()} order by ${order} limit ${prefixSize}) as ${designs}
      where ${match}
      order by ${order}
      limit ${needed}`,
    );
    if (rows.length === needed) return rows.slice(offset).map((row) => row.id);
  }
  const rows = await selectThroughBitmaps<{ id: string }>(
    db,
    sql`
    select ${designs.id} as id from ${designs}
    where ${isListedDesign()} and ${match}
    order by ${order}
    limit ${perPage} offset ${offset}`,
  );
  return rows.map((row) => row.id);
}

type Candidate = { id: string; tier: number; orderCount: number; favoriteCount: number; publishedAt: Date | string };

/** Relevance order: tier, then the popular sort (listed designs always have a publication date). */
function compareCandidates(a: Candidate, b: Candidate): number {
  return (
    a.tier - b.tier ||
    b.orderCount - a.orderCount ||
    b.favoriteCount - a.favoriteCount ||
    new Date(b.publishedAt).getTime() - new Date(a.publishedAt).getTime() ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/**
 * One page of the designs matching `tsQuery`, by relevance (decision 012). A match belongs to the first tier
 * it meets: 0, the title is the query (as typed, case and punctuation aside); 1, every word is in the title;
 * 2, every word is in the title, tags or artist name; 3, the rest (a word only in the description). Tiers
 * come in that order, the most ordered and favourited designs first within a tier.
 *
 * A page needs, for each tier k, at most the first `needed` designs (in popular order) whose tier is k or
 * better: those are the only ones that can be on it, since a tier-k design on the page has every better-tier
 * design before it. The tiers' documents nest (title within labels within everything), so "tier k or better"
 * is "tier k's document matches". Two steps find them without ranking every match of a broad query:
 * 1. Look through the INDEX_PREFIX_SIZE most popular designs (in popular order, by index) and keep the
 *    matches with their tier; the exact-title designs (tier 0, by index) come with them. A tier with `needed`
 *    matches there is complete: nothing outside the prefix comes before them.
 * 2. Only for a tier that is rare among popular designs: its first `needed` matches through its own GIN index
 *    (bitmap scans only, never a walk of the popularity index, so the cost follows the number of matches).
 * Then the candidates are sorted and the page cut out of them.
 */
async function listRelevantPage(options: {
  db: Database;
  tsQuery: SQL;
  /** The results page's filters (or undefined): every candidate must pass them. */
  filter: SQL | undefined;
  phrase: string;
  page: number;
  perPage: number;
  prefixSize: number;
  /**
   * Counts the matches, told how many the most popular designs held (undefined when they were not looked
   * through): run beside the second step.
   */
  countMatches: (prefixMatches: number | undefined) => Promise<number>;
}): Promise<{ designIds: string[]; counted: number }> {
  const { db, tsQuery, filter, phrase, page, perPage, prefixSize } = options;
  const listed = filter ? sql`${isListedDesign()} and ${filter}` : isListedDesign();
  const needed = page * perPage;
  const documents = [titleDocument, labelDocument, searchDocument];
  const tierOf = sql`case when ${titleKey} = ${phrase} then 0 when ${titleDocument} @@ ${tsQuery} then 1
    when ${labelDocument} @@ ${tsQuery} then 2 else 3 end`;
  const columns = sql`${designs.id} as id, ${tierOf} as tier, ${designs.orderCount30d} as "orderCount",
    ${designs.favoriteCount} as "favoriteCount", ${designs.publishedAt} as "publishedAt"`;

  // The exact-title designs, plus (when the page lies within it) the matches among the most popular designs.
  // The derived table is named like the table so the shared column list reads from it.
  const exactTitle = sql`select ${columns}, false as "inPrefix" from ${designs} where ${titleKey} = ${phrase} and ${listed}`;
  const prefixRows = await selectRows<Candidate & { inPrefix: boolean }>(
    db,
    needed > prefixSize
      ? exactTitle
      : sql`
        select ${columns}, true as "inPrefix"
        from (
          select * from ${designs} where ${listed} order by ${popularFirst} limit ${prefixSize}
        ) as ${designs}
        where ${searchDocument} @@ ${tsQuery}
        union all ${exactTitle}`,
  );
  const candidates = new Map(prefixRows.map((row) => [row.id, row]));
  // How many of the most popular designs match: a word in most of the catalogue proves a capped count here.
  const counting = options.countMatches(
    needed > prefixSize ? undefined : prefixRows.filter((row) => row.inPrefix).length,
  );
  // Awaited below; a failing lookup must not leave it rejected and unobserved.
  counting.catch(() => undefined);
  // Tiers 1..3 whose first `needed` matches the prefix did not hold.
  const found = [...candidates.values()];
  const missing = [1, 2, 3].filter((tier) => found.filter((row) => row.tier <= tier).length < needed);
  if (missing.length > 0) {
    const lookups = missing.map(
      (tier) => sql`(
        select ${columns} from ${designs}
        where ${listed} and ${documents[tier - 1]} @@ ${tsQuery}
        order by ${popularFirst} limit ${needed})`,
    );
    const rows = await selectThroughBitmaps<Candidate>(db, sql.join(lookups, sql` union all `));
    for (const row of rows) candidates.set(row.id, { ...row, inPrefix: false });
  }
  const sorted = [...candidates.values()].sort(compareCandidates);
  return { designIds: sorted.slice((page - 1) * perPage, needed).map((row) => row.id), counted: await counting };
}

/** The key of a search's total in the count cache: its word groups and its filters. */
function countKey(alternatives: WordAlternatives[], filters: DesignFilters | undefined): string {
  return JSON.stringify([alternatives.map((group) => group.terms), filters ?? {}]);
}

/** One page of the designs matching every word group, in the given sort, with the total (capped). */
async function listMatchingPage(
  options: SearchOptions & { alternatives: WordAlternatives[]; phrase: string },
): Promise<DesignPage> {
  const { db, alternatives, phrase, sort, page, perPage } = options;
  const tsQuery = buildTsQuery(alternatives);
  const filter = designFilterCondition(options.filters);
  const where = filter ? sql`${searchDocument} @@ ${tsQuery} and ${filter}` : sql`${searchDocument} @@ ${tsQuery}`;
  // Counted exactly up to COUNT_CAP: a word in most designs ('tee') stops there instead of visiting them all,
  // through the GIN index (never a sequential scan of every design's document, which a LIMIT tempts).
  const cap = options.countCap ?? COUNT_CAP;
  const count = () => countListedDesignsUpTo({ db, where, cap, throughIndexes: true });
  // The page and the count are independent: on PostgreSQL they run at once on two pooled connections. The
  // count of a broad query is the slowest part (it visits every match), and the same for every page of it.
  // Words of one or two letters ('a b c', 'x') and stop words are rare or no lexemes at all: looking through
  // the most popular designs first would read thousands of rows to find none, so their GIN entries answer.
  const shortOnly = alternatives.every((group) => group.status === "unchecked");
  const prefixSize = shortOnly ? 0 : (options.prefixSize ?? INDEX_PREFIX_SIZE);
  const key = countKey(alternatives, options.filters);
  if (sort === "relevance") {
    // More matches than the cap among the most popular designs alone: the count is known without counting.
    const countMatches = (prefixMatches: number | undefined) => {
      const load = () =>
        prefixMatches !== undefined && prefixMatches > COUNT_CAP ? Promise.resolve(COUNT_CAP + 1) : count();
      return options.countCache ? options.countCache(key, load) : load();
    };
    const found = await listRelevantPage({ db, tsQuery, filter, phrase, page, perPage, prefixSize, countMatches });
    return { designIds: found.designIds, ...cappedCount(found.counted, cap) };
  }
  const indexOrder = sort === "newest" ? sql`${newestFirst}, ${designs.id}` : sort === "popular" ? popularFirst : null;
  const [designIds, counted] = await Promise.all([
    indexOrder
      ? listIndexOrderedPage({ db, match: where, order: indexOrder, page, perPage, prefixSize })
      : // Price sorts order by the shown price of every match: cost follows the number of matches.
        listDesignPage({ ...options, where, relevance: [], count: "none" }).then((found) => found.designIds),
    options.countCache ? options.countCache(key, count) : count(),
  ]);
  return { designIds, ...cappedCount(counted, cap) };
}

/**
 * One page of the designs matching a query, with the total. Full-text search over the title, tags, artist
 * name and description, typo-tolerant through the vocabulary, ranked by relevance tiers (listRelevantPage)
 * unless another sort is asked for. When every word together finds nothing, the words that are nowhere in
 * the vocabulary are dropped ('space cat' finds the cats); when that finds nothing either, a trigram
 * similarity match on the whole title answers (words run together, titles of stop words). A query without
 * words (empty, blank, punctuation) lists every design, newest first.
 */
export async function searchDesigns(options: SearchOptions): Promise<SearchPage> {
  const words = parseSearchWords(options.query);
  const filter = designFilterCondition(options.filters);
  if (words.length === 0) {
    const sort = options.sort === "relevance" ? "newest" : options.sort;
    return listDesignPage({ ...options, sort, where: filter, relevance: [], count: filter ? "capped" : "separate" });
  }
  const phrase = words.join(" ");
  const alternatives = await findWordAlternatives(options.db, words);
  const found = await listMatchingPage({ ...options, phrase, alternatives });
  if (found.totalCount > 0) return found;

  const known = alternatives.filter((group) => group.status !== "unknown");
  const isWord = (group: WordAlternatives) => group.status === "vocabulary" || group.status === "corrected";
  if (known.length < alternatives.length && known.some(isWord)) {
    const relaxed = await listMatchingPage({ ...options, phrase, alternatives: known });
    const droppedWords = words.filter((_word, index) => alternatives[index]?.status === "unknown");
    if (relaxed.totalCount > 0) return { ...relaxed, droppedWords };
  }
  // Real words that no design has together ('black anime'): no title is "similar" to them either.
  if (alternatives.every(isWord)) return found;

  // Nothing matched word by word (words run together, a title of stop words). The title whose words are the
  // query's comes first; then, for the words worth comparing (three letters or more, not stop words, at most
  // FALLBACK_MAX_WORDS), trigram similarity with the whole title, served by the GIN trigram index on
  // lower(display_name). One- and two-letter words and stop words never reach the trigram index: they share
  // trigrams with most titles ('a' with 26,000 of 100,000), so only the exact title can answer them.
  const exactTitle = sql`${titleKey} = ${phrase}`;
  const fallbackWords = words
    .filter((word, index) => word.length >= FALLBACK_MIN_WORD_LENGTH && alternatives[index]?.status !== "unchecked")
    .slice(0, FALLBACK_MAX_WORDS);
  const similar = fallbackWords.length > 0 ? sql`lower(${designs.displayName}) % ${fallbackWords.join(" ")}` : null;
  const match = similar ? sql`(${exactTitle} or ${similar})` : exactTitle;
  const fallback = await listDesignPage({
    ...options,
    count: "window",
    where: filter ? and(match, filter) : match,
    relevance: similar
      ? [sql`(${exactTitle}) desc`, sql`similarity(lower(${designs.displayName}), ${fallbackWords.join(" ")}) desc`]
      : [],
  });
  return { ...fallback, totalCountCapped: false };
}
