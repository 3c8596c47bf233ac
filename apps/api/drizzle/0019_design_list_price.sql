-- The price a design's card shows before any sale, kept on the design (docs/decisions/049-design-detail-and-cards-without-repeated-work.md):
-- the default variant's price, or the base price while the design has no default variant. Triggers keep it:
-- a design's own row when it is inserted or its base price changes, and the designs of variants that are
-- inserted, changed (price, default flag) or deleted, once per statement (the seeds insert thousands at once).
-- Cards and the price sorts read it instead of looking the default variant up per row; with no sale running,
-- the price sorts read the two price indexes below in order. The design page's "more by this artist" reads the
-- artist's designs by popularity in order (designs_seller_popular_idx) instead of sorting all of them.
ALTER TABLE "designs" ADD COLUMN "list_price_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION "design_list_price"(p_design_id uuid, p_base_price_cents integer) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT v.price_cents FROM seller_design_product_variants v WHERE v.design_id = p_design_id AND v.is_default),
    p_base_price_cents)
$$;--> statement-breakpoint
CREATE FUNCTION "designs_set_list_price"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_price_cents := design_list_price(NEW.id, NEW.base_price_cents);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "designs_list_price" BEFORE INSERT OR UPDATE OF "base_price_cents", "list_price_cents" ON "designs"
  FOR EACH ROW EXECUTE FUNCTION "designs_set_list_price"();--> statement-breakpoint
CREATE FUNCTION "variants_refresh_list_prices"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    UPDATE designs d SET list_price_cents = design_list_price(d.id, d.base_price_cents)
    WHERE d.id IN (SELECT design_id FROM changed_rows UNION SELECT design_id FROM previous_rows)
      AND d.list_price_cents IS DISTINCT FROM design_list_price(d.id, d.base_price_cents);
  ELSE
    UPDATE designs d SET list_price_cents = design_list_price(d.id, d.base_price_cents)
    WHERE d.id IN (SELECT design_id FROM changed_rows)
      AND d.list_price_cents IS DISTINCT FROM design_list_price(d.id, d.base_price_cents);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "variants_list_price_insert" AFTER INSERT ON "seller_design_product_variants"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "variants_refresh_list_prices"();--> statement-breakpoint
CREATE TRIGGER "variants_list_price_update" AFTER UPDATE ON "seller_design_product_variants"
  REFERENCING NEW TABLE AS changed_rows OLD TABLE AS previous_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "variants_refresh_list_prices"();--> statement-breakpoint
CREATE TRIGGER "variants_list_price_delete" AFTER DELETE ON "seller_design_product_variants"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "variants_refresh_list_prices"();--> statement-breakpoint
UPDATE "designs" SET "list_price_cents" = "base_price_cents";--> statement-breakpoint
CREATE INDEX "designs_seller_popular_idx" ON "designs" USING btree ("seller_profile_id","order_count_30d" DESC NULLS LAST,"published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "designs_status_price_asc_idx" ON "designs" USING btree ("status","list_price_cents","published_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "designs_status_price_desc_idx" ON "designs" USING btree ("status","list_price_cents" DESC NULLS LAST,"published_at" DESC NULLS LAST,"id");--> statement-breakpoint
-- Statistics of the new column now, not at the next autovacuum: without them the planner guesses how many designs
-- a price range holds and walks another index past every design (0.5 s) instead of reading the price index.
ANALYZE "designs";
