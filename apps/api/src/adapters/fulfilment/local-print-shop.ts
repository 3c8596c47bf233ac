import { randomInt } from "node:crypto";
import type { ShippingServiceKey } from "@threadfolk/contract/shipping";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import type { Database } from "../../db/client.ts";
import type { PrintShopStatus } from "../../db/schema/fulfilment.ts";
import type {
  Carrier,
  FulfilmentOrderRequest,
  FulfilmentProvider,
  ProviderOrder,
  ProviderOrderStatus,
  ProviderShipment,
} from "./fulfilment.ts";
import { newTrackingNumber, trackingUrl } from "./print-shop/tracking-numbers.ts";

/**
 * The local print shop (issue 27, decision 069): an offline print provider that really does the job. It keeps
 * its books in the database (`print_shop_orders`, `print_shop_parcels`), accepts an order with its print files
 * once, checks each file (readable, the size and DPI it claims), and moves the order on its own clock: one
 * business day lasts `daySeconds`. Production takes 2-3 days from submission; each parcel then travels as long
 * as the order's shipping option says. A large order ships in two parcels, half a day apart. Every step is
 * reported through `notify` (the same read-back path a real provider's webhooks take); tests and operators can
 * hold an order, release it, lose a parcel in transit or have it returned.
 */

/** Transit business days per shipping option: its delivery estimate less 2-3 days of production. */
const TRANSIT_DAYS: Record<ShippingServiceKey, [number, number]> = {
  standard: [5, 9],
  expedited: [4, 5],
  express: [2, 3],
};

/** The carrier each option ships with. */
const CARRIER_OF: Record<ShippingServiceKey, Carrier> = { standard: "USPS", expedited: "UPS", express: "FedEx" };

/** From this many units, an order ships in two parcels. */
export const SPLIT_FROM_UNITS = 6;

/** When production starts after the order is received, and when parcels are packed before they ship (days). */
const START_AFTER_DAYS = 0.25;
const SECOND_PARCEL_AFTER_DAYS = 0.5;

export type LocalPrintShopOptions = {
  db: Database;
  /** Seconds one business day lasts (PRINT_SHOP_DAY_SECONDS). */
  daySeconds: number;
  /** Reads a print file or packing slip by the URL it was submitted with (our signed storage URLs). */
  readFile(url: string): Promise<Buffer>;
  /**
   * Tells the shop's customer (us) to read order `externalId` again, after a step; the caller enqueues the
   * read-back (in `tx` when given, so it commits with the step). Also asks to be woken at `wakeAt`.
   */
  notify(
    tx: Executor,
    event: { externalId: string; eventType: string; wakeAt: Date | null; printShopOrderId: string },
  ): Promise<void>;
  /** A whole number in [min, max] (tests pass a fixed one). */
  pick?(min: number, max: number): number;
};

export type LocalPrintShop = FulfilmentProvider & {
  /** Moves order `printShopOrderId` on as far as its clock says (the `advance_print_shop_order` job). */
  advance(printShopOrderId: string): Promise<{ status: PrintShopStatus; nextStepAt: Date | null } | undefined>;
  /** Holds an order (production or shipping stops) with a reason; `release` resumes it. */
  hold(externalId: string, reason: string): Promise<void>;
  release(externalId: string): Promise<void>;
  /** The carrier loses a parcel in transit (the first still travelling, or `sequence`): it never arrives. */
  loseParcel(externalId: string, sequence?: number): Promise<void>;
  /** A delivered or travelling parcel comes back to the shop (refused, undeliverable). */
  returnParcel(externalId: string, sequence?: number): Promise<void>;
};

type OrderRow = {
  id: string;
  external_id: string;
  request: FulfilmentOrderRequest;
  status: PrintShopStatus;
  reason: string | null;
  held_from: PrintShopStatus | null;
  production_days: number;
  transit_days: number;
  received_at: Date | string;
  next_step_at: Date | string | null;
  now: Date | string;
};

