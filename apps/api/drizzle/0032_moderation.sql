CREATE TABLE "design_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"design_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"email" text NOT NULL,
	"details" text NOT NULL,
	"reporter_user_id" uuid,
	"state" text DEFAULT 'open' NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by_operator_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "design_reports_reason_check" CHECK ("design_reports"."reason" in ('intellectual_property', 'offensive', 'other')),
	CONSTRAINT "design_reports_state_check" CHECK ("design_reports"."state" in ('open', 'dismissed', 'resolved')),
	CONSTRAINT "design_reports_resolved_check" CHECK (("design_reports"."state" = 'open') = ("design_reports"."resolved_at" is null))
);
--> statement-breakpoint
CREATE TABLE "design_takedowns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"design_id" uuid NOT NULL,
	"seller_profile_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"is_strike" boolean NOT NULL,
	"operator_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"restored_at" timestamp with time zone,
	"restore_reason" text,
	"restored_by_operator_id" uuid,
	CONSTRAINT "design_takedowns_kind_check" CHECK ("design_takedowns"."kind" in ('intellectual_property', 'offensive', 'other')),
	CONSTRAINT "design_takedowns_strike_check" CHECK ("design_takedowns"."is_strike" = ("design_takedowns"."kind" = 'intellectual_property'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "taken_down_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seller_profiles" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seller_profiles" ADD COLUMN "suspension_cause" text;--> statement-breakpoint
ALTER TABLE "seller_profiles" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "design_reports" ADD CONSTRAINT "design_reports_design_id_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_reports" ADD CONSTRAINT "design_reports_reporter_user_id_users_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_reports" ADD CONSTRAINT "design_reports_resolved_by_operator_id_operators_id_fk" FOREIGN KEY ("resolved_by_operator_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_takedowns" ADD CONSTRAINT "design_takedowns_design_id_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_takedowns" ADD CONSTRAINT "design_takedowns_seller_profile_id_seller_profiles_id_fk" FOREIGN KEY ("seller_profile_id") REFERENCES "public"."seller_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_takedowns" ADD CONSTRAINT "design_takedowns_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_takedowns" ADD CONSTRAINT "design_takedowns_restored_by_operator_id_operators_id_fk" FOREIGN KEY ("restored_by_operator_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "design_reports_open_idx" ON "design_reports" USING btree ("design_id","created_at") WHERE "design_reports"."state" = 'open';--> statement-breakpoint
CREATE INDEX "design_takedowns_seller_idx" ON "design_takedowns" USING btree ("seller_profile_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "design_takedowns_standing_key" ON "design_takedowns" USING btree ("design_id") WHERE "design_takedowns"."restored_at" is null;--> statement-breakpoint
CREATE INDEX "seller_profiles_suspended_idx" ON "seller_profiles" USING btree ("id") WHERE "seller_profiles"."suspended_at" is not null;--> statement-breakpoint
ALTER TABLE "seller_profiles" ADD CONSTRAINT "seller_profiles_suspension_check" CHECK (("seller_profiles"."suspended_at" is null) = ("seller_profiles"."suspension_cause" is null) and ("seller_profiles"."suspension_cause" is null or "seller_profiles"."suspension_cause" in ('strikes', 'operator')));