CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"actor" text NOT NULL,
	"processor" text NOT NULL,
	"request_key" text NOT NULL,
	"processor_refund_id" text,
	"line_ids" jsonb,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_amount_check" CHECK ("payment_refunds"."amount_cents" > 0),
	CONSTRAINT "payment_refunds_status_check" CHECK ("payment_refunds"."status" in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_state_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_paid_at_check";--> statement-breakpoint
DROP INDEX "orders_one_cart_per_user_key";--> statement-breakpoint
DROP INDEX "orders_one_cart_per_guest_key";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cart_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cart_revision" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "state_changed_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "state_change_reason" text;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "ip_key" text;--> statement-breakpoint
ALTER TABLE "order_state_changes" ADD COLUMN "from_state" text;--> statement-breakpoint
ALTER TABLE "order_state_changes" ADD COLUMN "actor" text;--> statement-breakpoint
ALTER TABLE "order_state_changes" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_order_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."order_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_request_key_key" ON "payment_refunds" USING btree ("request_key");--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_order_idx" ON "payment_refunds" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cart_id_orders_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_unpaid_per_cart_key" ON "orders" USING btree ("cart_id") WHERE "orders"."state" = 'payment_pending';--> statement-breakpoint
CREATE INDEX "order_payments_ip_attempts_idx" ON "order_payments" USING btree ("ip_key","created_at") WHERE "order_payments"."status" in ('declined', 'processing');--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_cart_per_user_key" ON "orders" USING btree ("user_id") WHERE "orders"."state" = 'cart';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_cart_per_guest_key" ON "orders" USING btree ("guest_id") WHERE "orders"."state" = 'cart';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cart_link_check" CHECK ("orders"."state" <> 'cart' or "orders"."cart_id" is null);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_state_check" CHECK ("orders"."state" in ('cart', 'payment_pending', 'on_hold', 'failed', 'paid', 'in_production', 'shipped', 'delivered', 'cancelled', 'partly_refunded', 'refunded'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_at_check" CHECK ("orders"."state" in ('cart', 'payment_pending', 'on_hold', 'failed', 'cancelled') or "orders"."paid_at" is not null);--> statement-breakpoint
-- Decision 053: orders as their own records. What drizzle cannot express follows.
--
-- 1. The state machine's moves (modules/orders/order-states.ts lists the same pairs; a test compares them).
CREATE TABLE "order_state_transitions" (
  "from_state" text,
  "to_state" text NOT NULL,
  CONSTRAINT "order_state_transitions_pair_key" UNIQUE NULLS NOT DISTINCT ("from_state", "to_state")
);
--> statement-breakpoint
INSERT INTO "order_state_transitions" ("from_state", "to_state") VALUES
  (NULL, 'payment_pending'),
  ('payment_pending', 'paid'), ('payment_pending', 'on_hold'), ('payment_pending', 'failed'),
  ('payment_pending', 'cancelled'),
  ('on_hold', 'paid'), ('on_hold', 'payment_pending'), ('on_hold', 'failed'), ('on_hold', 'cancelled'),
  ('paid', 'in_production'), ('paid', 'on_hold'), ('paid', 'partly_refunded'), ('paid', 'refunded'),
  ('in_production', 'shipped'), ('in_production', 'on_hold'), ('in_production', 'partly_refunded'),
  ('in_production', 'refunded'),
  ('shipped', 'delivered'), ('shipped', 'partly_refunded'), ('shipped', 'refunded'),
  ('delivered', 'partly_refunded'), ('delivered', 'refunded'),
  ('partly_refunded', 'refunded');
--> statement-breakpoint
-- 2. Today's data into the new records. A cart placed and awaiting payment was the shopper's cart and its order
-- in one row: the row stays the order (its number, quote, payments and PayPal orders keep naming it), and the
-- shopper gets a new cart with the same lines, addresses, e-mail, option and code, the order linked to it.
CREATE TEMPORARY TABLE "split_0026" ON COMMIT DROP AS
  SELECT o.id AS order_id, gen_random_uuid() AS cart_id,
    'TF-' || (SELECT string_agg(substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + floor(random() * 31)::int, 1), '')
      FROM generate_series(1, 8 + 0 * length(o.id::text))) AS cart_number
  FROM orders o WHERE o.state = 'payment_pending';
--> statement-breakpoint
INSERT INTO orders (id, order_number, state, user_id, guest_id, email, selected_shipping_service_key,
    billing_same_as_shipping, promo_code, created_at, updated_at)
  SELECT s.cart_id, s.cart_number, 'cart', o.user_id, o.guest_id, o.email, o.selected_shipping_service_key,
    o.billing_same_as_shipping, o.promo_code, o.created_at, now()
  FROM split_0026 s JOIN orders o ON o.id = s.order_id;
--> statement-breakpoint
INSERT INTO order_line_items (order_id, seller_design_product_variant_id, size, color, quantity, created_at)
  SELECT s.cart_id, l.seller_design_product_variant_id, l.size, l.color, l.quantity, l.created_at
  FROM split_0026 s JOIN order_line_items l ON l.order_id = s.order_id ORDER BY l.id;
--> statement-breakpoint
INSERT INTO order_addresses (order_id, kind, first_name, last_name, address1, address2, city, state, zip)
  SELECT s.cart_id, a.kind, a.first_name, a.last_name, a.address1, a.address2, a.city, a.state, a.zip
  FROM split_0026 s JOIN order_addresses a ON a.order_id = s.order_id;
--> statement-breakpoint
UPDATE orders SET cart_id = s.cart_id, cart_revision = 0 FROM split_0026 s WHERE orders.id = s.order_id;
--> statement-breakpoint
-- The timeline before this migration said only which state was entered.
UPDATE order_state_changes c SET actor = 'system:migration', reason = 'recorded before migration 0026',
  from_state = (SELECT p.state FROM order_state_changes p WHERE p.order_id = c.order_id
    AND (p.created_at, p.id) < (c.created_at, c.id) ORDER BY p.created_at DESC, p.id DESC LIMIT 1);
--> statement-breakpoint
-- One-time codes are once per person: a guest's uses count by their e-mail from now on.
UPDATE promo_code_redemptions r SET payer_key = 'email:' || lower(o.email)
  FROM orders o WHERE o.id = r.order_id AND r.payer_key LIKE 'guest:%' AND o.email IS NOT NULL;
--> statement-breakpoint
-- A cart's timeline entries are written by the trigger from now on; the one-state-per-step FK is checked at commit,
-- so the trigger may write a new order's first step before the order's row exists.
ALTER TABLE "order_state_changes" ALTER CONSTRAINT "order_state_changes_order_id_orders_id_fk" DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
-- 3. The transition check: every change of an order's state is one of the allowed moves, names who and why
-- (state_changed_by, state_change_reason, written in the same UPDATE), and is appended to the timeline; the two
-- columns are cleared, so the next move must say its own. A cart is created as a cart and stays one.
CREATE FUNCTION "orders_state_move"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  left_state text;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.state = OLD.state THEN
      NEW.state_changed_by := NULL;
      NEW.state_change_reason := NULL;
      RETURN NEW;
    END IF;
    left_state := OLD.state;
  ELSE
    left_state := NULL;
    IF NEW.state = 'cart' THEN
      RETURN NEW;
    END IF;
  END IF;
  IF left_state = 'cart' OR NOT EXISTS (SELECT 1 FROM order_state_transitions t
      WHERE t.from_state IS NOT DISTINCT FROM left_state AND t.to_state = NEW.state) THEN
    RAISE EXCEPTION 'order % cannot move from % to %', NEW.order_number, coalesce(left_state, '(new)'), NEW.state
      USING ERRCODE = 'check_violation', CONSTRAINT = 'orders_state_transition_check';
  END IF;
  IF NEW.state_changed_by IS NULL OR NEW.state_change_reason IS NULL THEN
    RAISE EXCEPTION 'order % moves to % without saying who and why', NEW.order_number, NEW.state
      USING ERRCODE = 'check_violation', CONSTRAINT = 'orders_state_transition_check';
  END IF;
  INSERT INTO order_state_changes (order_id, from_state, state, actor, reason)
    VALUES (NEW.id, left_state, NEW.state, NEW.state_changed_by, NEW.state_change_reason);
  NEW.state_changed_by := NULL;
  NEW.state_change_reason := NULL;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_state_move" BEFORE INSERT OR UPDATE OF state, state_changed_by, state_change_reason ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "orders_state_move"();
--> statement-breakpoint
-- 4. A cart's revision counts its changes, so an order knows whether its quote is still the cart's: a line or an
-- address written, or the cart's e-mail, option, code or billing choice changed.
CREATE FUNCTION "cart_revision_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders SET revision = revision + 1
    WHERE id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.order_id ELSE NEW.order_id END) AND state = 'cart';
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "order_line_items_cart_revision" AFTER INSERT OR UPDATE OR DELETE ON "order_line_items"
  FOR EACH ROW EXECUTE FUNCTION "cart_revision_bump"();
--> statement-breakpoint
CREATE TRIGGER "order_addresses_cart_revision" AFTER INSERT OR UPDATE OR DELETE ON "order_addresses"
  FOR EACH ROW EXECUTE FUNCTION "cart_revision_bump"();
--> statement-breakpoint
CREATE FUNCTION "cart_own_revision_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.revision := OLD.revision + 1;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_cart_revision" BEFORE UPDATE ON "orders" FOR EACH ROW
  WHEN (OLD.state = 'cart' AND (OLD.email, OLD.selected_shipping_service_key, OLD.promo_code,
    OLD.billing_same_as_shipping) IS DISTINCT FROM (NEW.email, NEW.selected_shipping_service_key, NEW.promo_code,
    NEW.billing_same_as_shipping))
  EXECUTE FUNCTION "cart_own_revision_bump"();
--> statement-breakpoint
-- 5. Add to cart (migration 0018's function) on the cart alone: a cart is only ever in state 'cart' now, so
-- 'placed' and 'locked' are no longer answered (an order is another row, which an add never touches).
CREATE OR REPLACE FUNCTION "cart_add_line"(
  p_user_id uuid,
  p_guest_id uuid,
  p_order_number text,
  p_variant_id integer,
  p_size text,
  p_color text,
  p_quantity integer,
  p_max_lines integer,
  p_max_quantity integer
) RETURNS TABLE (outcome text, cart_id uuid, line_id integer, line_uuid uuid, line_quantity integer)
LANGUAGE plpgsql ROWS 1 AS $$
DECLARE
  found_cart uuid;
BEGIN
  IF (p_user_id IS NULL) = (p_guest_id IS NULL) THEN
    RAISE EXCEPTION 'cart_add_line needs exactly one owner';
  END IF;
  IF p_variant_id IS NULL THEN
    RETURN QUERY SELECT 'refused'::text, NULL::uuid, NULL::integer, NULL::uuid, NULL::integer;
    RETURN;
  END IF;
  FOR attempt IN 1..2 LOOP
    IF p_user_id IS NOT NULL THEN
      SELECT o.id INTO found_cart FROM orders o WHERE o.user_id = p_user_id AND o.state = 'cart' FOR UPDATE;
    ELSE
      SELECT o.id INTO found_cart FROM orders o WHERE o.guest_id = p_guest_id AND o.state = 'cart' FOR UPDATE;
    END IF;
    EXIT WHEN found_cart IS NOT NULL;
    IF p_order_number IS NULL THEN
      RETURN QUERY SELECT 'no_cart'::text, NULL::uuid, NULL::integer, NULL::uuid, NULL::integer;
      RETURN;
    END IF;
    IF p_user_id IS NOT NULL THEN
      INSERT INTO orders (order_number, state, user_id) VALUES (p_order_number, 'cart', p_user_id)
      ON CONFLICT (user_id) WHERE state = 'cart' DO NOTHING
      RETURNING orders.id INTO found_cart;
    ELSE
      INSERT INTO orders (order_number, state, guest_id) VALUES (p_order_number, 'cart', p_guest_id)
      ON CONFLICT (guest_id) WHERE state = 'cart' DO NOTHING
      RETURNING orders.id INTO found_cart;
    END IF;
    EXIT WHEN found_cart IS NOT NULL;
  END LOOP;
  IF found_cart IS NULL THEN
    RAISE EXCEPTION 'cart_add_line found no open cart to add to';
  END IF;

  RETURN QUERY
  INSERT INTO order_line_items AS l (order_id, seller_design_product_variant_id, size, color, quantity)
  SELECT found_cart, p_variant_id, p_size, p_color, p_quantity
  WHERE EXISTS (
      SELECT 1 FROM order_line_items c
      WHERE c.order_id = found_cart AND c.seller_design_product_variant_id = p_variant_id
        AND c.size = p_size AND c.color = p_color
    )
    OR (SELECT count(*) FROM order_line_items c WHERE c.order_id = found_cart) < p_max_lines
  ON CONFLICT (order_id, seller_design_product_variant_id, size, color) DO UPDATE
    SET quantity = l.quantity + excluded.quantity, updated_at = now()
    WHERE l.quantity + excluded.quantity <= p_max_quantity
  RETURNING 'added'::text, l.order_id, l.id, l.uuid, l.quantity;
  IF FOUND THEN
    RETURN;
  END IF;

  RETURN QUERY
  SELECT 'line_full'::text, found_cart, c.id, c.uuid, c.quantity
  FROM order_line_items c
  WHERE c.order_id = found_cart AND c.seller_design_product_variant_id = p_variant_id
    AND c.size = p_size AND c.color = p_color;
  IF FOUND THEN
    RETURN;
  END IF;
  RETURN QUERY SELECT 'cart_full'::text, found_cart, NULL::integer, NULL::uuid, NULL::integer;
END;
$$;
--> statement-breakpoint
-- 6. The artwork version of each placed line (what production prints), frozen from now on; for lines placed
-- before, the design's version today is the best record there is.
ALTER TABLE "order_line_items" ADD COLUMN "artwork_version" integer;
--> statement-breakpoint
UPDATE order_line_items l SET artwork_version = d.artwork_version
  FROM seller_design_product_variants v JOIN designs d ON d.id = v.design_id
  WHERE v.id = l.seller_design_product_variant_id AND l.unit_price_cents IS NOT NULL;
--> statement-breakpoint
-- 7. Refunds reverse earnings in proportion (decision 053): several reversals of one sale, one per refund.
ALTER TABLE "earnings_entries" DROP CONSTRAINT "earnings_entries_sign_check";--> statement-breakpoint
DROP INDEX "earnings_entries_one_reversal_key";--> statement-breakpoint
ALTER TABLE "earnings_entries" ADD COLUMN "refund_id" uuid;--> statement-breakpoint
ALTER TABLE "earnings_entries" ADD CONSTRAINT "earnings_entries_refund_id_payment_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."payment_refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "earnings_entries_one_reversal_per_refund_key" ON "earnings_entries" USING btree ("reverses_entry_id",coalesce("refund_id", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE "earnings_entries"."kind" = 'reversal';--> statement-breakpoint
ALTER TABLE "earnings_entries" ADD CONSTRAINT "earnings_entries_sign_check" CHECK (case when "earnings_entries"."kind" = 'sale'
        then "earnings_entries"."quantity" > 0 and "earnings_entries"."gross_cents" > 0 and "earnings_entries"."discount_cents" >= 0
          and "earnings_entries"."production_cost_cents" >= 0 and "earnings_entries"."artist_earnings_cents" >= 0
        else "earnings_entries"."quantity" <= 0 and "earnings_entries"."gross_cents" <= 0 and "earnings_entries"."discount_cents" <= 0
          and "earnings_entries"."production_cost_cents" <= 0 and "earnings_entries"."artist_earnings_cents" <= 0 end);
--> statement-breakpoint
-- 8. A reversal (migration 0015's check) is now a share of its sale, or all of it: on the same line, artist, design
-- and share; and all the reversals of a sale never take more than the sale had, part by part. The sale is locked
-- first, so two refunds reversing it at once are counted one after the other.
CREATE OR REPLACE FUNCTION "earnings_entries_check_reversal"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  original "earnings_entries"%ROWTYPE;
  taken record;
BEGIN
  SELECT * INTO original FROM "earnings_entries" WHERE "id" = NEW."reverses_entry_id" FOR UPDATE;
  IF original."kind" IS DISTINCT FROM 'sale'
    OR NEW."order_id" <> original."order_id"
    OR NEW."order_line_item_id" <> original."order_line_item_id"
    OR NEW."seller_profile_id" <> original."seller_profile_id"
    OR NEW."design_id" <> original."design_id"
    OR NEW."artist_share_percent" <> original."artist_share_percent" THEN
    RAISE EXCEPTION 'earnings entry % must reverse sale entry % of the same line', NEW."id", NEW."reverses_entry_id"
      USING ERRCODE = 'check_violation';
  END IF;
  SELECT coalesce(sum("quantity"), 0) AS quantity, coalesce(sum("gross_cents"), 0) AS gross,
      coalesce(sum("discount_cents"), 0) AS discount, coalesce(sum("production_cost_cents"), 0) AS production,
      coalesce(sum("artist_earnings_cents"), 0) AS artist
    INTO taken FROM "earnings_entries" WHERE "reverses_entry_id" = original."id";
  IF original."quantity" + taken.quantity + NEW."quantity" < 0
    OR original."gross_cents" + taken.gross + NEW."gross_cents" < 0
    OR original."discount_cents" + taken.discount + NEW."discount_cents" < 0
    OR original."production_cost_cents" + taken.production + NEW."production_cost_cents" < 0
    OR original."artist_earnings_cents" + taken.artist + NEW."artist_earnings_cents" < 0 THEN
    RAISE EXCEPTION 'earnings entry % would reverse more than sale entry % had', NEW."id", NEW."reverses_entry_id"
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
