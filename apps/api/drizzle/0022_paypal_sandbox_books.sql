CREATE TABLE "paypal_sandbox_answers" (
	"key" text PRIMARY KEY NOT NULL,
	"status" integer NOT NULL,
	"headers" jsonb NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paypal_sandbox_captures" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"amount" jsonb NOT NULL,
	"invoice_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "paypal_sandbox_captures_status_check" CHECK ("paypal_sandbox_captures"."status" in ('COMPLETED', 'DECLINED', 'PENDING', 'REFUNDED', 'PARTIALLY_REFUNDED', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "paypal_sandbox_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"purchase_unit" jsonb NOT NULL,
	"amount" jsonb NOT NULL,
	"funding_declined" boolean DEFAULT false NOT NULL,
	"capture_mock" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "paypal_sandbox_orders_status_check" CHECK ("paypal_sandbox_orders"."status" in ('CREATED', 'APPROVED', 'COMPLETED', 'VOIDED'))
);
--> statement-breakpoint
CREATE TABLE "paypal_sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"capture_id" text NOT NULL,
	"status" text NOT NULL,
	"amount" jsonb NOT NULL,
	"amount_cents" integer NOT NULL,
	"note_to_payer" text,
	"invoice_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "paypal_sandbox_refunds_amount_check" CHECK ("paypal_sandbox_refunds"."amount_cents" > 0),
	CONSTRAINT "paypal_sandbox_refunds_status_check" CHECK ("paypal_sandbox_refunds"."status" in ('COMPLETED', 'PENDING', 'FAILED', 'CANCELLED'))
);
--> statement-breakpoint
CREATE TABLE "paypal_sandbox_signing_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"private_key_pem" text NOT NULL,
	"public_key_pem" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paypal_sandbox_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "paypal_sandbox_captures" ADD CONSTRAINT "paypal_sandbox_captures_order_id_paypal_sandbox_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."paypal_sandbox_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paypal_sandbox_refunds" ADD CONSTRAINT "paypal_sandbox_refunds_capture_id_paypal_sandbox_captures_id_fk" FOREIGN KEY ("capture_id") REFERENCES "public"."paypal_sandbox_captures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paypal_sandbox_answers_created_at_idx" ON "paypal_sandbox_answers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "paypal_sandbox_captures_order_id_idx" ON "paypal_sandbox_captures" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "paypal_sandbox_orders_created_at_idx" ON "paypal_sandbox_orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "paypal_sandbox_refunds_capture_id_idx" ON "paypal_sandbox_refunds" USING btree ("capture_id");--> statement-breakpoint
CREATE INDEX "paypal_sandbox_tokens_expires_at_idx" ON "paypal_sandbox_tokens" USING btree ("expires_at");