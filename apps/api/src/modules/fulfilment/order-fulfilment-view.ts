import {
  CANCELLATION_MESSAGES,
  type OrderCancellation,
  type OrderShipment,
  type PlacedOrderState,
} from "@threadfolk/contract/orders";
import { SHIPPING_OPTIONS } from "@threadfolk/contract/shipping";
import { sql } from "drizzle-orm";
import type { FulfilmentStatus } from "../../db/schema/fulfilment.ts";
import type { Executor } from "../cart/queries.ts";

/** What an order page shows of the order's fulfilment (issue 27). */
export type OrderFulfilmentView = {
  /** The order's fulfilment record (absent until the start job made it). */
  fulfilment: { status: FulfilmentStatus; submitAfter: Date; reason: string | null } | undefined;
  shipments: Array<{
    carrier: string;
    trackingNumber: string;
    trackingUrl: string;
    status: OrderShipment["status"];
    shippedAt: Date;
    deliveredAt: Date | null;
    estimatedDeliveryAt: Date | null;
    lineItemIds: number[];
  }>;
};

type ShipmentRow = {
  carrier: string;
  tracking_number: string;
  tracking_url: string;
  status: OrderShipment["status"];
  shipped_at: Date | string;
  delivered_at: Date | string | null;
  estimated_delivery_at: Date | string | null;
  line_item_ids: number[] | null;
  fulfilment_status: FulfilmentStatus | null;
  submit_after: Date | string | null;
  reason: string | null;
};

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * The fulfilment record and parcels of an order, in one statement (a left join keeps the fulfilment when there
 * is no parcel yet). Orders not yet paid have neither: callers skip the read for them.
 */
export async function findOrderFulfilment(db: Executor, orderId: string): Promise<OrderFulfilmentView> {
  const result = (await db.execute(sql`
    select s.carrier, s.tracking_number, s.tracking_url, s.status, s.shipped_at, s.delivered_at,
      s.estimated_delivery_at,
      (select array_agg(i.order_line_item_id order by i.order_line_item_id) from order_shipment_items i
        where i.shipment_id = s.id) as line_item_ids,
      f.status as fulfilment_status, f.submit_after, f.reason
    from (select ${orderId}::uuid as order_id) o
    left join order_fulfilments f on f.order_id = o.order_id
    left join order_shipments s on s.order_id = o.order_id
    order by s.shipped_at nulls last, s.provider_shipment_id`)) as unknown as { rows: ShipmentRow[] };
  const [first] = result.rows;
  return {
    fulfilment:
      first?.fulfilment_status && first.submit_after
        ? { status: first.fulfilment_status, submitAfter: asDate(first.submit_after), reason: first.reason }
        : undefined,
    shipments: result.rows
      .filter((row) => row.carrier !== null)
      .map((row) => ({
        carrier: row.carrier,
        trackingNumber: row.tracking_number,
        trackingUrl: row.tracking_url,
        status: row.status,
        shippedAt: asDate(row.shipped_at),
        deliveredAt: row.delivered_at ? asDate(row.delivered_at) : null,
        estimatedDeliveryAt: row.estimated_delivery_at ? asDate(row.estimated_delivery_at) : null,
        lineItemIds: (row.line_item_ids ?? []).map(Number),
      })),
  };
}

/**
 * Whether the shopper can still cancel (issue 27, deliverable 7): only a paid order whose cancellation window
 * is open and which has not been sent to the print provider. Otherwise, why not.
 */
