-- The price a design's card shows now, sales included, kept on the design so that the price sorts read an index
-- while a sale runs (docs/decisions/052-price-sorts-while-a-sale-runs.md). design_shown_price is the one
-- definition of that price (shownPriceCents in shown-price.ts calls it): the list price, lowered by the running
-- sales that cover the design (a design-specific sale price, else the sale's percentage rounded half up; the
-- lowest offer wins; an offer of zero is ignored, and least() ignores none).
--
-- Kept: the list price's trigger sets it with the list price; any change to the sales or their designs refreshes
-- every design (sales are few and rare); app_settings 'shown_prices' records when. A sale that starts or ends by
-- time, with no write, makes the stored prices stale: the price sorts check that no sale started or ended since
-- that refresh before reading them, and otherwise price every match and ask for a refresh.
ALTER TABLE "designs" ADD COLUMN "shown_price_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION "design_shown_price"(p_design_id uuid, p_list_price_cents integer) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT least(p_list_price_cents, (
    SELECT min(coalesce(sd.sale_price_cents, nullif((p_list_price_cents * (100 - s.percent_off) + 50) / 100, 0)))
    FROM marketplace_sales s
    LEFT JOIN marketplace_sale_designs sd ON sd.sale_id = s.id AND sd.design_id = p_design_id
    WHERE s.starts_at <= now() AND s.ends_at > now() AND (s.applies_to_all_designs OR sd.design_id IS NOT NULL)))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "designs_set_list_price"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_price_cents := design_list_price(NEW.id, NEW.base_price_cents);
  NEW.shown_price_cents := design_shown_price(NEW.id, NEW.list_price_cents);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE FUNCTION "refresh_shown_prices"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE designs d SET shown_price_cents = design_shown_price(d.id, d.list_price_cents)
  WHERE d.shown_price_cents IS DISTINCT FROM design_shown_price(d.id, d.list_price_cents);
  INSERT INTO app_settings (key, value, updated_at) VALUES ('shown_prices', jsonb_build_object('asOf', now()), now())
  ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at;
END
$$;--> statement-breakpoint
CREATE FUNCTION "sales_refresh_shown_prices"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_shown_prices();
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "marketplace_sales_shown_prices" AFTER INSERT OR UPDATE OR DELETE ON "marketplace_sales"
  FOR EACH STATEMENT EXECUTE FUNCTION "sales_refresh_shown_prices"();--> statement-breakpoint
CREATE TRIGGER "marketplace_sale_designs_shown_prices" AFTER INSERT OR UPDATE OR DELETE ON "marketplace_sale_designs"
  FOR EACH STATEMENT EXECUTE FUNCTION "sales_refresh_shown_prices"();--> statement-breakpoint
SELECT refresh_shown_prices();--> statement-breakpoint
CREATE INDEX "designs_status_shown_price_asc_idx" ON "designs" USING btree ("status","shown_price_cents","published_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "designs_status_shown_price_desc_idx" ON "designs" USING btree ("status","shown_price_cents" DESC NULLS LAST,"published_at" DESC NULLS LAST,"id");--> statement-breakpoint
ANALYZE "designs";
