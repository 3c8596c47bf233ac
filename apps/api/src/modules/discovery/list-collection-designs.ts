import type { DesignFilters, SearchSort } from "@threadfolk/contract/discovery";
import { and, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { designs } from "../../db/schema/index.ts";
import { type CountStrategy, type DesignPage, listDesignPage } from "../catalogue/list-design-page.ts";
import { designFilterCondition } from "../catalogue/shown-price.ts";
import type { Collection } from "./queries.ts";

/**
 * One page of a home collection: curated ones by item position, `popular` by recent orders then favourites,
 * `recent` newest first, `browse` (every design, the page made for filtering) most popular first, so that
 * it is not the same list as Recently Added. An explicit sort other than relevance overrides the collection's
 * order; filters narrow any collection (and its count stops at COUNT_CAP). Says which order it used.
 */
export async function listCollectionDesigns(options: {
  db: Database;
  collection: Collection;
  page: number;
  perPage: number;
  sort?: SearchSort;
  filters?: DesignFilters;
  count?: CountStrategy;
  countAllListed?: () => Promise<number>;
}): Promise<DesignPage & { sort: SearchSort }> {
  const { db, collection, page, perPage } = options;
  const filter = designFilterCondition(options.filters);
  const count = options.count ?? (filter ? "capped" : "separate");
  let where: SQL | undefined;
  let relevance: SQL[] = [];
  let naturalSort: SearchSort = "relevance";
  switch (collection.kind) {
    case "curated": {
      where = sql`exists (select 1 from internal_design_collection_items i where i.collection_id = ${collection.id} and i.design_id = ${designs.id})`;
      relevance = [
        sql`(select min(i.position) from internal_design_collection_items i where i.collection_id = ${collection.id} and i.design_id = ${designs.id}) asc`,
      ];
      break;
    }
    case "popular":
    case "all":
      naturalSort = "popular";
      break;
    default:
      naturalSort = "newest";
      break;
  }
  const sort = options.sort && options.sort !== "relevance" ? options.sort : naturalSort;
  const found = await listDesignPage({
    db,
    where: filter ? and(where, filter) : where,
    relevance,
    sort,
    page,
    perPage,
    count,
    countAllListed: options.countAllListed,
  });
  return { ...found, sort };
}
