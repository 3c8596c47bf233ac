import { sql } from "drizzle-orm";
import type { Carrier } from "../adapters/fulfilment/fulfilment.ts";
import { newTrackingNumber } from "../adapters/fulfilment/print-shop/tracking-numbers.ts";
import type { AppContext } from "../context.ts";
import { applyProviderOrder } from "../modules/fulfilment/apply-provider-order.ts";

/**
 * The demo sales' life after payment (issue 27, deliverable 9): the local print shop's books get each seeded order
 * as it would have them by now (received, printed, shipped in one or two parcels, delivered, one returned, recent
 * ones still in production or travelling), and our side reads them back the usual way (applyProviderOrder), so
 * the Orders tab, Sales and the ledger show orders in every state. The timeline is then dated like the order.
 * The newest orders are left to the live print shop: they are printed and shipped while the visitor watches.
 */

export type DemoFulfilment = "delivered" | "delivered_two_parcels" | "returned" | "shipped" | "in_production" | "live";

const DAY_MS = 86_400_000;

/** Where an order paid `daysAgo` days ago stands now (the newest go through the live print shop). */
export function demoFulfilmentOf(daysAgo: number, index: number): DemoFulfilment {
  if (daysAgo <= 1) return "live";
  if (daysAgo <= 3) return "in_production";
  if (daysAgo <= 7) return "shipped";
  if (index % 5 === 3) return "returned";
  return index % 3 === 0 ? "delivered_two_parcels" : "delivered";
}

type SeededOrder = {
  order_number: string;
  paid_at: Date | string;
  selected_shipping_service_key: string | null;
  lines: Array<{ uuid: string; quantity: number }>;
};

const CARRIERS: Record<string, Carrier> = { standard: "USPS", expedited: "UPS", express: "FedEx" };

export async function seedDemoFulfilment(context: AppContext, orderId: string, daysAgo: number, index: number) {
  const { db } = context;
  const kind = demoFulfilmentOf(daysAgo, index);
  if (kind === "live") return;
  const result = (await db.execute(sql`select o.order_number, o.paid_at, o.selected_shipping_service_key,
      (select json_agg(json_build_object('uuid', l.uuid, 'quantity', l.quantity) order by l.id)
        from order_line_items l where l.order_id = o.id) as lines
    from orders o where o.id = ${orderId}`)) as unknown as { rows: SeededOrder[] };
  const [order] = result.rows;
  if (!order) throw new Error(`demo fulfilment: order ${orderId} not found`);
  const paid = new Date(order.paid_at).getTime();
  const at = (days: number) => new Date(paid + days * DAY_MS).toISOString();
  const carrier = CARRIERS[order.selected_shipping_service_key ?? "standard"] ?? "USPS";
  const status = kind === "delivered_two_parcels" ? "delivered" : kind;
  const items = order.lines.map((line) => ({ externalId: line.uuid, quantity: Number(line.quantity) }));
  const [shopOrder] = (
    (await db.execute(sql`insert into print_shop_orders (external_id, request, status, production_days, transit_days,
        received_at, created_at, updated_at)
      values (${order.order_number}, ${JSON.stringify({ externalId: order.order_number, items, seeded: true })}::jsonb,
        ${status}, 2, 4, ${at(0.1)}, ${at(0.1)}, now())
      returning id`)) as unknown as { rows: Array<{ id: string }> }
  ).rows;
  if (!shopOrder) throw new Error("demo fulfilment: print shop order not made");
  if (kind !== "in_production") {
    // Two parcels: the first line alone, then the rest (or one unit of a single line, then the others).
    const groups =
      kind === "delivered_two_parcels" && items.length > 1
        ? [items.slice(0, 1), items.slice(1)]
        : kind === "delivered_two_parcels" && (items[0]?.quantity ?? 0) > 1
          ? [[{ ...items[0], quantity: 1 }], [{ ...items[0], quantity: (items[0]?.quantity ?? 2) - 1 }]]
          : [items];
    for (const [sequence, group] of groups.entries()) {
      const shipped = 2.5 + sequence * 0.5;
      const delivered = kind === "shipped" ? null : shipped + 4;
      const parcelStatus = kind === "shipped" ? "shipped" : kind === "returned" ? "returned" : "delivered";
      await db.execute(sql`insert into print_shop_parcels (print_shop_order_id, sequence, carrier, tracking_number,
          status, items, ship_at, shipped_at, estimated_delivery_at, delivered_at, returned_at)
        values (${shopOrder.id}, ${sequence + 1}, ${carrier}, ${newTrackingNumber(carrier)}, ${parcelStatus},
          ${JSON.stringify(group)}::jsonb, ${at(shipped)}, ${at(shipped)}, ${at(shipped + 4)},
          ${delivered === null || kind === "returned" ? null : at(delivered)},
          ${kind === "returned" ? at(shipped + 4) : null})`);
    }
  }
  const providerOrder = await context.fulfilment.printShop.findOrder(order.order_number);
  if (!providerOrder) throw new Error("demo fulfilment: the print shop lost the order");
  await db.execute(sql`insert into order_fulfilments (order_id, provider, status, submit_after, submitted_at)
    values (${orderId}, 'local_print_shop', 'submitted', ${at(0.05)}, ${at(0.1)}) on conflict (order_id) do nothing`);
  await applyProviderOrder({ db, orderId, provider: "local_print_shop", providerOrder, actor: "system:demo-seed" });
  // The timeline dated as it happened: production the next day, shipping after 2.5 days, delivery 4 days later.
  const when: Record<string, number> = {
    in_production: 0.5,
    partly_shipped: 2.5,
    shipped: 3,
    delivered: 7.5,
    returned: 7.5,
  };
  for (const [state, days] of Object.entries(when)) {
    await db.execute(sql`update order_state_changes set created_at = ${at(days)}
      where order_id = ${orderId} and state = ${state}`);
  }
  if (status === "delivered") {
    await db.execute(sql`update orders set delivered_at = ${at(7.5)} where id = ${orderId}`);
  }
  await db.execute(
    sql`update order_fulfilments set synced_at = now(), submitted_at = ${at(0.1)} where order_id = ${orderId}`,
  );
  // Orders still printing or travelling go on from here on the print shop's clock (the reconciliation wakes them).
  const day = context.config.PRINT_SHOP_DAY_SECONDS;
  if (kind === "in_production") {
    await db.execute(sql`update print_shop_orders set received_at = now() - make_interval(secs => ${day}),
        next_step_at = now() + make_interval(secs => ${day}) where id = ${shopOrder.id}`);
  } else if (kind === "shipped") {
    await db.execute(sql`update print_shop_parcels set estimated_delivery_at = now() + make_interval(secs => ${2 * day})
      where print_shop_order_id = ${shopOrder.id}`);
    await db.execute(sql`update print_shop_orders set next_step_at = now() + make_interval(secs => ${2 * day})
      where id = ${shopOrder.id}`);
  }
}
