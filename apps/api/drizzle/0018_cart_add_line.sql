-- Add to cart in one round trip (docs/decisions/051-cart-and-checkout-round-trips.md): the owner's open cart is
-- found and locked (or created), then the line is inserted or topped up, each statement with a snapshot taken
-- after the lock, so the line and quantity limits are counted exactly under concurrent adds, as the
-- transaction of two statements it replaces did. The limits come from the caller (the contract's constants).
--
-- Outcomes: 'refused' (p_variant_id is null: the caller found the size or colour not on offer; nothing read or
-- written), 'no_cart' (the owner has no open cart and p_order_number is null: nothing written), 'added' (the
-- line as it is now), 'line_full' (the line would pass p_max_quantity: nothing written;
-- the line's quantity now), 'cart_full' (a new line would pass p_max_lines: nothing written), 'placed' (the open
-- order is placed and unpaid: the caller reopens it on its general path), 'locked' (a payment of it is with the
-- processor: nothing may change). A collision of p_order_number with another order's raises unique_violation on
-- orders_order_number_key; the caller retries with another number.
CREATE FUNCTION "cart_add_line"(
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
  found_state text;
  found_payment_started_at timestamptz;
BEGIN
  IF (p_user_id IS NULL) = (p_guest_id IS NULL) THEN
    RAISE EXCEPTION 'cart_add_line needs exactly one owner';
  END IF;
  IF p_variant_id IS NULL THEN
    RETURN QUERY SELECT 'refused'::text, NULL::uuid, NULL::integer, NULL::uuid, NULL::integer;
    RETURN;
  END IF;
  -- The open cart, locked; created when missing. A racing creation ends on the one-cart-per-identity index:
  -- the loser inserts nothing and finds (and waits for) the winner's row on its second pass.
  FOR attempt IN 1..2 LOOP
    IF p_user_id IS NOT NULL THEN
      SELECT o.id, o.state, o.payment_started_at INTO found_cart, found_state, found_payment_started_at
      FROM orders o WHERE o.user_id = p_user_id AND o.state IN ('cart', 'payment_pending') FOR UPDATE;
    ELSE
      SELECT o.id, o.state, o.payment_started_at INTO found_cart, found_state, found_payment_started_at
      FROM orders o WHERE o.guest_id = p_guest_id AND o.state IN ('cart', 'payment_pending') FOR UPDATE;
    END IF;
    EXIT WHEN found_cart IS NOT NULL;
    -- No cart yet: the caller draws an order number only when one is needed, and asks again with it.
    IF p_order_number IS NULL THEN
      RETURN QUERY SELECT 'no_cart'::text, NULL::uuid, NULL::integer, NULL::uuid, NULL::integer;
      RETURN;
    END IF;
    IF p_user_id IS NOT NULL THEN
      INSERT INTO orders (order_number, state, user_id) VALUES (p_order_number, 'cart', p_user_id)
      ON CONFLICT (user_id) WHERE state IN ('cart', 'payment_pending') DO NOTHING
      RETURNING orders.id, orders.state INTO found_cart, found_state;
    ELSE
      INSERT INTO orders (order_number, state, guest_id) VALUES (p_order_number, 'cart', p_guest_id)
      ON CONFLICT (guest_id) WHERE state IN ('cart', 'payment_pending') DO NOTHING
      RETURNING orders.id, orders.state INTO found_cart, found_state;
    END IF;
    EXIT WHEN found_cart IS NOT NULL;
  END LOOP;
  IF found_cart IS NULL THEN
    RAISE EXCEPTION 'cart_add_line found no open cart to add to';
  END IF;
  IF found_payment_started_at IS NOT NULL THEN
    RETURN QUERY SELECT 'locked'::text, found_cart, NULL::integer, NULL::uuid, NULL::integer;
    RETURN;
  END IF;
  IF found_state <> 'cart' THEN
    RETURN QUERY SELECT 'placed'::text, found_cart, NULL::integer, NULL::uuid, NULL::integer;
    RETURN;
  END IF;

  -- A new line while the cart has room, or more units on the line it holds, up to the line's limit.
  RETURN QUERY
  INSERT INTO order_line_items AS l (order_id, seller_design_product_variant_id, size, color, quantity)
  SELECT found_cart, p_variant_id, p_size, p_color, p_quantity
  -- The line itself first: adding to a line the cart holds never counts the cart's lines.
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

  -- Nothing written: which limit refused it.
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
