import type { OrderShipmentStatus } from "@threadfolk/contract/orders";
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { orderLineItems, orders } from "./cart.ts";

/**
 * Fulfilment (issue 27, decision 069): what happens to a paid order after 'Thank you for your order'.
 *
 * `order_fulfilments`: one row per paid order, made when it is paid. `waiting` through the cancellation window;
 * `submitting` from the moment the submission job has decided to send it (committed BEFORE the provider is
 * asked: a crash then leaves a row the reconciliation reads back from the provider by external id, never a
 * second provider order and never none); `submitted` once the provider answered; then the provider's status as
 * last read back. `cancelled` when the shopper cancelled it in the window.
 */
export const FULFILMENT_STATUSES = [
  "waiting",
  "submitting",
  "submitted",
  "received",
  "in_production",
  "partly_shipped",
  "shipped",
  "delivered",
  "on_hold",
  "failed",
  "cancelled",
  "returned",
] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];
const FULFILMENT_STATUS_LIST = sql.raw(FULFILMENT_STATUSES.map((status) => `'${status}'`).join(", "));

export const orderFulfilments = pgTable(
  "order_fulfilments",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** `local_print_shop` or `printful`: the provider the order went to (null until it is submitted). */
    provider: text("provider"),
    status: text("status").$type<FulfilmentStatus>().notNull(),
    /** When the cancellation window closes and the order goes to the provider. */
    submitAfter: timestamp("submit_after", { withTimezone: true }).notNull(),
    /**
     * Which submission this is: 1, then one more each time an operator sends the order again after the provider
     * failed or cancelled it (issue 28). The provider's external id is the order number, then `{number}-{n}`.
     */
    submission: integer("submission").notNull().default(1),
    /** Submission attempts that failed (provider errors, timeouts): the backoff counts them. */
    attempts: integer("attempts").notNull().default(0),
    providerOrderId: text("provider_order_id"),
    /** Why it is on hold, failed or cancelled (the provider's words or ours), else null. */
    reason: text("reason"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    /** When the provider's order was last read back. */
    syncedAt: timestamp("synced_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("order_fulfilments_status_check", sql`${table.status} in (${FULFILMENT_STATUS_LIST})`),
    check(
      "order_fulfilments_provider_check",
      sql`${table.provider} is null or ${table.provider} in ('local_print_shop', 'printful')`,
    ),
    // The reconciliation's and the dashboard's scans: what is not finished yet.
    index("order_fulfilments_open_idx")
      .on(table.status, table.submitAfter)
      .where(sql`${table.status} not in ('delivered', 'cancelled', 'returned')`),
  ],
);

/** One parcel of an order as the provider reported it (upserted by its provider id on every read-back). */
export const orderShipments = pgTable(
  "order_shipments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    providerShipmentId: text("provider_shipment_id").notNull(),
    carrier: text("carrier").notNull(),
    trackingNumber: text("tracking_number").notNull(),
    trackingUrl: text("tracking_url").notNull(),
    status: text("status").$type<OrderShipmentStatus>().notNull(),
    shippedAt: timestamp("shipped_at", { withTimezone: true }).notNull(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    estimatedDeliveryAt: timestamp("estimated_delivery_at", { withTimezone: true }),
    /** When the carrier and tracking number were added to the order's PayPal capture (PayPal orders only). */
    paypalTrackingAddedAt: timestamp("paypal_tracking_added_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("order_shipments_provider_key").on(table.orderId, table.providerShipmentId),
    check("order_shipments_status_check", sql`${table.status} in ('shipped', 'delivered', 'returned', 'lost')`),
  ],
);

/** Which lines (and how many of each) a parcel carries. */
export const orderShipmentItems = pgTable(
  "order_shipment_items",
  {
    shipmentId: uuid("shipment_id")
      .notNull()
      .references(() => orderShipments.id, { onDelete: "cascade" }),
    orderLineItemId: integer("order_line_item_id")
      .notNull()
      .references(() => orderLineItems.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.shipmentId, table.orderLineItemId] }),
    index("order_shipment_items_line_idx").on(table.orderLineItemId),
    check("order_shipment_items_quantity_check", sql`${table.quantity} > 0`),
  ],
);

/**
 * The local print shop's own books (decision 069): what a print provider keeps on its side, in the database so
 * it survives restarts and every instance serves it. Keyed by our order number (the external id), at most one
 * order per external id, as a real provider does.
 */
export const PRINT_SHOP_STATUSES = [
  "received",
  "in_production",
  "packed",
  "partly_shipped",
  "shipped",
  "delivered",
  "on_hold",
  "failed",
  "cancelled",
  "returned",
] as const;
export type PrintShopStatus = (typeof PRINT_SHOP_STATUSES)[number];
const PRINT_SHOP_STATUS_LIST = sql.raw(PRINT_SHOP_STATUSES.map((status) => `'${status}'`).join(", "));

export const printShopOrders = pgTable(
  "print_shop_orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    externalId: text("external_id").notNull(),
    /** The order as submitted (recipient, items with their print files, shipping service). */
    request: jsonb("request").$type<Record<string, unknown>>().notNull(),
    status: text("status").$type<PrintShopStatus>().notNull(),
    /** Why it is on hold, failed or cancelled. */
    reason: text("reason"),
    /** What the status was before a hold (the hold's release goes back there). */
    heldFrom: text("held_from").$type<PrintShopStatus>(),
    /** Business days production takes (2 or 3) and transit takes for this order's shipping service. */
    productionDays: real("production_days").notNull(),
    transitDays: real("transit_days").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    /** When the clock moves the order (or its next parcel) on; null when nothing is due (finished, held). */
    nextStepAt: timestamp("next_step_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("print_shop_orders_external_id_key").on(table.externalId),
    check("print_shop_orders_status_check", sql`${table.status} in (${PRINT_SHOP_STATUS_LIST})`),
    index("print_shop_orders_next_step_idx").on(table.nextStepAt).where(sql`${table.nextStepAt} is not null`),
  ],
);

export const printShopParcels = pgTable(
  "print_shop_parcels",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    printShopOrderId: uuid("print_shop_order_id")
      .notNull()
      .references(() => printShopOrders.id, { onDelete: "cascade" }),
    /** 1, 2 …: the parcels of an order in shipping order. */
    sequence: integer("sequence").notNull(),
    carrier: text("carrier").notNull(),
    trackingNumber: text("tracking_number").notNull(),
    status: text("status").$type<"packed" | "shipped" | "delivered" | "returned" | "lost">().notNull(),
    /** Our line uuids with their quantities. */
    items: jsonb("items").$type<Array<{ externalId: string; quantity: number }>>().notNull(),
    shipAt: timestamp("ship_at", { withTimezone: true }).notNull(),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    estimatedDeliveryAt: timestamp("estimated_delivery_at", { withTimezone: true }).notNull(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /** A test or an operator lost it in transit: it never arrives. */
    lostAt: timestamp("lost_at", { withTimezone: true }),
    returnedAt: timestamp("returned_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("print_shop_parcels_order_sequence_key").on(table.printShopOrderId, table.sequence),
    uniqueIndex("print_shop_parcels_tracking_key").on(table.trackingNumber),
    check(
      "print_shop_parcels_status_check",
      sql`${table.status} in ('packed', 'shipped', 'delivered', 'returned', 'lost')`,
    ),
  ],
);
