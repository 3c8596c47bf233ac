import { SHIPPING_SERVICE_KEYS } from "@threadfolk/contract/shipping";
import { STATE_ABBREVIATIONS } from "@threadfolk/contract/states";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { orders } from "./cart.ts";

const SHIPPING_KEY_LIST = sql.raw(SHIPPING_SERVICE_KEYS.map((key) => `'${key}'`).join(", "));
const STATE_LIST = sql.raw(STATE_ABBREVIATIONS.map((state) => `'${state}'`).join(", "));

export const ADDRESS_KINDS = ["shipping", "billing"] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];

/**
 * The shipping and billing address of an order (issue 12; spec section 3): at most one of each per order.
 * A cart's addresses are replaced by the checkout; a placed order keeps the ones it was paid with. Billing
 * is a stored copy of shipping when the shopper said they are the same (`orders.billing_same_as_shipping`).
 */
export const orderAddresses = pgTable(
  "order_addresses",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind").$type<AddressKind>().notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    address1: text("address1").notNull(),
    address2: text("address2").notNull().default(""),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zip: text("zip").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One address of each kind per order; saving again updates it (INSERT … ON CONFLICT on this index).
    uniqueIndex("order_addresses_order_kind_key").on(table.orderId, table.kind),
    // Operators find orders by the ship-to name's beginning (issue 28): pattern indexes, any collation.
    index("order_addresses_first_name_search_idx").on(sql`lower(${table.firstName}) text_pattern_ops`),
    index("order_addresses_last_name_search_idx").on(sql`lower(${table.lastName}) text_pattern_ops`),
    check("order_addresses_kind_check", sql`${table.kind} in ('shipping', 'billing')`),
    check("order_addresses_state_check", sql`${table.state} in (${STATE_LIST})`),
    check("order_addresses_zip_check", sql`${table.zip} ~ '^[0-9]{5}(-[0-9]{4})?$'`),
  ],
);

/**
 * What each shipping option costs (spec section 9: "prices come from data"): a first item price plus a price
 * per additional item. An option whose price works out to zero cents is not offered (spec section 4).
 */
export const shippingRates = pgTable(
  "shipping_rates",
  {
    key: text("key").primaryKey(),
    firstItemCents: integer("first_item_cents").notNull(),
    additionalItemCents: integer("additional_item_cents").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("shipping_rates_key_check", sql`${table.key} in (${SHIPPING_KEY_LIST})`),
    check("shipping_rates_cents_check", sql`${table.firstItemCents} >= 0 and ${table.additionalItemCents} >= 0`),
  ],
);