export function describeCancellation(options: {
  state: PlacedOrderState;
  paidAt: Date | null;
  fulfilment: OrderFulfilmentView["fulfilment"];
  cancelWindowSeconds: number;
  now?: Date;
}): OrderCancellation {
  const { state, paidAt, fulfilment, cancelWindowSeconds } = options;
  const now = options.now ?? new Date();
  const no = (reason: string): OrderCancellation => ({ cancellable: false, until: null, reason });
  if (state === "cancelled")
    return no(paidAt ? CANCELLATION_MESSAGES.cancelled : CANCELLATION_MESSAGES.alreadyCancelled);
  if (state === "refunded" || state === "partly_refunded") return no(CANCELLATION_MESSAGES.refunded);
  if (!paidAt || state === "payment_pending" || state === "failed") return no(CANCELLATION_MESSAGES.notPaid);
  if (["partly_shipped", "shipped", "delivered", "returned"].includes(state)) return no(CANCELLATION_MESSAGES.shipped);
  if (state !== "paid") return no(CANCELLATION_MESSAGES.inProduction);
  const until = fulfilment?.submitAfter ?? new Date(paidAt.getTime() + cancelWindowSeconds * 1000);
  if (fulfilment && fulfilment.status !== "waiting") return no(CANCELLATION_MESSAGES.inProduction);
  if (until.getTime() <= now.getTime()) return no(CANCELLATION_MESSAGES.inProduction);
  return { cancellable: true, until: until.toISOString(), reason: null };
}

/** `date` plus `days` business days (Monday to Friday), as carriers count. */
export function addBusinessDays(date: Date, days: number): Date {
  const result = new Date(date.getTime());
  let left = Math.ceil(days);
  while (left > 0) {
    result.setUTCDate(result.getUTCDate() + 1);
    const weekday = result.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return result;
}

/** The latest business day of a shipping option's estimate ('7-12 business days' -> 12). */
export function estimateBusinessDays(shippingServiceKey: string | null): number | null {
  const option = SHIPPING_OPTIONS.find((candidate) => candidate.key === shippingServiceKey);
  const match = option?.deliveryEstimate.match(/(\d+)\s*-\s*(\d+)/);
  return match ? Number(match[2]) : null;
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The day the order is expected (YYYY-MM-DD): when every parcel has arrived, the last delivery; once a parcel
 * is on its way, the latest carrier estimate of those still travelling; before that, the end of the shipping
 * option's estimate counted from when the order goes to production. Null before payment and once cancelled.
 */
export function estimateDeliveryDate(options: {
  state: PlacedOrderState;
  paidAt: Date | null;
  shippingServiceKey: string | null;
  view: OrderFulfilmentView;
  cancelWindowSeconds: number;
}): string | null {
  const { state, paidAt, view } = options;
  if (!paidAt || state === "cancelled" || state === "refunded" || state === "fulfilment_failed") return null;
  const travelling = view.shipments.filter((shipment) => shipment.status === "shipped");
  const estimates = travelling.flatMap((shipment) =>
    shipment.estimatedDeliveryAt ? [shipment.estimatedDeliveryAt] : [],
  );
  if (estimates.length > 0) return dayOf(new Date(Math.max(...estimates.map((date) => date.getTime()))));
  const delivered = view.shipments.flatMap((shipment) => (shipment.deliveredAt ? [shipment.deliveredAt] : []));
  if (view.shipments.length > 0 && travelling.length === 0 && delivered.length > 0) {
    return dayOf(new Date(Math.max(...delivered.map((date) => date.getTime()))));
  }
  const days = estimateBusinessDays(options.shippingServiceKey);
  if (days === null) return null;
  const start = view.fulfilment?.submitAfter ?? new Date(paidAt.getTime() + options.cancelWindowSeconds * 1000);
  return dayOf(addBusinessDays(start, days));
}

/** The parcels as the order reply carries them. */
export function presentShipments(view: OrderFulfilmentView): OrderShipment[] {
  return view.shipments.map((shipment) => ({
    carrier: shipment.carrier,
    trackingNumber: shipment.trackingNumber,
    trackingUrl: shipment.trackingUrl,
    status: shipment.status,
    shippedAt: shipment.shippedAt.toISOString(),
    deliveredAt: shipment.deliveredAt?.toISOString() ?? null,
    estimatedDeliveryDate: shipment.estimatedDeliveryAt ? dayOf(shipment.estimatedDeliveryAt) : null,
    lineItemIds: shipment.lineItemIds,
  }));
}
