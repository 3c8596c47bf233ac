import type { SearchSort } from "@threadfolk/contract/discovery";
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { designs, sellerDesignProductVariants } from "../../db/schema/index.ts";
import { isListedDesign, searchDocument } from "./listed-designs.ts";
import { parseSearchWords } from "./parse-search-words.ts";
import { selectRows } from "./select-rows.ts";

/** A misspelt word is replaced by vocabulary words at least this similar (trigram similarity, 0..1). */
const CORRECTION_MIN_SIMILARITY = 0.25;
const CORRECTIONS_PER_WORD = 3;
/** …and at least this fraction of the best correction's similarity. */
const CORRECTION_RELATIVE_SIMILARITY = 0.75;
/** Words shorter than this are never "corrected": two letters are too ambiguous. */
const CORRECTION_MIN_LENGTH = 3;

export type DesignPage = { designIds: string[]; totalCount: number };

type SearchOptions = {
  db: Database;
  countAllListed?: () => Promise<number>;
  /** As typed; words are extracted from it (see parseSearchWords). */
  query: string;
  sort: SearchSort;
  page: number;
  perPage: number;
};

/**
 * For each query word, the vocabulary words to search for: the word itself, plus its nearest vocabulary
 * words by trigram distance when the word is not in the vocabulary (a typo such as 'warhamer').
 * One round trip; the GiST index answers each `ORDER BY term <-> word LIMIT n` as a nearest-neighbour scan.
 */
export async function findWordAlternatives(db: Database, words: string[]): Promise<string[][]> {
  const candidates = words.filter((word) => word.length >= CORRECTION_MIN_LENGTH);
  if (candidates.length === 0) return words.map((word) => [word]);
  const list = sql.join(
    candidates.map((word) => sql`${word}::text`),
    sql`, `,
  );
  const rows = await selectRows<{ word: string; term: string; similarity: number }>(
    db,
    sql`
    select w.word, t.term, similarity(t.term, w.word) as similarity
    from unnest(array[${list}]) as w(word)
    cross join lateral (
      select term from search_terms where kind = 'word' order by term <-> w.word limit ${CORRECTIONS_PER_WORD + 1}
    ) t
    -- Stop words ('the', 'of') are never "corrected" into real words: they are meant to match nothing.
    where numnode(plainto_tsquery('english', w.word)) > 0`,
  );
  const byWord = new Map<string, Array<{ term: string; similarity: number }>>();
  for (const row of rows) {
    const list = byWord.get(row.word) ?? [];
    list.push({ term: row.term, similarity: Number(row.similarity) });
    byWord.set(row.word, list);
  }
  return words.map((word) => {
    const nearest = byWord.get(word) ?? [];
    if (nearest.length === 0 || nearest.some((entry) => entry.term === word)) return [word];
    // Only corrections nearly as close as the best one: 'warhamer' -> 'warhammer' (0.73), not 'gamer' (0.25).
    const best = Math.max(...nearest.map((entry) => entry.similarity));
    const floor = Math.max(CORRECTION_MIN_SIMILARITY, best * CORRECTION_RELATIVE_SIMILARITY);
    const corrections = nearest
      .filter((entry) => entry.similarity >= floor)
      .slice(0, CORRECTIONS_PER_WORD)
      .map((entry) => entry.term);
    return [word, ...corrections];
  });
}

/** `(w1 | w1' | w1'') & (w2 | …)` as a tsquery expression; plainto_tsquery keeps user text out of the syntax. */
function buildTsQuery(alternatives: string[][]): SQL {
  const groups = alternatives.map(
    (group) =>
      sql`(${sql.join(
        group.map((word) => sql`plainto_tsquery('english', ${word})`),
        sql` || `,
      )})`,
  );
  return sql`(${sql.join(groups, sql` && `)})`;
}

// `desc nulls last` to match the catalogue's btree indexes (status, published_at DESC NULLS LAST) and
// (status, order_count_30d DESC NULLS LAST, …): a plain `desc` means NULLS FIRST and the planner would sort
// every design instead of reading the first rows of the index. The id tie-breaker keeps pages stable; the
// planner adds it with an incremental sort.
const newestFirst = sql`${designs.publishedAt} desc nulls last`;

function orderFor(sort: SearchSort, relevance: SQL[]): SQL[] {
  switch (sort) {
    case "newest":
      return [newestFirst, asc(designs.id)];
    case "popular":
      return [
        sql`${designs.orderCount30d} desc nulls last`,
        sql`${designs.favoriteCount} desc nulls last`,
        newestFirst,
        asc(designs.id),
      ];
    case "price_asc":
      return [asc(sellerDesignProductVariants.priceCents), newestFirst, asc(designs.id)];
    case "price_desc":
      return [desc(sellerDesignProductVariants.priceCents), newestFirst, asc(designs.id)];
    default:
      return [...relevance, desc(designs.orderCount30d), newestFirst, asc(designs.id)];
  }
}

