import { normaliseTag } from "@threadfolk/contract/studio";
import { DESIGN_TAG_SUGGESTION_LIMITS } from "@threadfolk/contract/studio-designer";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { designs } from "../../db/schema/index.ts";
import { selectRows } from "../../db/select-rows.ts";
import { isListedDesign } from "../catalogue/listed-designs.ts";
import { escapeLikePattern } from "../search/parse-search-words.ts";

/**
 * Tags for the product designer's Details step: distinct tags of live designs starting with what the artist
 * typed (normalised as tags are stored), shortest first, at most `DESIGN_TAG_SUGGESTION_LIMITS.results`.
 * The tag vocabulary (`search_terms`, kind 'tag', prefix-indexed) holds every tag ever used; only those still
 * on a listed design are answered (GIN index on designs.tags).
 */
export async function findDesignTags({ db, query }: { db: Database; query: string }): Promise<string[]> {
  const prefix = normaliseTag(query);
  if (prefix.length === 0) return [];
  const rows = await selectRows<{ term: string }>(
    db,
    sql`
    select t.term from search_terms t
    where t.kind = 'tag'
      and t.term like ${`${escapeLikePattern(prefix)}%`}
      and exists (select 1 from ${designs} where ${designs.tags} @> array[t.term] and ${isListedDesign()})
    order by length(t.term), t.term
    limit ${DESIGN_TAG_SUGGESTION_LIMITS.results}`,
  );
  return rows.map((row) => row.term);
}
