import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { orders } from "./cart.ts";

export const PAYMENT_KINDS = ["card", "paypal"] as const;
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
    check("order_payments_kind_check", sql`${table.kind} in ('card', 'paypal')`),
    check(
      "order_payments_status_check",
      sql`${table.status} in ('processing', 'pending', 'succeeded', 'declined', 'failed', 'refunded')`,
    ),
    check("order_payments_amount_check", sql`${table.amountCents} > 0`),
    check("order_payments_last4_check", sql`${table.cardLast4} is null or ${table.cardLast4} ~ '^[0-9]{4}$'`),
  ],
);

/** The status timeline of an order: one row per state it entered, appended, never changed. */
export const orderStateChanges = pgTable(
  "order_state_changes",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    state: text("state").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("order_state_changes_order_idx").on(table.orderId, table.createdAt)],
);
