import type { SearchSort } from "@threadfolk/contract/discovery";
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { designs, sellerDesignProductVariants } from "../../db/schema/index.ts";
import { isListedDesign } from "./listed-designs.ts";

/** One page of listed designs (their ids, in page order) and how many there are in all. */
export type DesignPage = {
  designIds: string[];
  totalCount: number;
};

// `desc nulls last` to match the catalogue's btree indexes (status, published_at DESC NULLS LAST) and
// (status, order_count_30d DESC NULLS LAST, …): a plain `desc` means NULLS FIRST and the planner would sort
// every design instead of reading the first rows of the index. The id tie-breaker keeps pages stable; the
// planner adds it with an incremental sort.
export const newestFirst = sql`${designs.publishedAt} desc nulls last`;

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
  const pageQuery = joined
    .where(and(isListedDesign(), where))
    .orderBy(...orderFor(sort, relevance))
    .limit(perPage)
    .offset((page - 1) * perPage);
  if (count === "separate") {
    // The page and the count are independent: on PostgreSQL they run at once on two pooled connections.
    const [rows, totalCount] = await Promise.all([
      pageQuery,
      where === undefined && options.countAllListed ? options.countAllListed() : countListedDesigns({ db, where }),
    ]);
    return { designIds: rows.map((row) => row.id), totalCount };
  }
  const rows = await pageQuery;
  const designIds = rows.map((row) => row.id);
  if (count === "none") return { designIds, totalCount: designIds.length };
  if (rows.length > 0) return { designIds, totalCount: rows[0]?.totalCount ?? 0 };
  // A page past the end of a windowed search: its window saw no rows.
  return { designIds, totalCount: await countListedDesigns({ db, where }) };
}
