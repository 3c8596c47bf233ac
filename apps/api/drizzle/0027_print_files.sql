CREATE TABLE "design_artwork_versions" (
	"design_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"artwork_key" text NOT NULL,
	"placements" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "design_artwork_versions_design_id_version_pk" PRIMARY KEY("design_id","version")
);
--> statement-breakpoint
CREATE TABLE "order_packing_slips" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_print_files" (
	"order_line_item_id" integer PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"width_px" integer NOT NULL,
	"height_px" integer NOT NULL,
	"dpi" integer NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_print_files_size_check" CHECK ("order_print_files"."width_px" > 0 and "order_print_files"."height_px" > 0 and "order_print_files"."dpi" > 0 and "order_print_files"."byte_size" > 0),
	CONSTRAINT "order_print_files_sha256_check" CHECK ("order_print_files"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "design_artwork_versions" ADD CONSTRAINT "design_artwork_versions_design_id_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_packing_slips" ADD CONSTRAINT "order_packing_slips_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_print_files" ADD CONSTRAINT "order_print_files_order_line_item_id_order_line_items_id_fk" FOREIGN KEY ("order_line_item_id") REFERENCES "public"."order_line_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_print_files" ADD CONSTRAINT "order_print_files_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_packing_slips_storage_key_key" ON "order_packing_slips" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "order_print_files_storage_key_key" ON "order_print_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "order_print_files_order_idx" ON "order_print_files" USING btree ("order_id");--> statement-breakpoint
-- Decision 067: what each artwork version of a design printed. What drizzle cannot express follows.
--
-- 1. The snapshot of a design's artwork and placements per version, kept by the database: a new design or a
--    new version adds a row; a change of the current version's artwork or placements (without a new version)
--    updates the current version's row. Older versions' rows are never touched here.
CREATE FUNCTION "record_design_artwork_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "design_artwork_versions" ("design_id", "version", "artwork_key", "placements")
  VALUES (NEW."id", NEW."artwork_version", NEW."artwork_key", NEW."placements")
  ON CONFLICT ("design_id", "version") DO UPDATE
    SET "artwork_key" = EXCLUDED."artwork_key", "placements" = EXCLUDED."placements";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "designs_record_artwork_version_insert"
  AFTER INSERT ON "designs"
  FOR EACH ROW EXECUTE FUNCTION "record_design_artwork_version"();
--> statement-breakpoint
CREATE TRIGGER "designs_record_artwork_version_update"
  AFTER UPDATE OF "artwork_version", "artwork_key", "placements" ON "designs"
  FOR EACH ROW
  WHEN (OLD."artwork_version" IS DISTINCT FROM NEW."artwork_version"
    OR OLD."artwork_key" IS DISTINCT FROM NEW."artwork_key"
    OR OLD."placements" IS DISTINCT FROM NEW."placements")
  EXECUTE FUNCTION "record_design_artwork_version"();
--> statement-breakpoint
-- 2. Every existing design's current version (older versions' placements were not kept before this).
INSERT INTO "design_artwork_versions" ("design_id", "version", "artwork_key", "placements")
SELECT "id", "artwork_version", "artwork_key", "placements" FROM "designs"
ON CONFLICT DO NOTHING;
