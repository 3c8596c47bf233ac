import type { SearchSort } from "@threadfolk/contract/discovery";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { designs } from "../../db/schema/index.ts";
import { type CountStrategy, type DesignPage, listDesignPage } from "../catalogue/list-design-page.ts";
import type { Collection } from "./queries.ts";

/**
 * One page of a home collection: curated ones by item position, `popular` by recent orders then favourites,
 * `recent` and `browse` newest first. An explicit sort other than relevance overrides the collection's order.
 */
export async function listCollectionDesigns(options: {
  db: Database;
  collection: Collection;
  page: number;
  perPage: number;
  sort?: SearchSort;
  count?: CountStrategy;
  countAllListed?: () => Promise<number>;
}): Promise<DesignPage> {
  const { db, collection, page, perPage } = options;
  const count = options.count ?? "separate";
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
      naturalSort = "popular";
      break;
    default:
      naturalSort = "newest";
      break;
  }
  const sort = options.sort && options.sort !== "relevance" ? options.sort : naturalSort;
  return listDesignPage({ db, where, relevance, sort, page, perPage, count, countAllListed: options.countAllListed });
}
