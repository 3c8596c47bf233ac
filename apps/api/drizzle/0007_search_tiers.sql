-- Relevance tiers for the search engine (apps/api/src/modules/search/search-designs.ts, decision 011).
-- A match ranks by where the query's words are found: the whole title, then all in the title, then all in
-- the title, tags and artist name, then anywhere (description included); popularity orders each tier.
-- Each tier has its own generated column and index, so a page of results is a few index lookups instead of
-- ranking every match: a broad query over 100,000 designs matches tens of thousands of them.
-- Like search_document, these columns are read by raw SQL in the search module only.

-- The title as a search phrase: lower case, runs of anything but letters and digits as one space, trimmed.
-- The API builds the phrase from the query the same way (parseSearchWords), so "Zebra  Disco!" = "zebra disco".
CREATE FUNCTION "design_title_key"(title text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT trim(regexp_replace(lower(coalesce(title, '')), '[^[:alnum:]]+', ' ', 'g'))
$$;
--> statement-breakpoint
CREATE FUNCTION "design_label_document"(title text, tags text[], artist text)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT to_tsvector('english'::regconfig, coalesce(title, ''))
      || to_tsvector('english'::regconfig, coalesce(array_to_string(tags, ' '), ''))
      || to_tsvector('english'::regconfig, coalesce(artist, ''))
$$;
--> statement-breakpoint
ALTER TABLE "designs"
  ADD COLUMN "title_key" text GENERATED ALWAYS AS ("design_title_key"("display_name")) STORED,
  ADD COLUMN "title_document" tsvector
    GENERATED ALWAYS AS (to_tsvector('english'::regconfig, coalesce("display_name", ''))) STORED,
  ADD COLUMN "label_document" tsvector
    GENERATED ALWAYS AS ("design_label_document"("display_name", "tags", "artist_name")) STORED;
--> statement-breakpoint
CREATE INDEX "designs_title_key_idx" ON "designs" ("title_key");
--> statement-breakpoint
CREATE INDEX "designs_title_document_idx" ON "designs" USING gin ("title_document");
--> statement-breakpoint
CREATE INDEX "designs_label_document_idx" ON "designs" USING gin ("label_document");
