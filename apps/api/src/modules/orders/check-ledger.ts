import { sql } from "drizzle-orm";
import type { Executor } from "../cart/queries.ts";
import { reconcileOrderLedger } from "../earnings/reconcile-order-ledger.ts";
import { PAID_STATES } from "./order-states.ts";

/** One thing the ledger check found wrong. */
export type LedgerFinding = { check: string; orderNumber: string | null; detail: string };

const PAID = sql.raw(PAID_STATES.map((state) => `'${state}'`).join(", "));
/** A paid order: in a paid state, or held or cancelled after its payment (its refund then settles it). */
const PAID_ORDER = sql.raw(
  `(o.state in (${PAID_STATES.map((state) => `'${state}'`).join(", ")}) or (o.state in ('on_hold', 'cancelled') and o.paid_at is not null))`,
);

async function rows<Row>(db: Executor, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/**
 * `npm run ledger:check` (decision 053): the money of every order against its payments, refunds, the local card
 * processor's books and the earnings ledger. Each finding names the check, the order and what is wrong; none
 * means every charge belongs to exactly one paid order, for its amount, and every artist's share adds up.
 *
 * - `paid_without_one_payment`: a paid order without exactly one succeeded payment;
 * - `charge_on_unpaid_order`: a succeeded payment on an order that is neither paid nor refunded;
 * - `money_kept_without_order`: a charge or capture taken (it has the processor's reference) whose attempt ended
 *   without paying its order and without a succeeded refund of it ("refund due");
 * - `charge_without_order`: a succeeded local card charge that no payment names, not refunded in full;
 * - `amount_differs`: a succeeded payment whose amount is not its order's total less the gift card;
 * - `refund_over_payment`: refunds of a payment adding up to more than it took;
 * - `payment_in_flight`: an attempt still with a processor (a run of the check right after a crash lists it
 *   until the reconciliation job settles it);
 * - `earnings`: a paid or refunded order whose earnings ledger does not reconcile with it.
 */
export async function checkLedger(db: Executor): Promise<LedgerFinding[]> {
  const findings: LedgerFinding[] = [];
  const add = (check: string, list: { order_number: string | null; detail: string }[]) => {
    for (const row of list) findings.push({ check, orderNumber: row.order_number, detail: row.detail });
  };
  add(
    "paid_without_one_payment",
    await rows(
      db,
      sql`select o.order_number, o.state || ' with ' || count(p.id) || ' succeeded payments' as detail
        from orders o left join order_payments p on p.order_id = o.id and p.status = 'succeeded'
        where o.state in (${PAID}) or (o.state = 'on_hold' and o.paid_at is not null)
        group by o.id having count(p.id) <> 1`,
    ),
  );
  add(
    "charge_on_unpaid_order",
    await rows(
      db,
      sql`select o.order_number, 'payment ' || p.id || ' succeeded on an order ' || o.state as detail
        from order_payments p join orders o on o.id = p.order_id
        where p.status = 'succeeded' and not ${PAID_ORDER} and o.state <> 'refunded'`,
    ),
  );
  add(
    "money_kept_without_order",
    await rows(
      db,
      sql`select o.order_number, p.kind || ' payment ' || p.id || ' (' || p.status || ') took ' || p.amount_cents
          || ' cents and was not refunded' as detail
        from order_payments p join orders o on o.id = p.order_id
        where p.status in ('failed', 'refunded') and p.processor_reference is not null and p.kind <> 'gift_card'
          and not (p.status = 'refunded' and o.state = 'refunded')
          and coalesce((select sum(r.amount_cents) from payment_refunds r where r.payment_id = p.id
            and r.status = 'succeeded' and r.processor <> 'gift_card'), 0) < p.amount_cents
          and (p.kind = 'paypal' or exists (select 1 from card_charges c where c.id = p.processor_reference
            and c.status = 'succeeded' and c.refunded_cents < c.amount_cents))`,
    ),
  );
  add(
    "charge_without_order",
    await rows(
      db,
      sql`select c.order_number, 'card charge ' || c.id || ' of ' || c.amount_cents || ' cents (refunded '
          || c.refunded_cents || ') belongs to no paid order' as detail
        from card_charges c
        where c.status = 'succeeded' and c.refunded_cents < c.amount_cents
          and not exists (select 1 from order_payments p where p.processor_reference = c.id
            and p.status in ('succeeded', 'processing'))`,
    ),
  );
  add(
    "amount_differs",
    await rows(
      db,
      sql`select o.order_number, 'payment of ' || p.amount_cents || ' cents for ' || (o.total_cents - o.gift_card_cents)
          || ' due' as detail
        from order_payments p join orders o on o.id = p.order_id
        where p.status = 'succeeded' and p.kind <> 'gift_card' and p.amount_cents <> o.total_cents - o.gift_card_cents`,
    ),
  );
  add(
    "refund_over_payment",
    await rows(
      db,
      sql`select o.order_number, 'refunds of ' || sum(r.amount_cents) || ' cents on a payment of ' || p.amount_cents
          as detail
        from payment_refunds r join order_payments p on p.id = r.payment_id join orders o on o.id = p.order_id
        where r.status in ('succeeded', 'pending') and r.processor <> 'gift_card'
        group by o.order_number, p.id having sum(r.amount_cents) > p.amount_cents`,
    ),
  );
  add(
    "payment_in_flight",
    await rows(
      db,
      sql`select o.order_number, p.kind || ' payment ' || p.id || ' is ' || p.status || ' since ' || p.created_at as detail
        from order_payments p join orders o on o.id = p.order_id
        where p.status = 'processing'
          or (p.status = 'failed' and exists (select 1 from payment_refunds r where r.payment_id = p.id
            and r.status = 'pending'))`,
    ),
  );
  const ledgered = await rows<{ id: string; order_number: string }>(
    db,
    sql`select o.id, o.order_number from orders o
      where (${PAID_ORDER} or o.state = 'refunded')
        and exists (select 1 from earnings_entries e where e.order_id = o.id)`,
  );
  for (const order of ledgered) {
    const result = await reconcileOrderLedger({ db, orderId: order.id });
    if (!result.isBalanced) {
      findings.push({ check: "earnings", orderNumber: order.order_number, detail: result.problems.join("; ") });
    }
  }
  return findings;
}
