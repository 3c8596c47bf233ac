import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { orders } from "./cart.ts";

export const PAYMENT_KINDS = ["card", "paypal", "gift_card"] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/**
 * `processing` while the processor is asked (at most one per order); `succeeded` once captured (at most one per
 * order: the order's payment); `pending` for a PayPal capture still under review; `declined` when refused;
 * `failed` when the attempt never reached a charge; `refunded` for a capture given back (a second capture of an
 * order already paid, or a refund).
 */
export const PAYMENT_STATUSES = ["processing", "pending", "succeeded", "declined", "failed", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Every attempt to pay an order (issue 13, decision 028): the idempotency record of `POST /order_payments`
 * (the client's key per order, the request's digest, the stored reply) and the payment itself. No card number
 * and no CVC, ever: the brand, last four digits, expiry and the keyed fingerprint are all a row holds.
 */
export const orderPayments = pgTable(
  "order_payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    kind: text("kind").$type<PaymentKind>().notNull(),
    status: text("status").$type<PaymentStatus>().notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** The client's `Idempotency-Key` (card), or the PayPal order id (wallet). */
    idempotencyKey: text("idempotency_key").notNull(),
    /** SHA-256 of the request as the server understood it (card fields by fingerprint, never in clear). */
    requestDigest: text("request_digest").notNull(),
    /** `local`, `stripe`, `paypal` or `paypal_sandbox`. */
    processor: text("processor").notNull(),
    /** The idempotency key this attempt was sent to the processor with (retrieval after a lost reply). */
    processorKey: text("processor_key").notNull(),
    /** The processor's charge or capture id, once known. */
    processorReference: text("processor_reference"),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    cardExpMonth: integer("card_exp_month"),
    cardExpYear: integer("card_exp_year"),
    cardFingerprint: text("card_fingerprint"),
    declineCode: text("decline_code"),
    message: text("message"),
    /** The reply given, for replays of the same key: `{ statusCode, body }`. */
    response: jsonb("response").$type<{ statusCode: number; body: unknown }>(),
    /** Who paid: `user:<id>` or `guest:<id>` (the per-customer decline limit). */
    payerKey: text("payer_key").notNull(),
    /** The address the attempt came from, bounded (the per-address decline limit, counted here). */
    ipKey: text("ip_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("order_payments_order_key_key").on(table.orderId, table.kind, table.idempotencyKey),
    uniqueIndex("order_payments_processor_key_key").on(table.processorKey),
    // Exactly one payment of an order is captured, and one at most is with the processor at a time.
    uniqueIndex("order_payments_one_succeeded_key").on(table.orderId).where(sql`${table.status} = 'succeeded'`),
    uniqueIndex("order_payments_one_processing_key")
      .on(table.orderId)
      .where(sql`${table.status} in ('processing', 'pending')`),
    index("order_payments_payer_declines_idx")
      .on(table.payerKey, table.createdAt)
      .where(sql`${table.status} = 'declined'`),
    index("order_payments_ip_attempts_idx")
      .on(table.ipKey, table.createdAt)
      .where(sql`${table.status} in ('declined', 'processing')`),
    // gift_card: an order its gift card pays in full (decision 033); otherwise the card's use is a redemption.
    check("order_payments_kind_check", sql`${table.kind} in ('card', 'paypal', 'gift_card')`),
    check(
      "order_payments_status_check",
      sql`${table.status} in ('processing', 'pending', 'succeeded', 'declined', 'failed', 'refunded')`,
    ),
    check("order_payments_amount_check", sql`${table.amountCents} > 0`),
    check("order_payments_last4_check", sql`${table.cardLast4} is null or ${table.cardLast4} ~ '^[0-9]{4}$'`),
  ],
);

export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * A refund of a payment (decision 053): several per payment, full or partial. `pending` is written before the
 * processor is asked (so a crash leaves a record to finish, never a silent refund), `succeeded` once the
 * processor took it, `failed` when it refused. An order's refunded amount is the sum of its succeeded refunds,
 * never stored twice.
 */
export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => orderPayments.id),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    amountCents: integer("amount_cents").notNull(),
    status: text("status").$type<RefundStatus>().notNull(),
    /** Why: `capture_not_needed` (the order was paid another way, changed or cancelled), `customer_request`, … */
    reason: text("reason").notNull(),
    /** Who asked: `user:<id>`, `system:<part>`. */
    actor: text("actor").notNull(),
    /** The payment's processor: `local`, `stripe`, `paypal`, `paypal_sandbox` or `gift_card`. */
    processor: text("processor").notNull(),
    /** Our idempotency key for the processor (never two refunds for one request). */
    requestKey: text("request_key").notNull(),
    processorRefundId: text("processor_refund_id"),
    /** The order lines refunded (their earnings are reversed whole), or null: the earnings are reversed in proportion. */
    lineIds: jsonb("line_ids").$type<number[]>(),
    message: text("message"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("payment_refunds_request_key_key").on(table.requestKey),
    index("payment_refunds_payment_idx").on(table.paymentId),
    index("payment_refunds_order_idx").on(table.orderId),
    check("payment_refunds_amount_check", sql`${table.amountCents} > 0`),
    check("payment_refunds_status_check", sql`${table.status} in ('pending', 'succeeded', 'failed')`),
  ],
);

