CREATE TABLE "card_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"order_number" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"decline_code" text,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer,
	"exp_year" integer,
	"exp_month_year" text NOT NULL,
	"fingerprint" text NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_charges_status_check" CHECK ("card_charges"."status" in ('succeeded', 'declined')),
	CONSTRAINT "card_charges_decline_check" CHECK (("card_charges"."status" = 'succeeded') = ("card_charges"."decline_code" is null)),
	CONSTRAINT "card_charges_succeeded_card_check" CHECK ("card_charges"."status" <> 'succeeded' or ("card_charges"."exp_month" is not null and "card_charges"."exp_year" is not null and length("card_charges"."last4") = 4)),
	CONSTRAINT "card_charges_amount_check" CHECK ("card_charges"."amount_cents" > 0),
	CONSTRAINT "card_charges_refunded_check" CHECK ("card_charges"."refunded_cents" >= 0 and "card_charges"."refunded_cents" <= "card_charges"."amount_cents"
        and ("card_charges"."status" = 'succeeded' or "card_charges"."refunded_cents" = 0)),
	CONSTRAINT "card_charges_last4_check" CHECK ("card_charges"."last4" ~ '^[0-9]{0,4}$'),
	CONSTRAINT "card_charges_currency_check" CHECK ("card_charges"."currency" = 'usd')
);
--> statement-breakpoint
CREATE TABLE "card_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"charge_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_refunds_amount_check" CHECK ("card_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "card_refunds" ADD CONSTRAINT "card_refunds_charge_id_card_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."card_charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_charges_idempotency_key_key" ON "card_charges" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "card_charges_order_number_idx" ON "card_charges" USING btree ("order_number");--> statement-breakpoint
CREATE UNIQUE INDEX "card_refunds_idempotency_key_key" ON "card_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "card_refunds_charge_id_idx" ON "card_refunds" USING btree ("charge_id");