CREATE TABLE "paypal_sandbox_trackers" (
	"id" text PRIMARY KEY NOT NULL,
	"capture_id" text NOT NULL,
	"tracking_number" text NOT NULL,
	"status" text NOT NULL,
	"carrier" text NOT NULL,
	"carrier_name_other" text,
	"tracking_number_type" text,
	"shipment_date" text,
	"tracking_url" text,
	"notify_buyer" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "paypal_sandbox_trackers" ADD CONSTRAINT "paypal_sandbox_trackers_capture_id_paypal_sandbox_captures_id_fk" FOREIGN KEY ("capture_id") REFERENCES "public"."paypal_sandbox_captures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paypal_sandbox_trackers_capture_id_idx" ON "paypal_sandbox_trackers" USING btree ("capture_id");