/**
 * The status timeline of an order: one row per move, appended by the transition trigger of migration 0026
 * (from the state it left, to the state it entered, who moved it and why), never changed.
 */
export const orderStateChanges = pgTable(
  "order_state_changes",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The state left (null for the order's first state). */
    fromState: text("from_state"),
    state: text("state").notNull(),
    /** Who: `user:<id>`, `guest:<id>`, `system:<part>`. */
    actor: text("actor"),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("order_state_changes_order_idx").on(table.orderId, table.createdAt)],
);

/**
 * Coupon codes and gift cards (issue 13, deliverable 5; decision 033). A gift card's `balance_cents` is what is
 * left on it: lowered when a payment that uses it starts (a hold, in the payment's transaction), given back if
 * that payment fails, kept when it succeeds. One code per order (`orders.promo_code`).
 */
export const promoCodes = pgTable(
  "promo_codes",
  {
    code: text("code").primaryKey(),
    kind: text("kind").$type<"percent_off" | "amount_off" | "free_shipping" | "gift_card">().notNull(),
    percentOff: integer("percent_off"),
    amountOffCents: integer("amount_off_cents"),
    balanceCents: integer("balance_cents"),
    minimumSubtotalCents: integer("minimum_subtotal_cents").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    maxRedemptions: integer("max_redemptions"),
    maxRedemptionsPerCustomer: integer("max_redemptions_per_customer"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("promo_codes_code_check", sql`${table.code} ~ '^[A-Z0-9][A-Z0-9-]{2,31}$'`),
    check("promo_codes_kind_check", sql`${table.kind} in ('percent_off', 'amount_off', 'free_shipping', 'gift_card')`),
    check(
      "promo_codes_rule_check",
      sql`(${table.kind} <> 'percent_off' or ${table.percentOff} between 1 and 100)
        and (${table.kind} <> 'amount_off' or ${table.amountOffCents} > 0)
        and (${table.kind} <> 'gift_card' or ${table.balanceCents} >= 0)
        and (${table.kind} = 'gift_card' or ${table.balanceCents} is null)`,
    ),
    check("promo_codes_minimum_check", sql`${table.minimumSubtotalCents} >= 0`),
  ],
);

/**
 * Each use of a code by a payment attempt: `held` while the payment runs (a gift card's amount is already off
 * its balance), `redeemed` once the order is paid, `released` (and a gift card's amount back on its balance)
 * when the payment failed. The limits count held and redeemed uses.
 */
export const promoCodeRedemptions = pgTable(
  "promo_code_redemptions",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    code: text("code")
      .notNull()
      .references(() => promoCodes.code),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => orderPayments.id),
    payerKey: text("payer_key").notNull(),
    status: text("status").$type<"held" | "redeemed" | "released">().notNull(),
    discountCents: integer("discount_cents").notNull(),
    giftCardCents: integer("gift_card_cents").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("promo_code_redemptions_payment_key").on(table.paymentId),
    // At most one live use per order (one payment of an order runs at a time; one is captured).
    uniqueIndex("promo_code_redemptions_one_live_per_order_key")
      .on(table.orderId)
      .where(sql`${table.status} in ('held', 'redeemed')`),
    index("promo_code_redemptions_code_payer_idx").on(table.code, table.payerKey),
    check("promo_code_redemptions_status_check", sql`${table.status} in ('held', 'redeemed', 'released')`),
    check("promo_code_redemptions_amounts_check", sql`${table.discountCents} >= 0 and ${table.giftCardCents} >= 0`),
  ],
);
