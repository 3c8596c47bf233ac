import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { designs, sellerProfiles } from "../../db/schema/index.ts";
import { selectRows } from "../../db/select-rows.ts";
import { isListedDesign } from "../catalogue/listed-designs.ts";
import { escapeLikePattern } from "./parse-search-words.ts";

const DESIGN_LIMIT = 5;
const TAG_LIMIT = 5;
const ARTIST_LIMIT = 3;
/** Trigram indexes need three characters to narrow anything down; shorter input only gets prefix matches. */
const TRIGRAM_MIN_LENGTH = 3;

export type SearchSuggestions = {
  designs: Array<{ uuid: string; slug: string; displayName: string; defaultColor: string }>;
  tags: string[];
  artists: Array<{ uuid: string; uniqueUsername: string; displayName: string }>;
};

/**
 * As-you-type suggestions under the search box: designs whose title contains the text (trigram-indexed
 * LIKE, titles starting with it first, then popular ones), tags and artists by prefix, topped up by trigram
 * word similarity (`<%`, threshold pg_trgm.word_similarity_threshold = 0.6) so a typo still suggests something.
 */
export async function findSearchSuggestions({
  db,
  query,
}: {
  db: Database;
  query: string;
}): Promise<SearchSuggestions> {
  const text = query.trim().toLowerCase().replace(/\s+/g, " ");
  if (text.length === 0) return { designs: [], tags: [], artists: [] };
  const escaped = escapeLikePattern(text);
  const contains = `%${escaped}%`;
  const startsWith = `${escaped}%`;
  const useTrigrams = text.length >= TRIGRAM_MIN_LENGTH;
  const title = sql`lower(${designs.displayName})`;

  const designColumns = {
    uuid: designs.id,
    slug: designs.slug,
    displayName: designs.displayName,
    defaultColor: designs.defaultColor,
  };
  // Titles containing the text (starting with it first, then the most ordered); only when fewer than five
  // do, a second, costlier pass adds titles with a word similar to it (a typo).
  const designRows = useTrigrams
    ? await db
        .select(designColumns)
        .from(designs)
        .where(and(isListedDesign(), sql`${title} like ${contains}`))
        .orderBy(sql`(${title} like ${startsWith}) desc`, desc(designs.orderCount30d), asc(designs.id))
        .limit(DESIGN_LIMIT)
    : [];
  if (useTrigrams && designRows.length < DESIGN_LIMIT) {
    const similar = await db
      .select(designColumns)
      .from(designs)
      .where(and(isListedDesign(), sql`${text} <% ${title}`, sql`${title} not like ${contains}`))
      .orderBy(sql`word_similarity(${text}, ${title}) desc`, desc(designs.orderCount30d), asc(designs.id))
      .limit(DESIGN_LIMIT - designRows.length);
    designRows.push(...similar);
  }

  // Tags come from the vocabulary, and only those still on a listed design (GIN index on designs.tags).
  const tagRows = await selectRows<{ term: string }>(
    db,
    sql`
    select t.term from search_terms t
    where t.kind = 'tag'
      and (t.term like ${startsWith} ${useTrigrams ? sql`or ${text} <% t.term` : sql``})
      and exists (select 1 from ${designs} where ${designs.tags} @> array[t.term] and ${isListedDesign()})
    order by (t.term like ${startsWith}) desc, word_similarity(${text}, t.term) desc, t.term
    limit ${TAG_LIMIT}`,
  );

  const artistName = sql`lower(${sellerProfiles.displayName})`;
  const artistMatch = useTrigrams
    ? sql`(${artistName} like ${contains} or ${sellerProfiles.uniqueUsername} like ${startsWith} or ${text} <% ${artistName})`
    : sql`(${artistName} like ${startsWith} or ${sellerProfiles.uniqueUsername} like ${startsWith})`;
  const artistRows = await db
    .select({
      uuid: sellerProfiles.id,
      uniqueUsername: sellerProfiles.uniqueUsername,
      displayName: sellerProfiles.displayName,
    })
    .from(sellerProfiles)
    .where(
      and(
        artistMatch,
        sql`exists (select 1 from ${designs} where ${eq(designs.sellerProfileId, sellerProfiles.id)} and ${isListedDesign()})`,
      ),
    )
    .orderBy(
      sql`(${artistName} like ${startsWith} or ${sellerProfiles.uniqueUsername} like ${startsWith}) desc`,
      sql`word_similarity(${text}, ${artistName}) desc`,
      asc(sellerProfiles.displayName),
    )
    .limit(ARTIST_LIMIT);

  return { designs: designRows, tags: tagRows.map((row) => row.term), artists: artistRows };
}
