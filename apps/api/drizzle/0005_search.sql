-- Search engine (apps/api/src/modules/search). Custom SQL because Drizzle's schema DSL has no generated
-- tsvector columns, trigram operator classes or triggers. The columns added here are read by raw SQL in the
-- search module only; the Drizzle schema does not declare them, so later `drizzle-kit generate` runs leave
-- them alone.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- The artist's display name, copied onto each design so a search needs no join per row (kept in sync below).
ALTER TABLE "designs" ADD COLUMN "artist_name" text NOT NULL DEFAULT '';
--> statement-breakpoint
UPDATE "designs" SET "artist_name" = sp."display_name" FROM "seller_profiles" sp WHERE sp."id" = "designs"."seller_profile_id";
--> statement-breakpoint
-- array_to_string is only STABLE in the catalogue (it may call type output functions); over text[] it is
-- deterministic, so this wrapper may be IMMUTABLE and feed a generated column.
CREATE FUNCTION "design_search_document"(title text, tags text[], artist text, description text)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A')
      || setweight(to_tsvector('english'::regconfig, coalesce(array_to_string(tags, ' '), '')), 'B')
      || setweight(to_tsvector('english'::regconfig, coalesce(artist, '')), 'B')
      || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')
$$;
--> statement-breakpoint
-- Title A, tags and artist B, description C: ts_rank_cd's default weights then favour title hits.
ALTER TABLE "designs" ADD COLUMN "search_document" tsvector
  GENERATED ALWAYS AS ("design_search_document"("display_name", "tags", "artist_name", "description")) STORED;
--> statement-breakpoint
CREATE INDEX "designs_search_document_idx" ON "designs" USING gin ("search_document");
--> statement-breakpoint
-- Trigram index over the lower-cased title: typo fallback of the search and as-you-type suggestions.
CREATE INDEX "designs_title_trgm_idx" ON "designs" USING gin (lower("display_name") gin_trgm_ops);
--> statement-breakpoint
-- Tag filters (`tags @> array['anime']`) and the "is this tag still on an active design" check of suggestions.
CREATE INDEX "designs_tags_idx" ON "designs" USING gin ("tags");
--> statement-breakpoint
CREATE INDEX "seller_profiles_display_name_trgm_idx" ON "seller_profiles" USING gin (lower("display_name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "seller_profiles_unique_username_prefix_idx" ON "seller_profiles" ("unique_username" text_pattern_ops);
--> statement-breakpoint
-- The search vocabulary: every word of titles, tags and artist names (kind 'word') and every whole tag
-- (kind 'tag'). Typo correction looks misspelt query words up here by trigram distance (a few thousand
-- rows, not one per design), and tag suggestions come from here. Words are only added, never removed: a
-- stale word costs one empty OR branch in a query, while deleting would need reference counting on every write.
CREATE TABLE "search_terms" (
  "kind" text NOT NULL,
  "term" text NOT NULL,
  CONSTRAINT "search_terms_pkey" PRIMARY KEY ("kind", "term"),
  CONSTRAINT "search_terms_kind_check" CHECK ("kind" in ('word', 'tag'))
);
--> statement-breakpoint
-- GiST (not GIN) because corrections are a nearest-neighbour search (`ORDER BY term <-> 'nartuo' LIMIT 3`)
-- with no fixed similarity threshold, which only GiST trigram indexes can answer.
CREATE INDEX "search_terms_word_trgm_idx" ON "search_terms" USING gist ("term" gist_trgm_ops) WHERE "kind" = 'word';
--> statement-breakpoint
CREATE INDEX "search_terms_tag_prefix_idx" ON "search_terms" ("term" text_pattern_ops) WHERE "kind" = 'tag';
--> statement-breakpoint
CREATE INDEX "search_terms_tag_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops) WHERE "kind" = 'tag';
--> statement-breakpoint
CREATE FUNCTION "search_terms_of"(title text, tags text[], artist text)
RETURNS TABLE ("kind" text, "term" text) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT 'word', word
  FROM regexp_split_to_table(lower(coalesce(title, '') || ' ' || coalesce(array_to_string(tags, ' '), '') || ' ' || coalesce(artist, '')), '[^[:alnum:]]+') AS word
  WHERE length(word) BETWEEN 2 AND 40
  UNION
  SELECT DISTINCT 'tag', lower(tag) FROM unnest(tags) AS tag WHERE length(tag) BETWEEN 1 AND 60
$$;
--> statement-breakpoint
INSERT INTO "search_terms" ("kind", "term")
SELECT DISTINCT t."kind", t."term" FROM "designs" d, LATERAL "search_terms_of"(d."display_name", d."tags", d."artist_name") t
ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "designs_set_artist_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT sp."display_name" INTO NEW."artist_name" FROM "seller_profiles" sp WHERE sp."id" = NEW."seller_profile_id";
  NEW."artist_name" := coalesce(NEW."artist_name", '');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "designs_set_artist_name" BEFORE INSERT OR UPDATE OF "seller_profile_id" ON "designs"
FOR EACH ROW EXECUTE FUNCTION "designs_set_artist_name"();
--> statement-breakpoint
CREATE FUNCTION "seller_profiles_sync_artist_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "designs" SET "artist_name" = NEW."display_name" WHERE "seller_profile_id" = NEW."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "seller_profiles_sync_artist_name" AFTER UPDATE OF "display_name" ON "seller_profiles"
FOR EACH ROW WHEN (OLD."display_name" IS DISTINCT FROM NEW."display_name") EXECUTE FUNCTION "seller_profiles_sync_artist_name"();
--> statement-breakpoint
-- Statement-level with a transition table, so a bulk insert (the scale seed) adds its words in one pass.
CREATE FUNCTION "designs_add_search_terms_bulk"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_terms" ("kind", "term")
  SELECT DISTINCT t."kind", t."term" FROM "new_designs" d, LATERAL "search_terms_of"(d."display_name", d."tags", d."artist_name") t
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "designs_add_search_terms_on_insert" AFTER INSERT ON "designs"
REFERENCING NEW TABLE AS "new_designs" FOR EACH STATEMENT EXECUTE FUNCTION "designs_add_search_terms_bulk"();
--> statement-breakpoint
CREATE FUNCTION "designs_add_search_terms_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_terms" ("kind", "term")
  SELECT t."kind", t."term" FROM "search_terms_of"(NEW."display_name", NEW."tags", NEW."artist_name") t
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Row-level with a WHEN clause: counter updates (orders, favourites) never touch the vocabulary.
CREATE TRIGGER "designs_add_search_terms_on_update" AFTER UPDATE ON "designs"
FOR EACH ROW WHEN (
  OLD."display_name" IS DISTINCT FROM NEW."display_name"
  OR OLD."tags" IS DISTINCT FROM NEW."tags"
  OR OLD."artist_name" IS DISTINCT FROM NEW."artist_name"
) EXECUTE FUNCTION "designs_add_search_terms_row"();
