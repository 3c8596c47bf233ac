import { sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Database } from "../../db/client.ts";
import { selectRows } from "../../db/select-rows.ts";
import { type IndexedDesign, type SearchIndex, SearchIndexBuilder } from "./search-index.ts";

/** Designs per statement while loading: a page is a few megabytes of lexemes, never the whole catalogue at once. */
const DESIGNS_PER_PAGE = 5000;
const TERMS_PER_PAGE = 20_000;

type DesignRow = Omit<IndexedDesign, "publishedMicros"> & { publishedMicros: string };

/**
 * Builds the search index from the database: every active design with a publication date, neither taken down nor
 * of a suspended storefront (the rule of `isListedDesign`; one published later
 * is indexed and shown from its date on), with the lexemes of its three search documents as PostgreSQL
 * computed them (so stemming is the database's), the garment styles it is offered in, and the vocabulary.
 * Read in pages by key, so no statement holds the whole catalogue; between pages the event loop is free.
 */
export async function loadSearchIndex(db: Database): Promise<SearchIndex> {
  const builder = new SearchIndexBuilder();
  let after: string | undefined;
  for (;;) {
    const rows = await selectRows<DesignRow>(
      db,
      sql`
      select d.id, d.title_key as "titleKey", lower(d.display_name) as "lowerTitle",
        d.order_count_30d as "orderCount", d.favorite_count as "favoriteCount",
        ((extract(epoch from d.published_at) * 1000000)::bigint)::text as "publishedMicros",
        d.offered_colors as "offeredColors",
        array(
          select distinct fs.key from seller_design_product_variants fv
          join garment_styles fs on fs.id = fv.garment_style_id
          where fv.design_id = d.id and fv.offered
        ) as styles,
        tsvector_to_array(d.title_document) as "titleLexemes",
        tsvector_to_array(d.label_document) as "labelLexemes",
        tsvector_to_array(d.search_document) as "searchLexemes"
      from designs d
      where d.status = 'active' and d.taken_down_at is null and d.published_at is not null
        and not exists (select 1 from seller_profiles sp where sp.id = d.seller_profile_id and sp.suspended_at is not null)
        ${after === undefined ? sql`` : sql`and d.id > ${after}`}
      order by d.id
      limit ${DESIGNS_PER_PAGE}`,
    );
    for (const row of rows) {
      builder.add({
        ...row,
        orderCount: Number(row.orderCount),
        favoriteCount: Number(row.favoriteCount),
        publishedMicros: Number(row.publishedMicros),
        offeredColors: row.offeredColors ?? [],
        styles: row.styles ?? [],
        titleLexemes: row.titleLexemes ?? [],
        labelLexemes: row.labelLexemes ?? [],
        searchLexemes: row.searchLexemes ?? [],
      });
    }
    if (rows.length < DESIGNS_PER_PAGE) break;
    after = rows[rows.length - 1]?.id;
  }
  const vocabulary: string[] = [];
  let afterTerm: string | undefined;
  for (;;) {
    const rows = await selectRows<{ term: string }>(
      db,
      sql`
      select term from search_terms
      where kind = 'word' ${afterTerm === undefined ? sql`` : sql`and term > ${afterTerm}`}
      order by term
      limit ${TERMS_PER_PAGE}`,
    );
    for (const row of rows) vocabulary.push(row.term);
    if (rows.length < TERMS_PER_PAGE) break;
    afterTerm = rows[rows.length - 1]?.term;
  }
  const styles = await selectRows<{ key: string; colors: string[] | null }>(
    db,
    sql`select key, colors from garment_styles`,
  );
  return builder.finish({
    vocabulary,
    styleColors: new Map(styles.map((style) => [style.key, style.colors ?? []])),
  });
}

/** Stems kept per instance: a word's stems never change (the text search configuration is fixed). */
const STEM_CACHE_SIZE = 100_000;

/**
 * The stems of words as `plainto_tsquery('english', word)` makes them (the lexemes of to_tsvector of one word
 * of letters and digits are the same), asked of the database once per word and then remembered.
 */
export function createStemmer(db: Database) {
  // The least recently used words are forgotten first past STEM_CACHE_SIZE.
  const known = new LRUCache<string, readonly string[]>({ max: STEM_CACHE_SIZE });
  return async function stemsOf(words: string[], into = new Map<string, readonly string[]>()) {
    const missing = [...new Set(words.filter((word) => !known.has(word)))];
    for (const word of words) {
      const stems = known.get(word);
      if (stems) into.set(word, stems);
    }
    if (missing.length > 0) {
      const list = sql.join(
        missing.map((word) => sql`${word}::text`),
        sql`, `,
      );
      const rows = await selectRows<{ word: string; lexemes: string[] | null }>(
        db,
        sql`select w.word, tsvector_to_array(to_tsvector('english', w.word)) as lexemes from unnest(array[${list}]) as w(word)`,
      );
      for (const row of rows) {
        known.set(row.word, row.lexemes ?? []);
        into.set(row.word, row.lexemes ?? []);
      }
    }
    return into;
  };
}
