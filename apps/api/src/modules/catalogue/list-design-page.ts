import type { SearchSort } from "@threadfolk/contract/discovery";
import { COUNT_CAP } from "@threadfolk/contract/discovery-constants";
import { and, asc, desc, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { designs } from "../../db/schema/index.ts";
import { selectRows, selectThroughBitmaps } from "../../db/select-rows.ts";
import { isListedDesign } from "./listed-designs.ts";
import { anySaleRunning, shownPriceCents, shownPricesCurrent } from "./shown-price.ts";

/** One page of listed designs (their ids, in page order) and how many there are in all. */
export type DesignPage = {
  designIds: string[];
  totalCount: number;
  /** True when the count stopped at COUNT_CAP: there are more designs than `totalCount`. */
  totalCountCapped?: boolean;
};

// `desc nulls last` to match the catalogue's btree indexes (status, published_at DESC NULLS LAST) and
// (status, order_count_30d DESC NULLS LAST, …): a plain `desc` means NULLS FIRST and the planner would sort
// every design instead of reading the first rows of the index. The id tie-breaker keeps pages stable; the
// planner adds it with an incremental sort.
export const newestFirst = sql`${designs.publishedAt} desc nulls last`;

/**
 * The order of a listing of `designs` (the unaliased table) for a sort, with the tie-breakers that keep pages
 * stable; `relevance` leads the `relevance` sort (rank expressions, collection positions). The price sorts read a
 * stored price when it is known to be the shown price: the list price when no sale runs (`prices: "list"`), the
 * stored shown price while it is current (`prices: "shown"`, decision 052); their indexes serve them in order.
 * Otherwise every match is priced (shownPriceCents).
 */
export function designOrder(sort: SearchSort, relevance: SQL[], options: { prices?: StoredPrices } = {}): SQL[] {
  const stored =
    options.prices === "list" ? designs.listPriceCents : options.prices === "shown" ? designs.shownPriceCents : null;
  if (stored && (sort === "price_asc" || sort === "price_desc")) {
    const direction = sort === "price_asc" ? sql`asc` : sql`desc nulls last`;
    return [sql`${stored} ${direction}`, newestFirst, asc(designs.id)];
  }
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
    // The price on the card, sale prices included (shownPriceCents).
    case "price_asc":
      return [sql`${shownPriceCents()} asc`, newestFirst, asc(designs.id)];
    case "price_desc":
      return [sql`${shownPriceCents()} desc`, newestFirst, asc(designs.id)];
    default:
      return [...relevance, desc(designs.orderCount30d), newestFirst, asc(designs.id)];
  }
}

/**
 * How the total is counted: `window` (count(*) over () in the page query: right for selective searches, whose
 * matches are gathered anyway), `separate` (a second count query, so the page itself can stop after
 * `perPage` rows of an ordered index scan: right for plain listings over every design), `capped` (a separate
 * count that stops at COUNT_CAP: filtered listings) or `none`.
 */
export type CountStrategy = "window" | "separate" | "capped" | "none";

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

/**
 * How many listed designs match `where`; every listed design when it is undefined (active and published:
 * the total of browse, recent and popular).
 */
export async function countListedDesigns({ db, where }: { db: Database; where?: SQL | undefined }): Promise<number> {
  const [total] = await db
    .select({ totalCount: sql<number>`count(*)`.mapWith(Number) })
    .from(designs)
    .where(and(isListedDesign(), where));
  return total?.totalCount ?? 0;
}

/**
 * How many listed designs match `where`, counted exactly up to COUNT_CAP (`cap`): a broad search or filter
 * stops counting there instead of visiting every match. A count above the cap comes back as `cap + 1`, so a
 * cache of counts keeps plain numbers; `cappedCount` turns it into what a page shows.
 */
export async function countListedDesignsUpTo(options: {
  db: Database;
  where?: SQL | undefined;
  cap?: number;
  /** Read the matches through bitmap index scans only (a full-text match: see selectThroughBitmaps). */
  throughIndexes?: boolean;
}): Promise<number> {
  const cap = options.cap ?? COUNT_CAP;
  const [row] = await (options.throughIndexes ? selectThroughBitmaps : selectRows)<{ total: number }>(
    options.db,
    sql`select count(*)::int as total from (
      select 1 from ${designs} where ${and(isListedDesign(), options.where)} limit ${cap + 1}) as matches`,
  );
  return Number(row?.total ?? 0);
}

