import {
  MAX_LINE_QUANTITY,
  MIN_LINE_QUANTITY,
  ORDER_NUMBER_ALPHABET,
  ORDER_NUMBER_LENGTH,
  ORDER_NUMBER_PREFIX,
} from "@threadfolk/contract/cart";
import { PRODUCT_COLORS } from "@threadfolk/contract/colors";
import { ORDER_STATES, type OrderState } from "@threadfolk/contract/orders";
import { SHIPPING_SERVICE_KEYS } from "@threadfolk/contract/shipping";
import { SIZES } from "@threadfolk/contract/sizes";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { guests, users } from "./accounts.ts";
import { sellerDesignProductVariants } from "./catalogue.ts";

const COLOR_LIST = sql.raw(PRODUCT_COLORS.map((color) => `'${color}'`).join(", "));
const SIZE_LIST = sql.raw(SIZES.map((size) => `'${size}'`).join(", "));
const SHIPPING_KEY_LIST = sql.raw(SHIPPING_SERVICE_KEYS.map((key) => `'${key}'`).join(", "));

// A row is a cart (state `cart`, for ever) or an order (placed from a cart; its states and moves are
// modules/orders/order-states.ts, checked by the trigger of migration 0026). Decision 053.
export { ORDER_STATES, type OrderState } from "@threadfolk/contract/orders";

const ORDER_STATE_LIST = sql.raw(ORDER_STATES.map((state) => `'${state}'`).join(", "));
const ORDER_NUMBER_REGEX = sql.raw(`'^${ORDER_NUMBER_PREFIX}[${ORDER_NUMBER_ALPHABET}]{${ORDER_NUMBER_LENGTH}}$'`);
// The same limits as the API's (contract cart.ts), so no writer can store a line the API would refuse.
const QUANTITY_RANGE = sql.raw(`${MIN_LINE_QUANTITY} and ${MAX_LINE_QUANTITY}`);

/**
 * A cart or an order, owned by exactly one identity: a customer (`user_id`) or a guest (`guest_id`). A cart's
 * prices follow the catalogue (docs/decisions/018-cart.md); placing it writes a separate order row holding a
 * frozen copy of its lines, addresses and amounts (decision 053). A cart never becomes an order and an order
 * never goes back to being a cart.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What a shopper reads and quotes: `TF-` and 8 characters of an unambiguous alphabet (order-number.ts). */
    orderNumber: text("order_number").notNull(),
    state: text("state").$type<OrderState>().notNull().default("cart"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    guestId: uuid("guest_id").references(() => guests.id, { onDelete: "cascade" }),
    /** The e-mail the order confirmation goes to; set at checkout. */
    email: text("email"),
    /** The shipping option chosen at checkout (null until then). */
    selectedShippingServiceKey: text("selected_shipping_service_key"),
    /** Whether the billing address is the shipping address (spec section 4; true until the shopper says not). */
    billingSameAsShipping: boolean("billing_same_as_shipping").notNull().default(true),
    /**
     * Set when the cart is placed (`POST /orders`, state payment_pending): names this quote of the order. The
     * card step must send it back, so a payment is never taken for amounts the shopper did not see. A change to
     * the cart reopens it (state cart) and the next placement gives a new one.
     */
    processorPaymentId: text("processor_payment_id"),
    /** A digest of what the quote was made from (lines, prices, addresses, option, tax): an unchanged cart re-placed answers the same quote. */
    quoteDigest: text("quote_digest"),
    /** The coupon or gift card code applied (one per order; decision 033). */
    promoCode: text("promo_code"),
    /** What the gift card pays of the total, frozen at placement (0 without one): the rest is charged. */
    giftCardCents: integer("gift_card_cents").notNull().default(0),
    /** The frozen amounts, in cents, from placement on (null while a cart). */
    itemTotalCents: integer("item_total_cents"),
    discountCents: integer("discount_cents"),
    shippingCents: integer("shipping_cents"),
    taxCents: integer("tax_cents"),
    totalCents: integer("total_cents"),
    /** While a payment of this order is with the processor: the cart cannot change under it. */
    paymentStartedAt: timestamp("payment_started_at", { withTimezone: true }),
    /** An order: the cart it was placed from (null once that cart is gone: bought out, merged). */
    cartId: uuid("cart_id").references((): AnyPgColumn => orders.id, { onDelete: "set null" }),
    /** An order: the cart's `revision` its quote was made from; a cart changed since makes the quote stale. */
    cartRevision: integer("cart_revision"),
    /** A cart: counts its changes (lines, addresses, e-mail, option, code), bumped by the triggers of 0026. */
    revision: integer("revision").notNull().default(0),
    /**
     * Who makes the state move being written, and why: set in the same UPDATE as `state`; the transition
     * trigger appends them to the timeline and clears them, so they are null at rest.
     */
    stateChangedBy: text("state_changed_by"),
    stateChangeReason: text("state_change_reason"),
    placedAt: timestamp("placed_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** When its last parcel was delivered (issue 27): the artists' earnings hold counts from here. */
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("orders_order_number_key").on(table.orderNumber),
    // At most one cart per identity, whatever the application does: cart creation races end here
    // (INSERT … ON CONFLICT on these partial indexes). Orders are other rows and never count.
    uniqueIndex("orders_one_cart_per_user_key").on(table.userId).where(sql`${table.state} = 'cart'`),
    uniqueIndex("orders_one_cart_per_guest_key").on(table.guestId).where(sql`${table.state} = 'cart'`),
    // At most one order awaiting payment per cart: placing again replaces it.
    uniqueIndex("orders_one_unpaid_per_cart_key").on(table.cartId).where(sql`${table.state} = 'payment_pending'`),
    check("orders_cart_link_check", sql`${table.state} <> 'cart' or ${table.cartId} is null`),
    // A customer's orders, newest first (the orders issue lists them); also serves the user foreign key.
    index("orders_user_created_idx").on(table.userId, table.createdAt.desc()),
    index("orders_guest_idx").on(table.guestId),
    // The operators' order list (issue 28): placed orders newest first, by e-mail's beginning, and the
    // dashboard's days of payments.
    index("orders_placed_idx").on(table.placedAt.desc()).where(sql`${table.state} <> 'cart'`),
    index("orders_email_search_idx")
      .on(sql`lower(${table.email}) text_pattern_ops`)
      .where(sql`${table.state} <> 'cart'`),
    index("orders_paid_at_idx").on(table.paidAt).where(sql`${table.paidAt} is not null`),
    check("orders_state_check", sql`${table.state} in (${ORDER_STATE_LIST})`),
    check("orders_one_owner_check", sql`(${table.userId} is null) <> (${table.guestId} is null)`),
    check("orders_order_number_format", sql`${table.orderNumber} ~ ${ORDER_NUMBER_REGEX}`),
    check(
      "orders_shipping_service_key_check",
      sql`${table.selectedShippingServiceKey} is null or ${table.selectedShippingServiceKey} in (${SHIPPING_KEY_LIST})`,
    ),
    // A placed order has its amounts, and they add up: items - discounts + shipping + tax = total.
    check(
      "orders_frozen_amounts_check",
      sql`${table.state} = 'cart' or (${table.totalCents} is not null and ${table.placedAt} is not null
        and ${table.itemTotalCents} >= 0 and ${table.discountCents} >= 0 and ${table.shippingCents} >= 0 and ${table.taxCents} >= 0
        and ${table.totalCents} = ${table.itemTotalCents} - ${table.discountCents} + ${table.shippingCents} + ${table.taxCents})`,
    ),
    check(
      "orders_paid_at_check",
      sql`${table.state} in ('cart', 'payment_pending', 'on_hold', 'failed', 'cancelled') or ${table.paidAt} is not null`,
    ),
  ],
);

