import { sql } from "drizzle-orm";
import type { Executor } from "../cart/queries.ts";

/**
 * THE one way an order becomes paid (issue 13, deliverable 4): card payments, PayPal captures, their webhooks
 * and the reconciliation job all finish an order here, inside their transaction. In one statement: the order
 * goes from payment_pending to paid (only from there, so a second capture finds nothing to complete), its
 * payment becomes the order's succeeded one (a partial unique index allows one per order), the timeline gets
 * its step, and the confirmation e-mail and the artists' earnings are queued (deduplicated by order). The paid
 * order is no longer the shopper's open order, so their cart is empty from this commit on (a new one is
 * started by their next add to cart).
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
}): Promise<"completed" | "not_payable"> {
  const { db, orderId, paymentId, processorReference, card } = options;
  const reply = options.reply === undefined ? null : JSON.stringify(options.reply);
  // One statement, so it is atomic even outside a transaction (the card's hot path runs it on its own).
  const result = (await db.execute(sql`
    with paid as (
      update orders set state = 'paid', paid_at = now(), payment_started_at = null, updated_at = now()
      where id = ${orderId} and state = 'payment_pending'
        and exists (select 1 from order_payments where id = ${paymentId} and order_id = ${orderId}
          and status in ('processing', 'pending'))
      returning id
    ), payment as (
      update order_payments set status = 'succeeded', processor_reference = ${processorReference},
        card_brand = coalesce(${card?.brand ?? null}, card_brand), card_last4 = coalesce(${card?.last4 ?? null}, card_last4),
        card_exp_month = coalesce(${card?.expMonth ?? null}::int, card_exp_month),
        card_exp_year = coalesce(${card?.expYear ?? null}::int, card_exp_year),
        response = coalesce(${reply}::jsonb, response), updated_at = now()
      where id = ${paymentId} and order_id in (select id from paid)
      returning id
    ), step as (
      insert into order_state_changes (order_id, state) select id, 'paid' from paid
      returning id
    ), queued as (
      insert into jobs (kind, payload, dedupe_key)
      select job.kind, jsonb_build_object('orderId', paid.id), paid.id::text
      from paid cross join (values ('send_order_confirmation'), ('record_order_earnings')) as job(kind)
      on conflict (kind, dedupe_key) do nothing
      returning id
    )
    select (select count(*) from paid)::int as paid, (select count(*) from payment)::int as payments,
      (select count(*) from step)::int as steps, (select count(*) from queued)::int as queued`)) as unknown as {
    rows: { paid: number; payments: number }[];
  };
  const [row] = result.rows;
  if (!row || Number(row.paid) === 0) return "not_payable";
  if (Number(row.payments) !== 1) throw new Error(`payment ${paymentId} does not belong to order ${orderId}`);
  return "completed";
}
