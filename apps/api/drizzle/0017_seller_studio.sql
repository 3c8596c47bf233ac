CREATE TABLE "design_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_profile_id" uuid NOT NULL,
	"step" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"published_design_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storefront_collection_designs" (
	"collection_id" uuid NOT NULL,
	"design_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "storefront_collection_designs_collection_id_design_id_pk" PRIMARY KEY("collection_id","design_id")
);
--> statement-breakpoint
CREATE TABLE "storefront_collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_profile_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"status" text DEFAULT 'receiving' NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"declared_bytes" bigint NOT NULL,
	"detected_type" text,
	"failure_code" text,
	"source_key" text,
	"width" integer,
	"height" integer,
	"has_transparency" boolean,
	"opaque_background" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_purpose_check" CHECK ("uploads"."purpose" in ('artwork', 'avatar', 'banner')),
	CONSTRAINT "uploads_status_check" CHECK ("uploads"."status" in ('receiving', 'processing', 'ready', 'failed')),
	CONSTRAINT "uploads_declared_bytes_check" CHECK ("uploads"."declared_bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "offered_colors" text[] DEFAULT array['white', 'asphalt', 'black', 'maroon', 'red', 'soft_pink', 'hot_pink', 'brown', 'orange', 'yellow', 'creme', 'military_green', 'kelly', 'navy', 'royal_blue', 'teal', 'slate', 'light_blue', 'purple']::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "placements" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "artwork_width" integer;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "artwork_height" integer;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "artwork_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "seller_design_product_variants" ADD COLUMN "offered" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "seller_profiles" ADD COLUMN "images_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "seller_profiles" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seller_profiles" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "design_drafts" ADD CONSTRAINT "design_drafts_seller_profile_id_seller_profiles_id_fk" FOREIGN KEY ("seller_profile_id") REFERENCES "public"."seller_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_drafts" ADD CONSTRAINT "design_drafts_published_design_id_designs_id_fk" FOREIGN KEY ("published_design_id") REFERENCES "public"."designs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_collection_designs" ADD CONSTRAINT "storefront_collection_designs_collection_id_storefront_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."storefront_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_collection_designs" ADD CONSTRAINT "storefront_collection_designs_design_id_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_collections" ADD CONSTRAINT "storefront_collections_seller_profile_id_seller_profiles_id_fk" FOREIGN KEY ("seller_profile_id") REFERENCES "public"."seller_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "design_drafts_seller_updated_idx" ON "design_drafts" USING btree ("seller_profile_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "storefront_collection_designs_position_idx" ON "storefront_collection_designs" USING btree ("collection_id","position");--> statement-breakpoint
CREATE INDEX "storefront_collection_designs_design_idx" ON "storefront_collection_designs" USING btree ("design_id");--> statement-breakpoint
CREATE UNIQUE INDEX "storefront_collections_seller_name_key" ON "storefront_collections" USING btree ("seller_profile_id",lower("name"));--> statement-breakpoint
CREATE INDEX "storefront_collections_seller_position_idx" ON "storefront_collections" USING btree ("seller_profile_id","position");--> statement-breakpoint
CREATE INDEX "uploads_user_created_idx" ON "uploads" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "designs" ADD CONSTRAINT "designs_offered_colors_check" CHECK (cardinality("designs"."offered_colors") > 0 and "designs"."offered_colors" <@ array['white', 'asphalt', 'black', 'maroon', 'red', 'soft_pink', 'hot_pink', 'brown', 'orange', 'yellow', 'creme', 'military_green', 'kelly', 'navy', 'royal_blue', 'teal', 'slate', 'light_blue', 'purple'] and "designs"."default_color" = any("designs"."offered_colors"));