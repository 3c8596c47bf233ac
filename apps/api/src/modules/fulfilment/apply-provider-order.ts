import type { OrderState, PlacedOrderState } from "@threadfolk/contract/orders";
import { sql } from "drizzle-orm";
import type { ProviderOrder, ProviderOrderStatus } from "../../adapters/fulfilment/fulfilment.ts";
import type { Database } from "../../db/client.ts";
import type { FulfilmentStatus } from "../../db/schema/fulfilment.ts";
import { enqueueJob } from "../../jobs/enqueue-job.ts";
import { ORDER_TRANSITIONS } from "../orders/order-states.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

async function rows<Row>(db: Pick<Database, "execute">, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** The order state a provider status puts a paid order in. */
const ORDER_STATE_OF: Record<ProviderOrderStatus, PlacedOrderState> = {
  received: "in_production",
  in_production: "in_production",
  partly_shipped: "partly_shipped",
  shipped: "shipped",
  delivered: "delivered",
  on_hold: "on_hold",
  failed: "fulfilment_failed",
  // An order the provider cancelled on its own is for the operators to settle (refund or resubmit).
  cancelled: "fulfilment_failed",
  returned: "returned",
};

/** The states fulfilment moves an order through; refunded and cancelled orders are not moved by it. */
const FULFILMENT_STATES: ReadonlySet<OrderState> = new Set([
  "paid",
  "in_production",
  "partly_shipped",
  "shipped",
  "delivered",
  "on_hold",
  "fulfilment_failed",
  "returned",
]);

/**
 * The moves from `from` to `to` through fulfilment states only (the state machine's own pairs, shortest path):
 * a read-back that finds the provider two steps on walks both, so the timeline has each. Empty when `to` cannot
 * be reached (or is where the order is).
 */
export function fulfilmentPath(from: OrderState, to: OrderState): OrderState[] {
  if (from === to || !FULFILMENT_STATES.has(from) || !FULFILMENT_STATES.has(to)) return [];
  const previous = new Map<OrderState, OrderState>();
  const queue: OrderState[] = [from];
  while (queue.length > 0) {
    const state = queue.shift() as OrderState;
    for (const [a, b] of ORDER_TRANSITIONS) {
      if ((a as OrderState | null) !== state || !FULFILMENT_STATES.has(b) || previous.has(b) || b === from) continue;
      previous.set(b, state);
      if (b === to) {
        const path: OrderState[] = [to];
        let step = state;
        while (step !== from) {
          path.unshift(step);
          step = previous.get(step) as OrderState;
        }
        return path;
      }
      queue.push(b);
    }
  }
  return [];
}

/** Moves a locked order along `path`, each move with who and why (the trigger writes the timeline). */
export async function moveOrder(tx: Tx, orderId: string, path: OrderState[], actor: string, reason: string) {
  for (const state of path) {
    await tx.execute(sql`update orders set state = ${state}, state_changed_by = ${actor},
        state_change_reason = ${reason}, updated_at = now() where id = ${orderId}`);
  }
}

/** Puts a paid order and its fulfilment on hold with a reason, for the operators (issue 27, deliverable 3). */
export async function holdOrder(tx: Tx, orderId: string, reason: string, actor = "system:fulfilment") {
  const [order] = await rows<{ state: OrderState }>(tx, sql`select state from orders where id = ${orderId} for update`);
  if (!order) return;
  await tx.execute(sql`update order_fulfilments set status = 'on_hold', reason = ${reason}, updated_at = now()
    where order_id = ${orderId}`);
  await moveOrder(tx, orderId, fulfilmentPath(order.state, "on_hold"), actor, reason);
}

type ShipmentBefore = { id: string; provider_shipment_id: string; status: string };

/**
 * Applies what the provider says of an order (a read-back: never a webhook's body): the fulfilment record, the
 * parcels and their lines, the order's state (walked move by move), its delivery date, and the e-mails and
 * PayPal tracking each new parcel or delivery is owed, queued once each (dedupe keys). Idempotent: the same
 * answer applied twice changes nothing and queues nothing.
 */
export async function applyProviderOrder(options: {
  db: Database;
  orderId: string;
  provider: string;
  providerOrder: ProviderOrder;
  actor?: string;
}): Promise<{ state: OrderState; newShipments: number }> {
  const { db, orderId, provider, providerOrder } = options;
  const actor = options.actor ?? `system:${provider}`;
  return db.transaction(async (tx) => {
    // Locked in a statement of its own, then read (the reads then see what the previous holder wrote).
    await tx.execute(sql`select id from orders where id = ${orderId} for update`);
    const [order] = await rows<{ state: OrderState; payment_kind: string | null }>(
      tx,
      sql`select o.state, p.kind as payment_kind from orders o
        left join order_payments p on p.order_id = o.id and p.status in ('succeeded', 'refunded')
        where o.id = ${orderId} limit 1`,
    );
    if (!order) throw new Error(`order ${orderId} does not exist`);
    const status: FulfilmentStatus = providerOrder.status;
    await tx.execute(sql`insert into order_fulfilments (order_id, provider, status, submit_after, provider_order_id,
        reason, submitted_at, synced_at)
      values (${orderId}, ${provider}, ${status}, now(), ${providerOrder.providerOrderId}, ${providerOrder.reason}, now(), now())
      on conflict (order_id) do update set provider = excluded.provider, status = excluded.status,
        provider_order_id = excluded.provider_order_id, reason = excluded.reason,
        submitted_at = coalesce(order_fulfilments.submitted_at, now()), synced_at = now(), updated_at = now()`);

    const lines = await rows<{ id: number; uuid: string }>(
      tx,
      sql`select id, uuid::text as uuid from order_line_items where order_id = ${orderId}`,
    );
    const lineIdOf = new Map(lines.map((line) => [line.uuid, Number(line.id)]));
    const before = await rows<ShipmentBefore>(
      tx,
      sql`select id, provider_shipment_id, status from order_shipments where order_id = ${orderId}`,
    );
    const known = new Map(before.map((shipment) => [shipment.provider_shipment_id, shipment]));
    let newShipments = 0;
    for (const shipment of providerOrder.shipments) {
      const [saved] = await rows<{ id: string }>(
        tx,
        sql`insert into order_shipments (order_id, provider_shipment_id, carrier, tracking_number, tracking_url, status,
            shipped_at, delivered_at, estimated_delivery_at)
          values (${orderId}, ${shipment.providerShipmentId}, ${shipment.carrier}, ${shipment.trackingNumber},
            ${shipment.trackingUrl}, ${shipment.status}, ${shipment.shippedAt.toISOString()},
            ${shipment.deliveredAt?.toISOString() ?? null}, ${shipment.estimatedDeliveryAt?.toISOString() ?? null})
          on conflict (order_id, provider_shipment_id) do update set carrier = excluded.carrier,
            tracking_number = excluded.tracking_number, tracking_url = excluded.tracking_url, status = excluded.status,
            delivered_at = excluded.delivered_at, estimated_delivery_at = excluded.estimated_delivery_at,
            updated_at = now()
          returning id`,
      );
      if (!saved) continue;
      for (const item of shipment.items) {
        const lineId = lineIdOf.get(item.externalId);
        if (lineId === undefined || item.quantity <= 0) continue;
        await tx.execute(sql`insert into order_shipment_items (shipment_id, order_line_item_id, quantity)
          values (${saved.id}, ${lineId}, ${item.quantity})
          on conflict (shipment_id, order_line_item_id) do update set quantity = excluded.quantity`);
      }
      if (!known.has(shipment.providerShipmentId)) {
        newShipments++;
        await enqueueJob(
          tx,
          "send_fulfilment_email",
          { kind: "shipped", orderId, shipmentId: saved.id },
          { dedupeKey: `shipped:${saved.id}` },
        );
        if (order.payment_kind === "paypal") {
          await enqueueJob(tx, "add_paypal_tracking", { shipmentId: saved.id }, { dedupeKey: saved.id });
        }
      }
    }

    const target = ORDER_STATE_OF[providerOrder.status];
    const reason =
      providerOrder.reason ??
      `${provider === "local_print_shop" ? "the print shop" : provider}: ${providerOrder.status}`;
    const path = fulfilmentPath(order.state, target);
    await moveOrder(tx, orderId, path, actor, reason);
    const state = path.at(-1) ?? order.state;
    if (providerOrder.status === "delivered") {
      const delivered = providerOrder.shipments.flatMap((shipment) =>
        shipment.deliveredAt ? [shipment.deliveredAt] : [],
      );
      const at = delivered.length > 0 ? new Date(Math.max(...delivered.map((date) => date.getTime()))) : new Date();
      await tx.execute(sql`update orders set delivered_at = coalesce(delivered_at, ${at.toISOString()})
        where id = ${orderId}`);
      await enqueueJob(
        tx,
        "send_fulfilment_email",
        { kind: "delivered", orderId },
        { dedupeKey: `delivered:${orderId}` },
      );
    }
    return { state, newShipments };
  });
}