/**
 * How the total is counted: `window` (count(*) over () in the page query: right for selective searches, whose
 * matches are gathered anyway), `separate` (a second count query, so the page itself can stop after
 * `perPage` rows of an ordered index scan: right for plain listings over every design) or `none`.
 */
export type CountStrategy = "window" | "separate" | "none";

export type ListDesignPageOptions = {
  db: Database;
  where: SQL | undefined;
  sort: SearchSort;
  /** Order of `relevance` (before the tie-breakers): rank expressions, collection positions. */
  relevance: SQL[];
  page: number;
  perPage: number;
  count: CountStrategy;
  /**
   * Counts every listed design when `where` is undefined (browse, recent, popular, empty query): the caller
   * may cache it briefly, since an exact count over 100,000 designs is the slowest part of such a page.
   */
  countAllListed?: () => Promise<number>;
};

/** One page of listed designs matching `where`, in the given order, with the total when asked. */
export async function listDesignPage(options: ListDesignPageOptions): Promise<DesignPage> {
  const { db, sort, page, perPage, where, relevance, count } = options;
  const needsVariant = sort === "price_asc" || sort === "price_desc";
  const columns =
    count === "window"
      ? { id: designs.id, totalCount: sql<number>`count(*) over ()`.mapWith(Number) }
      : { id: designs.id, totalCount: sql<number>`0`.mapWith(Number) };
  const base = db.select(columns).from(designs);
  const joined = needsVariant
    ? base.innerJoin(
        sellerDesignProductVariants,
        and(eq(sellerDesignProductVariants.designId, designs.id), eq(sellerDesignProductVariants.isDefault, true)),
      )
    : base;
  const rows = await joined
    .where(and(isListedDesign(), where))
    .orderBy(...orderFor(sort, relevance))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const designIds = rows.map((row) => row.id);
  if (count === "none") return { designIds, totalCount: designIds.length };
  if (count === "window" && rows.length > 0) return { designIds, totalCount: rows[0]?.totalCount ?? 0 };
  if (where === undefined && options.countAllListed) return { designIds, totalCount: await options.countAllListed() };
  // Separate count, or a page past the end of a windowed search (its window saw no rows).
  const [total] = await db
    .select({ totalCount: sql<number>`count(*)`.mapWith(Number) })
    .from(designs)
    .where(and(isListedDesign(), where));
  return { designIds, totalCount: total?.totalCount ?? 0 };
}

/**
 * One page of the designs matching a query, with the total. Full-text search over the weighted search
 * document (title A, tags and artist B, description C), typo-tolerant through the vocabulary; when that
 * finds nothing, a trigram similarity match on the whole title. An exact title match always ranks first.
 * A query without words (empty, blank, punctuation) lists every design, newest first.
 */
export async function searchDesigns(options: SearchOptions): Promise<DesignPage> {
  const words = parseSearchWords(options.query);
  if (words.length === 0) {
    const sort = options.sort === "relevance" ? "newest" : options.sort;
    return listDesignPage({ ...options, sort, where: undefined, relevance: [], count: "separate" });
  }
  const phrase = words.join(" ");
  const normalisedTitle = sql`trim(regexp_replace(lower(${designs.displayName}), '[^[:alnum:]]+', ' ', 'g'))`;
  const exactTitleFirst = sql`(${normalisedTitle} = ${phrase}) desc`;

  const alternatives = await findWordAlternatives(options.db, words);
  const tsQuery = buildTsQuery(alternatives);
  const found = await listDesignPage({
    ...options,
    count: "window",
    where: sql`${searchDocument} @@ ${tsQuery}`,
    relevance: [exactTitleFirst, sql`ts_rank_cd(${searchDocument}, ${tsQuery}) desc`],
  });
  if (found.totalCount > 0) return found;

  // Nothing matched word by word (e.g. a title made of stop words, or words run together): fall back to
  // trigram similarity with the whole title, served by the GIN trigram index on lower(display_name).
  return listDesignPage({
    ...options,
    count: "window",
    where: sql`lower(${designs.displayName}) % ${phrase}`,
    relevance: [exactTitleFirst, sql`similarity(lower(${designs.displayName}), ${phrase}) desc`],
  });
}

/** How many designs are listed (active and published): the total of browse, recent and popular. */
export async function countListedDesigns({ db }: { db: Database }): Promise<number> {
  const [row] = await db
    .select({ totalCount: sql<number>`count(*)`.mapWith(Number) })
    .from(designs)
    .where(isListedDesign());
  return row?.totalCount ?? 0;
}
