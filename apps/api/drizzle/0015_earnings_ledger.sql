CREATE TABLE "earnings_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "earnings_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"order_id" uuid NOT NULL,
	"order_line_item_id" integer NOT NULL,
	"seller_profile_id" uuid NOT NULL,
	"design_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"gross_cents" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"production_cost_cents" integer NOT NULL,
	"artist_earnings_cents" integer NOT NULL,
	"platform_share_cents" integer NOT NULL,
	"artist_share_percent" integer NOT NULL,
	"reverses_entry_id" bigint,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "earnings_entries_kind_check" CHECK ("earnings_entries"."kind" in ('sale', 'reversal')),
	CONSTRAINT "earnings_entries_reversal_check" CHECK (("earnings_entries"."kind" = 'reversal') = ("earnings_entries"."reverses_entry_id" is not null and "earnings_entries"."reason" is not null)),
	CONSTRAINT "earnings_entries_sign_check" CHECK (case when "earnings_entries"."kind" = 'sale'
        then "earnings_entries"."quantity" > 0 and "earnings_entries"."gross_cents" > 0 and "earnings_entries"."discount_cents" >= 0
          and "earnings_entries"."production_cost_cents" >= 0 and "earnings_entries"."artist_earnings_cents" >= 0
        else "earnings_entries"."quantity" < 0 and "earnings_entries"."gross_cents" < 0 and "earnings_entries"."discount_cents" <= 0
          and "earnings_entries"."production_cost_cents" <= 0 and "earnings_entries"."artist_earnings_cents" <= 0 end),
	CONSTRAINT "earnings_entries_balance_check" CHECK ("earnings_entries"."gross_cents" - "earnings_entries"."discount_cents" = "earnings_entries"."production_cost_cents" + "earnings_entries"."artist_earnings_cents" + "earnings_entries"."platform_share_cents"),
	CONSTRAINT "earnings_entries_share_check" CHECK ("earnings_entries"."artist_share_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "earnings_entries" ADD CONSTRAINT "earnings_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings_entries" ADD CONSTRAINT "earnings_entries_order_line_item_id_order_line_items_id_fk" FOREIGN KEY ("order_line_item_id") REFERENCES "public"."order_line_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings_entries" ADD CONSTRAINT "earnings_entries_seller_profile_id_seller_profiles_id_fk" FOREIGN KEY ("seller_profile_id") REFERENCES "public"."seller_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings_entries" ADD CONSTRAINT "earnings_entries_design_id_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."designs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings_entries" ADD CONSTRAINT "earnings_entries_reverses_entry_id_earnings_entries_id_fk" FOREIGN KEY ("reverses_entry_id") REFERENCES "public"."earnings_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "earnings_entries_one_sale_per_line_key" ON "earnings_entries" USING btree ("order_line_item_id") WHERE "earnings_entries"."kind" = 'sale';--> statement-breakpoint
CREATE UNIQUE INDEX "earnings_entries_one_reversal_key" ON "earnings_entries" USING btree ("reverses_entry_id");--> statement-breakpoint
CREATE INDEX "earnings_entries_seller_created_idx" ON "earnings_entries" USING btree ("seller_profile_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "earnings_entries_order_idx" ON "earnings_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "earnings_entries_design_idx" ON "earnings_entries" USING btree ("design_id");--> statement-breakpoint
-- The ledger is append-only (decision 030): a correction is a new entry, never an edit. Whatever the code does,
-- UPDATE, DELETE and TRUNCATE of earnings_entries fail.
CREATE FUNCTION "earnings_entries_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'earnings_entries is append-only: % is not allowed (append a reversal instead)', TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "earnings_entries_append_only" BEFORE UPDATE OR DELETE ON "earnings_entries"
FOR EACH ROW EXECUTE FUNCTION "earnings_entries_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "earnings_entries_no_truncate" BEFORE TRUNCATE ON "earnings_entries"
FOR EACH STATEMENT EXECUTE FUNCTION "earnings_entries_refuse_change"();
--> statement-breakpoint
-- A reversal is exactly the opposite of the sale entry it reverses, on the same line, artist and design.
CREATE FUNCTION "earnings_entries_check_reversal"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  original "earnings_entries"%ROWTYPE;
BEGIN
  SELECT * INTO original FROM "earnings_entries" WHERE "id" = NEW."reverses_entry_id";
  IF original."kind" IS DISTINCT FROM 'sale'
    OR NEW."order_id" <> original."order_id"
    OR NEW."order_line_item_id" <> original."order_line_item_id"
    OR NEW."seller_profile_id" <> original."seller_profile_id"
    OR NEW."design_id" <> original."design_id"
    OR NEW."artist_share_percent" <> original."artist_share_percent"
    OR NEW."quantity" <> -original."quantity"
    OR NEW."gross_cents" <> -original."gross_cents"
    OR NEW."discount_cents" <> -original."discount_cents"
    OR NEW."production_cost_cents" <> -original."production_cost_cents"
    OR NEW."artist_earnings_cents" <> -original."artist_earnings_cents"
    OR NEW."platform_share_cents" <> -original."platform_share_cents" THEN
    RAISE EXCEPTION 'earnings entry % must reverse sale entry % exactly', NEW."id", NEW."reverses_entry_id"
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "earnings_entries_check_reversal" BEFORE INSERT ON "earnings_entries"
FOR EACH ROW WHEN (NEW."kind" = 'reversal') EXECUTE FUNCTION "earnings_entries_check_reversal"();