/**
 * One line of an order: a variant (a design on a garment style) in one size and one colour. Numeric ids, as
 * the spec's. The unit prices are null while the order is a cart (its prices follow the catalogue) and are
 * frozen when the order is placed.
 */
export const orderLineItems = pgTable(
  "order_line_items",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** The spec's `uuid` of a line (the payment step names lines by it). */
    uuid: uuid("uuid").notNull().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    // No cascade: a placed order keeps its lines; designs are deactivated, never deleted, once sold.
    sellerDesignProductVariantId: integer("seller_design_product_variant_id")
      .notNull()
      .references(() => sellerDesignProductVariants.id),
    size: text("size").notNull(),
    color: text("color").notNull(),
    quantity: integer("quantity").notNull(),
    /** The catalogue price of one unit when the order was placed (null while in the cart). */
    unitPriceCents: integer("unit_price_cents"),
    /** The sale price of one unit when the order was placed, null when none applied (or still in the cart). */
    unitSalePriceCents: integer("unit_sale_price_cents"),
    /** The garment's base (production) cost of one unit when the order was placed (the earnings ledger's basis). */
    unitBaseCostCents: integer("unit_base_cost_cents"),
    /** The design's `artwork_version` when the order was placed: the artwork to print (null while in the cart). */
    artworkVersion: integer("artwork_version"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Adding what is already in the cart adds to that line (INSERT … ON CONFLICT on this index).
    uniqueIndex("order_line_items_order_variant_size_color_key").on(
      table.orderId,
      table.sellerDesignProductVariantId,
      table.size,
      table.color,
    ),
    uniqueIndex("order_line_items_uuid_key").on(table.uuid),
    index("order_line_items_variant_idx").on(table.sellerDesignProductVariantId),
    check("order_line_items_quantity_check", sql`${table.quantity} between ${QUANTITY_RANGE}`),
    check("order_line_items_size_check", sql`${table.size} in (${SIZE_LIST})`),
    check("order_line_items_color_check", sql`${table.color} in (${COLOR_LIST})`),
    check(
      "order_line_items_frozen_prices_check",
      sql`(${table.unitPriceCents} is null or ${table.unitPriceCents} > 0) and (${table.unitSalePriceCents} is null or ${table.unitSalePriceCents} > 0)`,
    ),
  ],
);