type ParcelRow = {
  id: string;
  sequence: number;
  carrier: Carrier;
  tracking_number: string;
  status: "packed" | "shipped" | "delivered" | "returned" | "lost";
  items: Array<{ externalId: string; quantity: number }>;
  ship_at: Date | string;
  shipped_at: Date | string | null;
  estimated_delivery_at: Date | string;
  delivered_at: Date | string | null;
  lost_at: Date | string | null;
  returned_at: Date | string | null;
};

/** The shop's database or transaction (the notification's jobs are queued in it). */
export type Executor = Pick<Database, "execute" | "insert">;

async function rows<Row>(db: Executor, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

const PROVIDER_STATUS: Record<PrintShopStatus, ProviderOrderStatus> = {
  received: "received",
  in_production: "in_production",
  packed: "in_production",
  partly_shipped: "partly_shipped",
  shipped: "shipped",
  delivered: "delivered",
  on_hold: "on_hold",
  failed: "failed",
  cancelled: "cancelled",
  returned: "returned",
};

/** Splits the order's units into the parcels they ship in: one, or two from SPLIT_FROM_UNITS units. */
export function splitIntoParcels(
  items: FulfilmentOrderRequest["items"],
): Array<Array<{ externalId: string; quantity: number }>> {
  const units = items.reduce((total, item) => total + item.quantity, 0);
  const all = items.map((item) => ({ externalId: item.externalId, quantity: item.quantity }));
  if (units < SPLIT_FROM_UNITS) return [all];
  // The first parcel takes whole lines until it holds about half the units; a single huge line is cut in two.
  const first: Array<{ externalId: string; quantity: number }> = [];
  const second: Array<{ externalId: string; quantity: number }> = [];
  let firstUnits = 0;
  for (const item of all) {
    const room = Math.ceil(units / 2) - firstUnits;
    if (room <= 0) second.push(item);
    else if (item.quantity <= room) {
      first.push(item);
      firstUnits += item.quantity;
    } else {
      first.push({ externalId: item.externalId, quantity: room });
      second.push({ externalId: item.externalId, quantity: item.quantity - room });
      firstUnits += room;
    }
  }
  return second.length > 0 ? [first, second] : [first];
}

export function createLocalPrintShop(options: LocalPrintShopOptions): LocalPrintShop {
  const { db, daySeconds, readFile, notify } = options;
  const pick = options.pick ?? ((min: number, max: number) => randomInt(min, max + 1));
  const days = (count: number) => count * daySeconds * 1000;

  async function loadOrder(tx: Executor, where: ReturnType<typeof sql>, lock = false) {
    const [order] = await rows<OrderRow>(
      tx,
      sql`select o.*, now() as now from print_shop_orders o where ${where} ${lock ? sql`for update` : sql``}`,
    );
    if (!order) return undefined;
    const parcels = await rows<ParcelRow>(
      tx,
      sql`select * from print_shop_parcels where print_shop_order_id = ${order.id} order by sequence`,
    );
    return { order, parcels };
  }

  function present(order: OrderRow, parcels: ParcelRow[]): ProviderOrder {
    const shipments: ProviderShipment[] = parcels
      .filter((parcel) => parcel.shipped_at !== null)
      .map((parcel) => ({
        providerShipmentId: `${order.id}:${parcel.sequence}`,
        carrier: parcel.carrier,
        trackingNumber: parcel.tracking_number,
        trackingUrl: trackingUrl(parcel.carrier, parcel.tracking_number),
        status: parcel.status === "packed" ? "shipped" : parcel.status,
        shippedAt: asDate(parcel.shipped_at ?? parcel.ship_at),
        deliveredAt: parcel.delivered_at ? asDate(parcel.delivered_at) : null,
        estimatedDeliveryAt: asDate(parcel.estimated_delivery_at),
        items: parcel.items,
      }));
    return {
      providerOrderId: order.id,
      externalId: order.external_id,
      status: PROVIDER_STATUS[order.status],
      reason: order.reason,
      shipments,
    };
  }

  /** Checks a submitted file: readable to the last pixel, and the size and DPI it claims. */
  async function checkFile(item: FulfilmentOrderRequest["items"][number]): Promise<string | undefined> {
    try {
      const bytes = await readFile(item.printFile.url);
      const image = sharp(bytes, { limitInputPixels: 40_000_000 });
      const metadata = await image.metadata();
      if (metadata.width !== item.printFile.widthPx || metadata.height !== item.printFile.heightPx) {
        return `the print file of '${item.name}' is ${metadata.width} x ${metadata.height} px, not ${item.printFile.widthPx} x ${item.printFile.heightPx}`;
      }
      if (metadata.density !== undefined && Math.round(metadata.density) !== item.printFile.dpi) {
        return `the print file of '${item.name}' is ${Math.round(metadata.density)} DPI, not ${item.printFile.dpi}`;
      }
      // Decoded to the end (off the event loop, in sharp's threads): a truncated or corrupt file fails here.
      await image.resize(32).raw().toBuffer();
      return undefined;
    } catch {
      return `the print file of '${item.name}' could not be read`;
    }
  }

  /** The step after `order`'s state at `now`, applied in `tx`; false when nothing is due. */
  async function step(tx: Executor, order: OrderRow, parcels: ParcelRow[]): Promise<boolean> {
    const now = asDate(order.now).getTime();
    const received = asDate(order.received_at).getTime();
    if (order.status === "received" && received + days(START_AFTER_DAYS) <= now) {
      await tx.execute(
        sql`update print_shop_orders set status = 'in_production', updated_at = now() where id = ${order.id}`,
      );
      order.status = "in_production";
      return true;
    }
    if (order.status === "in_production" && received + days(order.production_days - START_AFTER_DAYS) <= now) {
      // Packed: the parcels get their carrier, tracking number, shipping time and the carrier's estimate.
      const service = order.request.shippingService;
      const carrier = CARRIER_OF[service] ?? "USPS";
      const groups = splitIntoParcels(order.request.items);
      for (const [index, items] of groups.entries()) {
        const shipAt = received + days(order.production_days + index * SECOND_PARCEL_AFTER_DAYS);
        const estimated = shipAt + days(order.transit_days);
        await tx.execute(sql`insert into print_shop_parcels (print_shop_order_id, sequence, carrier, tracking_number,
            status, items, ship_at, estimated_delivery_at)
          values (${order.id}, ${index + 1}, ${carrier}, ${newTrackingNumber(carrier)}, 'packed',
            ${JSON.stringify(items)}::jsonb, ${new Date(shipAt).toISOString()}, ${new Date(estimated).toISOString()})
          on conflict (print_shop_order_id, sequence) do nothing`);
      }
      await tx.execute(sql`update print_shop_orders set status = 'packed', updated_at = now() where id = ${order.id}`);
      order.status = "packed";
      return true;
    }
    if (!["packed", "partly_shipped", "shipped"].includes(order.status)) return false;
    let moved = false;
    for (const parcel of parcels) {
      if (parcel.status === "packed" && asDate(parcel.ship_at).getTime() <= now) {
        await tx.execute(
          sql`update print_shop_parcels set status = 'shipped', shipped_at = ship_at where id = ${parcel.id}`,
        );
        parcel.status = "shipped";
        parcel.shipped_at = parcel.ship_at;
        moved = true;
      } else if (parcel.status === "shipped" && asDate(parcel.estimated_delivery_at).getTime() <= now) {
        await tx.execute(sql`update print_shop_parcels set status = 'delivered', delivered_at = estimated_delivery_at
          where id = ${parcel.id}`);
        parcel.status = "delivered";
        parcel.delivered_at = parcel.estimated_delivery_at;
        moved = true;
      }
    }
    const status = orderStatusOf(parcels);
    if (status !== order.status) {
      await tx.execute(sql`update print_shop_orders set status = ${status}, updated_at = now() where id = ${order.id}`);
      order.status = status;
      moved = true;
    }
    return moved;
  }

  /** An order's status from its parcels: delivered when every parcel that can arrive has. */
  function orderStatusOf(parcels: ParcelRow[]): PrintShopStatus {
    const shipped = parcels.filter((parcel) => parcel.status !== "packed");
    if (parcels.some((parcel) => parcel.status === "returned")) return "returned";
    if (shipped.length === 0) return "packed";
    if (shipped.length < parcels.length) return "partly_shipped";
    const arriving = parcels.filter((parcel) => parcel.status !== "lost");
    if (arriving.length > 0 && arriving.every((parcel) => parcel.status === "delivered")) return "delivered";
    return "shipped";
  }

  /** When the clock next moves the order, or null when nothing more will happen by itself. */
  function nextStepAt(order: OrderRow, parcels: ParcelRow[]): Date | null {
    const received = asDate(order.received_at).getTime();
    if (order.status === "received") return new Date(received + days(START_AFTER_DAYS));
    if (order.status === "in_production") return new Date(received + days(order.production_days - START_AFTER_DAYS));
    if (!["packed", "partly_shipped", "shipped"].includes(order.status)) return null;
    const times = parcels.flatMap((parcel) =>
      parcel.status === "packed"
        ? [asDate(parcel.ship_at).getTime()]
        : parcel.status === "shipped"
          ? [asDate(parcel.estimated_delivery_at).getTime()]
          : [],
    );
    return times.length > 0 ? new Date(Math.min(...times)) : null;
  }

  /** Records where the order stands and tells the customer (once per change, with when to wake the shop). */
  async function settle(tx: Executor, order: OrderRow, parcels: ParcelRow[], eventType: string) {
    const wakeAt = nextStepAt(order, parcels);
    await tx.execute(sql`update print_shop_orders set next_step_at = ${wakeAt?.toISOString() ?? null}
      where id = ${order.id}`);
    await notify(tx, { externalId: order.external_id, eventType, wakeAt, printShopOrderId: order.id });
    return wakeAt;
  }

  async function changeOrder(
    externalId: string,
    change: (tx: Executor, order: OrderRow, parcels: ParcelRow[]) => Promise<string | undefined>,
  ): Promise<void> {
    await db.transaction(async (tx) => {
      const found = await loadOrder(tx, sql`o.external_id = ${externalId}`, true);
      if (!found) throw new Error(`The print shop has no order ${externalId}`);
      const eventType = await change(tx, found.order, found.parcels);
      if (!eventType) return;
      const reloaded = await loadOrder(tx, sql`o.id = ${found.order.id}`);
      if (reloaded) await settle(tx, reloaded.order, reloaded.parcels, eventType);
    });
  }

  function pickParcel(parcels: ParcelRow[], sequence: number | undefined, statuses: ParcelRow["status"][]) {
    return parcels.find((parcel) =>
      sequence === undefined ? statuses.includes(parcel.status) : parcel.sequence === sequence,
    );
  }

  return {
    name: "local_print_shop",

    async submitOrder(request) {
      const existing = await this.findOrder(request.externalId);
      if (existing) return existing;
      const problems = (await Promise.all(request.items.map((item) => checkFile(item)))).filter(
        (problem): problem is string => problem !== undefined,
      );
      const [minTransit, maxTransit] = TRANSIT_DAYS[request.shippingService] ?? TRANSIT_DAYS.standard;
      const status: PrintShopStatus = problems.length > 0 ? "failed" : "received";
      const reason = problems.length > 0 ? `Rejected: ${problems.join("; ")}` : null;
      await db.transaction(async (tx) => {
        // At most one order per external id, whatever races: a second submission finds the first.
        const [inserted] = await rows<{ id: string }>(
          tx,
          sql`insert into print_shop_orders (external_id, request, status, reason, production_days, transit_days,
              received_at)
            values (${request.externalId}, ${JSON.stringify(request)}::jsonb, ${status}, ${reason},
              ${pick(2, 3)}, ${pick(minTransit, maxTransit)}, now())
            on conflict (external_id) do nothing returning id`,
        );
        if (!inserted) return;
        const found = await loadOrder(tx, sql`o.id = ${inserted.id}`);
        if (found)
          await settle(tx, found.order, found.parcels, status === "failed" ? "order_failed" : "order_received");
      });
      const order = await this.findOrder(request.externalId);
      if (!order) throw new Error(`The print shop lost order ${request.externalId}`);
      return order;
    },

    async findOrder(externalId) {
      const found = await loadOrder(db, sql`o.external_id = ${externalId}`);
      return found ? present(found.order, found.parcels) : null;
    },

    async verifyNotification() {
      // The local print shop tells us in the process (notify); nothing reaches it over HTTP.
      return null;
    },

    async advance(printShopOrderId) {
      return db.transaction(async (tx) => {
        const found = await loadOrder(tx, sql`o.id = ${printShopOrderId}`, true);
        if (!found) return undefined;
        const { order } = found;
        let { parcels } = found;
        let moved = false;
        // Several steps may be due at once (a slow worker, a fast clock): each is applied in turn, the parcels
        // read again after each (packing makes them).
        for (let guard = 0; guard < 10 && (await step(tx, order, parcels)); guard++) {
          moved = true;
          parcels = (await loadOrder(tx, sql`o.id = ${order.id}`))?.parcels ?? parcels;
        }
        if (!moved) return { status: order.status, nextStepAt: order.next_step_at ? asDate(order.next_step_at) : null };
        const wakeAt = await settle(tx, order, parcels, `order_${order.status}`);
        return { status: order.status, nextStepAt: wakeAt };
      });
    },

    async hold(externalId, reason) {
      await changeOrder(externalId, async (tx, order) => {
        if (["on_hold", "delivered", "failed", "cancelled", "returned"].includes(order.status)) return undefined;
        await tx.execute(sql`update print_shop_orders set held_from = status, status = 'on_hold', reason = ${reason},
            updated_at = now() where id = ${order.id}`);
        return "order_put_hold";
      });
    },

    async release(externalId) {
      await changeOrder(externalId, async (tx, order) => {
        if (order.status !== "on_hold") return undefined;
        // The clock resumes where it stopped: the time held is added to every date still ahead.
        const held = sql`(now() - o.updated_at)`;
        await tx.execute(sql`update print_shop_parcels p set
            ship_at = case when p.status = 'packed' then p.ship_at + ${held} else p.ship_at end,
            estimated_delivery_at = case when p.status in ('packed', 'shipped') then p.estimated_delivery_at + ${held}
              else p.estimated_delivery_at end
          from print_shop_orders o where o.id = p.print_shop_order_id and o.id = ${order.id}`);
        await tx.execute(sql`update print_shop_orders o set status = coalesce(held_from, 'received'), held_from = null,
            reason = null, received_at = received_at + ${held}, updated_at = now() where id = ${order.id}`);
        return "order_remove_hold";
      });
    },

    async loseParcel(externalId, sequence) {
      await changeOrder(externalId, async (tx, order, parcels) => {
        const parcel = pickParcel(parcels, sequence, ["shipped"]);
        if (parcel?.status !== "shipped") return undefined;
        await tx.execute(sql`update print_shop_parcels set status = 'lost', lost_at = now() where id = ${parcel.id}`);
        parcel.status = "lost";
        const status = orderStatusOf(parcels);
        await tx.execute(
          sql`update print_shop_orders set status = ${status}, updated_at = now() where id = ${order.id}`,
        );
        return "shipment_lost";
      });
    },

    async returnParcel(externalId, sequence) {
      await changeOrder(externalId, async (tx, order, parcels) => {
        const parcel = pickParcel(parcels, sequence, ["shipped", "delivered"]);
        if (!parcel || !["shipped", "delivered"].includes(parcel.status)) return undefined;
        await tx.execute(sql`update print_shop_parcels set status = 'returned', returned_at = now(), delivered_at = null
          where id = ${parcel.id}`);
        await tx.execute(
          sql`update print_shop_orders set status = 'returned', updated_at = now() where id = ${order.id}`,
        );
        return "shipment_returned";
      });
    },
  };
}
