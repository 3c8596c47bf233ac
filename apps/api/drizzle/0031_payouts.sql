CREATE TABLE "payout_item_entries" (
	"payout_item_id" uuid NOT NULL,
	"earnings_entry_id" bigint NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "payout_item_entries_payout_item_id_earnings_entry_id_pk" PRIMARY KEY("payout_item_id","earnings_entry_id")
);
--> statement-breakpoint
CREATE TABLE "payout_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"seller_profile_id" uuid NOT NULL,
	"receiver_email" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"status_reason" text,
	"provider_item_id" text,
	"provider_transaction_id" text,
	"unclaimed_since" timestamp with time zone,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_items_amount_check" CHECK ("payout_items"."amount_cents" > 0),
	CONSTRAINT "payout_items_status_check" CHECK ("payout_items"."status" in ('queued', 'pending', 'onhold', 'unclaimed', 'success', 'failed', 'returned', 'blocked', 'refunded', 'reversed'))
);
--> statement-breakpoint
CREATE TABLE "payout_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"period" text,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"provider_batch_id" text,
	"provider_batch_status" text,
	"requested_by" text NOT NULL,
	"hold_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"synced_at" timestamp with time zone,
	CONSTRAINT "payout_runs_kind_check" CHECK ("payout_runs"."kind" in ('scheduled', 'on_demand')),
	CONSTRAINT "payout_runs_status_check" CHECK ("payout_runs"."status" in ('held', 'open', 'submitted', 'completed')),
	CONSTRAINT "payout_runs_batch_check" CHECK (("payout_runs"."status" in ('held', 'open')) = ("payout_runs"."provider_batch_id" is null))
);
--> statement-breakpoint
CREATE TABLE "payout_sandbox_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"sender_batch_id" text NOT NULL,
	"email_subject" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payout_sandbox_batches_sender_batch_id_unique" UNIQUE("sender_batch_id")
);
--> statement-breakpoint
CREATE TABLE "payout_sandbox_items" (
	"id" text PRIMARY KEY NOT NULL,
	"batch_id" text NOT NULL,
	"sender_item_id" text NOT NULL,
	"receiver" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"outcome" text NOT NULL,
	"error_name" text,
	"transaction_id" text,
	"status_changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_settings" (
	"seller_profile_id" uuid PRIMARY KEY NOT NULL,
	"paypal_email" text,
	"paypal_email_confirmed_at" timestamp with time zone,
	"pending_paypal_email" text,
	"pending_token_hash" text,
	"pending_token_expires_at" timestamp with time zone,
	"minimum_payout_cents" integer DEFAULT 2000 NOT NULL,
	"held_until" timestamp with time zone,
	"operator_hold_reason" text,
	"operator_held_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_settings_minimum_check" CHECK ("payout_settings"."minimum_payout_cents" between 2000 and 1000000),
	CONSTRAINT "payout_settings_confirmed_check" CHECK (("payout_settings"."paypal_email" is null) = ("payout_settings"."paypal_email_confirmed_at" is null))
);
--> statement-breakpoint
ALTER TABLE "payout_item_entries" ADD CONSTRAINT "payout_item_entries_payout_item_id_payout_items_id_fk" FOREIGN KEY ("payout_item_id") REFERENCES "public"."payout_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_item_entries" ADD CONSTRAINT "payout_item_entries_earnings_entry_id_earnings_entries_id_fk" FOREIGN KEY ("earnings_entry_id") REFERENCES "public"."earnings_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_run_id_payout_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payout_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_seller_profile_id_seller_profiles_id_fk" FOREIGN KEY ("seller_profile_id") REFERENCES "public"."seller_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_sandbox_items" ADD CONSTRAINT "payout_sandbox_items_batch_id_payout_sandbox_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_sandbox_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_settings" ADD CONSTRAINT "payout_settings_seller_profile_id_seller_profiles_id_fk" FOREIGN KEY ("seller_profile_id") REFERENCES "public"."seller_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_item_entries_live_key" ON "payout_item_entries" USING btree ("earnings_entry_id") WHERE "payout_item_entries"."released_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_items_run_artist_key" ON "payout_items" USING btree ("run_id","seller_profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_items_provider_item_key" ON "payout_items" USING btree ("provider_item_id");--> statement-breakpoint
CREATE INDEX "payout_items_artist_idx" ON "payout_items" USING btree ("seller_profile_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "payout_runs_period_key" ON "payout_runs" USING btree ("period");--> statement-breakpoint
CREATE INDEX "payout_runs_status_idx" ON "payout_runs" USING btree ("status");--> statement-breakpoint
CREATE INDEX "payout_sandbox_items_batch_idx" ON "payout_sandbox_items" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_settings_pending_token_key" ON "payout_settings" USING btree ("pending_token_hash");