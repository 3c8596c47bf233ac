import { sql } from "drizzle-orm";
import type { Executor } from "../cart/queries.ts";

/**
 * THE one way an order becomes paid (issue 13, deliverable 4): card payments, PayPal captures, their webhooks
 * and the reconciliation job all finish an order here, inside their transaction. In one statement: the order
 * goes from payment_pending (or on_hold) to paid (only from there, so a second capture finds nothing to
 * complete; the transition trigger appends the move, with who and why, to the timeline), its payment becomes
 * the order's succeeded one (a partial unique index allows one per order), and the confirmation e-mail, the
 * artists' earnings and the order's fulfilment are queued (deduplicated by order). What was bought leaves the cart it was placed from
 * (decision 053): the cart is deleted when nothing else is in it, else the bought units are taken off its lines
 * (a line added while the payment ran stays).
 *
 * Answers `completed`, or `not_payable` when the order was not awaiting payment (already paid, or cancelled):
 * the caller then owes the payer their money back (a capture without an order is never kept).
 */
export async function completeOrder(options: {
  db: Executor;
  orderId: string;
  paymentId: string;
  processorReference: string;
  /** What the processor told of the card (kept on the payment). */
  card?: { brand: string; last4: string; expMonth: number; expYear: number };
  /** The reply stored for replays of the payment's idempotency key. */
  reply?: unknown;
  /** Who completes it, for the timeline: the payer (`user:…`, `guest:…`) or `system:<part>`. */
  actor: string;
  /** Why, for the timeline: `card charge succeeded`, `PayPal capture completed`, … */
  reason: string;
}): Promise<"completed" | "not_payable"> {
  const { db, orderId, paymentId, processorReference, card, actor, reason } = options;
  const reply = options.reply === undefined ? null : JSON.stringify(options.reply);
  // One statement, so it is atomic even outside a transaction (the card's hot path runs it on its own).
  const result = (await db.execute(sql`
    with paid as (
      update orders set state = 'paid', paid_at = now(), payment_started_at = null, updated_at = now(),
        state_changed_by = ${actor}, state_change_reason = ${reason}
      where id = ${orderId} and state in ('payment_pending', 'on_hold')
        and exists (select 1 from order_payments where id = ${paymentId} and order_id = ${orderId}
          and status in ('processing', 'pending'))
      returning id, cart_id, promo_code
    ), cart as (
      -- The cart it was placed from, locked first (an add locks the cart before its lines, so this order of
      -- locks cannot deadlock with one): what was bought leaves it.
      select c.id from orders c where c.id = (select cart_id from paid) and c.state = 'cart' for update
    ), bought as (
      select c.id as line_id, c.quantity - o.quantity as left_over
      from order_line_items c
      join order_line_items o on o.order_id = ${orderId}
        and o.seller_design_product_variant_id = c.seller_design_product_variant_id
        and o.size = c.size and o.color = c.color
      where c.order_id = (select id from cart)
    ), emptied as (
      -- Nothing else in it (the usual case): the cart goes, with its addresses; the next add starts a new one.
      delete from orders where id = (select id from cart)
        and not exists (select 1 from order_line_items c where c.order_id = (select id from cart)
          and c.id not in (select line_id from bought where left_over <= 0))
      returning id
    ), dropped as (
      delete from order_line_items where id in (select line_id from bought where left_over <= 0)
        and not exists (select 1 from emptied)
      returning id
    ), reduced as (
      update order_line_items set quantity = bought.left_over, updated_at = now() from bought
      where order_line_items.id = bought.line_id and bought.left_over > 0 and not exists (select 1 from emptied)
      returning order_line_items.id
    ), code_used as (
      -- Lines added while the payment ran stay in the cart; the code it was bought with does not.
      update orders set promo_code = null, updated_at = now()
      where id = (select id from cart) and promo_code = (select promo_code from paid)
        and not exists (select 1 from emptied)
      returning id
    ), payment as (
      update order_payments set status = 'succeeded', processor_reference = ${processorReference},
        card_brand = coalesce(${card?.brand ?? null}, card_brand), card_last4 = coalesce(${card?.last4 ?? null}, card_last4),
        card_exp_month = coalesce(${card?.expMonth ?? null}::int, card_exp_month),
        card_exp_year = coalesce(${card?.expYear ?? null}::int, card_exp_year),
        response = coalesce(${reply}::jsonb, response), updated_at = now()
      where id = ${paymentId} and order_id in (select id from paid)
      returning id
    ), redeemed as (
      update promo_code_redemptions set status = 'redeemed', updated_at = now()
      where payment_id = ${paymentId} and status = 'held' and exists (select 1 from paid)
      returning id
    ), queued as (
      insert into jobs (kind, payload, dedupe_key)
      select job.kind, jsonb_build_object('orderId', paid.id), paid.id::text
      from paid cross join (values ('send_order_confirmation'), ('record_order_earnings'), ('start_order_fulfilment'))
        as job(kind)
      on conflict (kind, dedupe_key) do nothing
      returning id
    )
    select (select count(*) from paid)::int as paid, (select count(*) from payment)::int as payments,
      (select count(*) from queued)::int as queued, (select count(*) from dropped)::int as dropped,
      (select count(*) from reduced)::int as reduced, (select count(*) from code_used)::int as code_used`)) as unknown as {
    rows: { paid: number; payments: number }[];
  };
  const [row] = result.rows;
  if (!row || Number(row.paid) === 0) return "not_payable";
  if (Number(row.payments) !== 1) throw new Error(`payment ${paymentId} does not belong to order ${orderId}`);
  return "completed";
}
