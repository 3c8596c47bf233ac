import { sql } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { Executor } from "../cart/queries.ts";
import { estimateDeliveryDate, type OrderFulfilmentView } from "../fulfilment/order-fulfilment-view.ts";

/**
 * The operators' dashboard (issue 28): orders, revenue and the average order today and over the last 30 days
 * (a series per day for the chart), and what needs attention: orders on hold or failed at the print provider,
 * orders late against their expected delivery, and money to give back (captures the payments model marks
 * 'refund due': taken without paying their order and not refunded; refunds a processor refused or has not
 * finished). Days are UTC days. An order counts on the day it was paid, at its total, whatever happened since
 * (refunds are their own figure).
 */

/** How many orders each attention list shows (its count says how many there are). */
export const ATTENTION_LIMIT = 50;
/** Orders paid more recently than this cannot be late (the fastest option's estimate is longer). */
const LATE_AFTER_DAYS = 3;
/** A refund still pending after this long needs a look (its job retries for hours). */
const STUCK_REFUND_MINUTES = 30;

export type DayFigures = { day: string; orders: number; revenueCents: number; refundedCents: number };

async function rows<Row>(db: Executor, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function average(figures: { orders: number; revenueCents: number }): number {
  return figures.orders > 0 ? Math.round(figures.revenueCents / figures.orders) : 0;
}

export async function readDashboard(options: {
  db: Executor;
  config: Pick<Config, "ORDER_CANCEL_SECONDS">;
  now?: Date;
}) {
  const { db, config } = options;
  const now = options.now ?? new Date();
  const today = now.toISOString().slice(0, 10);
  const [days, held, failed, late, captures, refunds] = await Promise.all([
    rows<{ day: string; orders: number; revenue_cents: number; refunded_cents: number }>(
      db,
      sql`with days as (
          select generate_series(${today}::date - 29, ${today}::date, interval '1 day')::date as day
        ), paid as (
          select (o.paid_at at time zone 'UTC')::date as day, count(*)::int as orders,
            coalesce(sum(o.total_cents), 0)::bigint as revenue_cents
          from orders o
          where o.paid_at >= (${today}::date - 29)::timestamp at time zone 'UTC'
            and o.paid_at < (${today}::date + 1)::timestamp at time zone 'UTC'
          group by 1
        ), refunded as (
          select (r.updated_at at time zone 'UTC')::date as day, coalesce(sum(r.amount_cents), 0)::bigint as cents
          from payment_refunds r join order_payments p on p.id = r.payment_id and p.status in ('succeeded', 'refunded')
          where r.status = 'succeeded' and r.reason <> 'capture_not_needed'
            and r.updated_at >= (${today}::date - 29)::timestamp at time zone 'UTC'
          group by 1
        )
        select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(p.orders, 0)::int as orders,
          coalesce(p.revenue_cents, 0)::bigint as revenue_cents, coalesce(r.cents, 0)::bigint as refunded_cents
        from days d left join paid p on p.day = d.day left join refunded r on r.day = d.day
        order by d.day`,
    ),
    attentionOrders(db, sql`o.state = 'on_hold' and o.paid_at is not null`),
    attentionOrders(db, sql`o.state = 'fulfilment_failed'`),
    lateOrders(db, config, now),
    rows<{
      order_number: string;
      payment_id: string;
      kind: string;
      status: string;
      amount_cents: number;
      refunded_cents: number;
      created_at: string;
    }>(
      db,
      // The ledger check's 'refund due' (check-ledger.ts), as a list: a capture taken (it has the processor's
      // reference) whose attempt did not pay its order, not given back in full.
      sql`select o.order_number, p.id as payment_id, p.kind, p.status, p.amount_cents,
          coalesce((select sum(r.amount_cents) from payment_refunds r where r.payment_id = p.id
            and r.status = 'succeeded' and r.processor <> 'gift_card'), 0)::int as refunded_cents, p.created_at
        from order_payments p join orders o on o.id = p.order_id
        where p.status in ('failed', 'refunded') and p.processor_reference is not null and p.kind <> 'gift_card'
          and not (p.status = 'refunded' and o.state = 'refunded')
          and coalesce((select sum(r.amount_cents) from payment_refunds r where r.payment_id = p.id
            and r.status = 'succeeded' and r.processor <> 'gift_card'), 0) < p.amount_cents
        order by p.created_at desc limit ${ATTENTION_LIMIT}`,
    ),
    rows<{
      order_number: string;
      refund_id: string;
      amount_cents: number;
      status: string;
      message: string | null;
      created_at: string;
    }>(
      db,
      sql`select o.order_number, r.id as refund_id, r.amount_cents, r.status, r.message, r.created_at
        from payment_refunds r join orders o on o.id = r.order_id
        where r.status = 'failed'
          or (r.status = 'pending' and r.created_at < now() - make_interval(mins => ${STUCK_REFUND_MINUTES}))
        order by r.created_at desc limit ${ATTENTION_LIMIT}`,
    ),
  ]);
  const series: DayFigures[] = days.map((row) => ({
    day: row.day,
    orders: Number(row.orders),
    revenueCents: Number(row.revenue_cents),
    refundedCents: Number(row.refunded_cents),
  }));
  const last = series.at(-1) ?? { day: today, orders: 0, revenueCents: 0, refundedCents: 0 };
  const month = series.reduce(
    (sum, day) => ({
      orders: sum.orders + day.orders,
      revenueCents: sum.revenueCents + day.revenueCents,
      refundedCents: sum.refundedCents + day.refundedCents,
    }),
    { orders: 0, revenueCents: 0, refundedCents: 0 },
  );
  return {
    today: { day: last.day, orders: last.orders, revenueCents: last.revenueCents, averageOrderCents: average(last) },
    last30Days: { ...month, averageOrderCents: average(month), from: series[0]?.day ?? today, to: today },
    series,
    attention: {
      onHold: held,
      failed,
      late,
      capturesToRefund: captures.map((row) => ({
        orderNumber: row.order_number,
        paymentId: row.payment_id,
        kind: row.kind,
        status: row.status,
        amountCents: Number(row.amount_cents),
        refundedCents: Number(row.refunded_cents),
        createdAt: iso(row.created_at) as string,
      })),
      refundsNeedingAttention: refunds.map((row) => ({
        orderNumber: row.order_number,
        refundId: row.refund_id,
        amountCents: Number(row.amount_cents),
        status: row.status,
        message: row.message,
        createdAt: iso(row.created_at) as string,
      })),
    },
  };
}

export type Dashboard = Awaited<ReturnType<typeof readDashboard>>;

type AttentionRow = {
  order_number: string;
  state: string;
  email: string | null;
  total_cents: number;
  reason: string | null;
  since: string;
  count: number;
};

/** Orders in a state that waits for an operator, the longest waiting first, with how many there are. */
async function attentionOrders(db: Executor, where: ReturnType<typeof sql>) {
  const found = await rows<AttentionRow>(
    db,
    sql`select o.order_number, o.state, o.email, o.total_cents, f.reason, coalesce(f.updated_at, o.updated_at) as since,
        count(*) over ()::int as count
      from orders o left join order_fulfilments f on f.order_id = o.id
      where ${where}
      order by coalesce(f.updated_at, o.updated_at) limit ${ATTENTION_LIMIT}`,
  );
  return {
    count: Number(found[0]?.count ?? 0),
    orders: found.map((row) => ({
      orderNumber: row.order_number,
      state: row.state,
      email: row.email,
      totalCents: Number(row.total_cents),
      reason: row.reason,
      since: iso(row.since) as string,
    })),
  };
}

type OpenOrderRow = {
  id: string;
  order_number: string;
  state: "paid" | "in_production" | "partly_shipped" | "shipped";
  email: string | null;
  total_cents: number;
  paid_at: string;
  selected_shipping_service_key: string | null;
  status: string;
  submit_after: string;
  reason: string | null;
  shipments: Array<{
    status: "shipped" | "delivered" | "returned" | "lost";
    shipped_at: string;
    delivered_at: string | null;
    estimated_delivery_at: string | null;
  }> | null;
};

/**
 * Orders still on their way whose expected day (the order page's own estimate: the carriers' dates once
 * shipped, the shipping option's before) has passed. Read from the fulfilments not yet finished (their partial
 * index), paid long enough ago to be late at all.
 */
async function lateOrders(db: Executor, config: Pick<Config, "ORDER_CANCEL_SECONDS">, now: Date) {
  const open = await rows<OpenOrderRow>(
    db,
    sql`select o.id, o.order_number, o.state, o.email, o.total_cents, o.paid_at, o.selected_shipping_service_key,
        f.status, f.submit_after, f.reason,
        (select json_agg(json_build_object('status', s.status, 'shipped_at', s.shipped_at,
            'delivered_at', s.delivered_at, 'estimated_delivery_at', s.estimated_delivery_at))
          from order_shipments s where s.order_id = o.id) as shipments
      from order_fulfilments f join orders o on o.id = f.order_id
      where f.status not in ('delivered', 'cancelled', 'returned')
        and o.state in ('paid', 'in_production', 'partly_shipped', 'shipped')
        and o.paid_at < ${now.toISOString()}::timestamptz - make_interval(days => ${LATE_AFTER_DAYS})
      order by o.paid_at limit 2000`,
  );
  const today = now.toISOString().slice(0, 10);
  const late = open.flatMap((row) => {
    const view: OrderFulfilmentView = {
      fulfilment: { status: row.status as "waiting", submitAfter: new Date(row.submit_after), reason: row.reason },
      shipments: (row.shipments ?? []).map((shipment) => ({
        carrier: "",
        trackingNumber: "",
        trackingUrl: "",
        status: shipment.status,
        shippedAt: new Date(shipment.shipped_at),
        deliveredAt: shipment.delivered_at ? new Date(shipment.delivered_at) : null,
        estimatedDeliveryAt: shipment.estimated_delivery_at ? new Date(shipment.estimated_delivery_at) : null,
        lineItemIds: [],
      })),
    };
    const expected = estimateDeliveryDate({
      state: row.state,
      paidAt: new Date(row.paid_at),
      shippingServiceKey: row.selected_shipping_service_key,
      view,
      cancelWindowSeconds: config.ORDER_CANCEL_SECONDS,
    });
    if (expected === null || expected >= today) return [];
    return [
      {
        orderNumber: row.order_number,
        state: row.state,
        email: row.email,
        totalCents: Number(row.total_cents),
        expectedDeliveryDate: expected,
        daysLate: Math.round((Date.parse(today) - Date.parse(expected)) / 86_400_000),
      },
    ];
  });
  late.sort((a, b) => b.daysLate - a.daysLate);
  return { count: late.length, orders: late.slice(0, ATTENTION_LIMIT) };
}
