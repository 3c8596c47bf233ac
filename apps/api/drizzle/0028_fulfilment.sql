CREATE TABLE "order_fulfilments" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"provider" text,
	"status" text NOT NULL,
	"submit_after" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"provider_order_id" text,
	"reason" text,
	"submitted_at" timestamp with time zone,
	"synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_fulfilments_status_check" CHECK ("order_fulfilments"."status" in ('waiting', 'submitting', 'submitted', 'received', 'in_production', 'partly_shipped', 'shipped', 'delivered', 'on_hold', 'failed', 'cancelled', 'returned')),
	CONSTRAINT "order_fulfilments_provider_check" CHECK ("order_fulfilments"."provider" is null or "order_fulfilments"."provider" in ('local_print_shop', 'printful'))
);
--> statement-breakpoint
CREATE TABLE "order_shipment_items" (
	"shipment_id" uuid NOT NULL,
	"order_line_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_shipment_items_shipment_id_order_line_item_id_pk" PRIMARY KEY("shipment_id","order_line_item_id"),
	CONSTRAINT "order_shipment_items_quantity_check" CHECK ("order_shipment_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"provider_shipment_id" text NOT NULL,
	"carrier" text NOT NULL,
	"tracking_number" text NOT NULL,
	"tracking_url" text NOT NULL,
	"status" text NOT NULL,
	"shipped_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"estimated_delivery_at" timestamp with time zone,
	"paypal_tracking_added_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_shipments_status_check" CHECK ("order_shipments"."status" in ('shipped', 'delivered', 'returned', 'lost'))
);
--> statement-breakpoint
CREATE TABLE "print_shop_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_id" text NOT NULL,
	"request" jsonb NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"held_from" text,
	"production_days" real NOT NULL,
	"transit_days" real NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"next_step_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "print_shop_orders_status_check" CHECK ("print_shop_orders"."status" in ('received', 'in_production', 'packed', 'partly_shipped', 'shipped', 'delivered', 'on_hold', 'failed', 'cancelled', 'returned'))
);
--> statement-breakpoint
CREATE TABLE "print_shop_parcels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"print_shop_order_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"carrier" text NOT NULL,
	"tracking_number" text NOT NULL,
	"status" text NOT NULL,
	"items" jsonb NOT NULL,
	"ship_at" timestamp with time zone NOT NULL,
	"shipped_at" timestamp with time zone,
	"estimated_delivery_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"lost_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "print_shop_parcels_status_check" CHECK ("print_shop_parcels"."status" in ('packed', 'shipped', 'delivered', 'returned', 'lost'))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_state_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_fulfilments" ADD CONSTRAINT "order_fulfilments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipment_items" ADD CONSTRAINT "order_shipment_items_shipment_id_order_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."order_shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipment_items" ADD CONSTRAINT "order_shipment_items_order_line_item_id_order_line_items_id_fk" FOREIGN KEY ("order_line_item_id") REFERENCES "public"."order_line_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_shop_parcels" ADD CONSTRAINT "print_shop_parcels_print_shop_order_id_print_shop_orders_id_fk" FOREIGN KEY ("print_shop_order_id") REFERENCES "public"."print_shop_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_fulfilments_open_idx" ON "order_fulfilments" USING btree ("status","submit_after") WHERE "order_fulfilments"."status" not in ('delivered', 'cancelled', 'returned');--> statement-breakpoint
CREATE INDEX "order_shipment_items_line_idx" ON "order_shipment_items" USING btree ("order_line_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_shipments_provider_key" ON "order_shipments" USING btree ("order_id","provider_shipment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "print_shop_orders_external_id_key" ON "print_shop_orders" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "print_shop_orders_next_step_idx" ON "print_shop_orders" USING btree ("next_step_at") WHERE "print_shop_orders"."next_step_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "print_shop_parcels_order_sequence_key" ON "print_shop_parcels" USING btree ("print_shop_order_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "print_shop_parcels_tracking_key" ON "print_shop_parcels" USING btree ("tracking_number");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_state_check" CHECK ("orders"."state" in ('cart', 'payment_pending', 'on_hold', 'failed', 'paid', 'in_production', 'partly_shipped', 'shipped', 'delivered', 'returned', 'fulfilment_failed', 'cancelled', 'partly_refunded', 'refunded'));--> statement-breakpoint
-- The fulfilment moves of the order state machine (apps/api/src/modules/orders/order-states.ts lists the same).
INSERT INTO "order_state_transitions" ("from_state", "to_state") VALUES
  ('paid', 'cancelled'), ('paid', 'fulfilment_failed'),
  ('in_production', 'partly_shipped'), ('in_production', 'fulfilment_failed'),
  ('partly_shipped', 'shipped'), ('partly_shipped', 'on_hold'), ('partly_shipped', 'returned'),
  ('partly_shipped', 'partly_refunded'), ('partly_shipped', 'refunded'),
  ('shipped', 'returned'), ('delivered', 'returned'),
  ('on_hold', 'in_production'), ('on_hold', 'partly_shipped'), ('on_hold', 'fulfilment_failed'),
  ('on_hold', 'partly_refunded'), ('on_hold', 'refunded'),
  ('fulfilment_failed', 'paid'), ('fulfilment_failed', 'partly_refunded'), ('fulfilment_failed', 'refunded'),
  ('returned', 'partly_refunded'), ('returned', 'refunded')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Orders paid before fulfilment existed and not yet printed go to production now (the reconciliation job
-- submits what is due); those already delivered are dated at their payment, so their earnings keep their dates.
INSERT INTO "order_fulfilments" ("order_id", "status", "submit_after")
  SELECT "id", 'waiting', now() FROM "orders" WHERE "state" = 'paid'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "orders" SET "delivered_at" = "paid_at" WHERE "state" = 'delivered' AND "delivered_at" IS NULL;