/** A count of countListedDesignsUpTo as a page shows it: at most the cap, and whether there were more. */
export function cappedCount(count: number, cap = COUNT_CAP): { totalCount: number; totalCountCapped: boolean } {
  return count > cap ? { totalCount: cap, totalCountCapped: true } : { totalCount: count, totalCountCapped: false };
}

/** Which stored price is the shown price now: `list` (no sale runs), `shown` (current, decision 052) or none. */
export type StoredPrices = "list" | "shown" | "none";

/** Refreshes of the stored shown prices under way, one per database (a refresh rewrites every changed design). */
const refreshing = new WeakMap<Database, Promise<unknown>>();

/**
 * Which stored price a price sort may read (one lookup of the few sale rows). Stale shown prices (a sale started
 * or ended since their refresh) are refreshed in the background, once at a time; meanwhile the sort prices every
 * match, and a failed refresh is tried again by the next price sort that finds them stale.
 */
async function findStoredPrices(db: Database): Promise<StoredPrices> {
  const [row] = await selectRows<{ running: boolean; current: boolean }>(
    db,
    sql`select ${anySaleRunning} as running, ${shownPricesCurrent} as current`,
  );
  if (row?.running !== true) return "list";
  if (row.current === true) return "shown";
  if (!refreshing.has(db)) {
    const refresh = refreshShownPrices(db)
      .catch(() => undefined)
      .finally(() => refreshing.delete(db));
    refreshing.set(db, refresh);
  }
  return "none";
}

/** Brings the stored shown prices up to date (`refresh_shown_prices`, migration 0020). */
export async function refreshShownPrices(db: Database): Promise<void> {
  await db.execute(sql`select refresh_shown_prices()`);
}

/** One page of listed designs matching `where`, in the given order, with the total when asked. */
export async function listDesignPage(options: ListDesignPageOptions): Promise<DesignPage> {
  const { db, sort, page, perPage, where, relevance, count } = options;
  // A price sort asks first which stored price is the shown one (a lookup of the few sale rows): then the page is
  // read off a price index instead of pricing and sorting every match (decisions 049 and 052).
  const prices = sort === "price_asc" || sort === "price_desc" ? await findStoredPrices(db) : undefined;
  const columns =
    count === "window"
      ? { id: designs.id, totalCount: sql<number>`count(*) over ()`.mapWith(Number) }
      : { id: designs.id, totalCount: sql<number>`0`.mapWith(Number) };
  const pageQuery = db
    .select(columns)
    .from(designs)
    .where(and(isListedDesign(), where))
    .orderBy(...designOrder(sort, relevance, { prices }))
    .limit(perPage)
    .offset((page - 1) * perPage);
  if (count === "separate" || count === "capped") {
    // The page and the count are independent: on PostgreSQL they run at once on two pooled connections.
    const [rows, total] = await Promise.all([
      pageQuery,
      where === undefined && options.countAllListed
        ? options.countAllListed().then((totalCount) => ({ totalCount, totalCountCapped: false }))
        : count === "capped"
          ? countListedDesignsUpTo({ db, where }).then((found) => cappedCount(found))
          : countListedDesigns({ db, where }).then((totalCount) => ({ totalCount, totalCountCapped: false })),
    ]);
    return { designIds: rows.map((row) => row.id), ...total };
  }
  const rows = await pageQuery;
  const designIds = rows.map((row) => row.id);
  if (count === "none") return { designIds, totalCount: designIds.length };
  if (rows.length > 0) return { designIds, totalCount: rows[0]?.totalCount ?? 0 };
  // An empty first page: its window saw every match, and there are none. Counting again would repeat the
  // whole search for nothing.
  if (page === 1) return { designIds, totalCount: 0 };
  // A page past the end of a windowed search: its window saw no rows.
  return { designIds, totalCount: await countListedDesigns({ db, where }) };
}
