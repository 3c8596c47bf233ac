import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * The local card processor's books (decision 026): what a real processor would keep on its side, so that the
 * offline processor answers replays, refunds and look-ups by idempotency key the way Stripe does. No card
 * number and no CVC ever: the brand, the last four digits, the expiry and a keyed fingerprint (an HMAC of the
 * number with a server secret) are all a row holds about the card.
 */
export const cardCharges = pgTable(
  "card_charges",
  {
    /** `ch_local_…`, the processor's reference for the charge. */
    id: text("id").primaryKey(),
    idempotencyKey: text("idempotency_key").notNull(),
    orderNumber: text("order_number").notNull(),
    description: text("description").notNull().default(""),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    status: text("status").$type<"succeeded" | "declined">().notNull(),
    declineCode: text("decline_code"),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    /** Null when the expiry sent was not a real month. */
    expMonth: integer("exp_month"),
    expYear: integer("exp_year"),
    /** The MMYY the attempt was made with, so a replay is recognised as the same request. */
    expMonthYear: text("exp_month_year").notNull(),
    fingerprint: text("fingerprint").notNull(),
    refundedCents: integer("refunded_cents").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("card_charges_idempotency_key_key").on(table.idempotencyKey),
    index("card_charges_order_number_idx").on(table.orderNumber),
    check("card_charges_status_check", sql`${table.status} in ('succeeded', 'declined')`),
    check("card_charges_decline_check", sql`(${table.status} = 'succeeded') = (${table.declineCode} is null)`),
    check(
      "card_charges_succeeded_card_check",
      sql`${table.status} <> 'succeeded' or (${table.expMonth} is not null and ${table.expYear} is not null and length(${table.last4}) = 4)`,
    ),
    check("card_charges_amount_check", sql`${table.amountCents} > 0`),
    check(
      "card_charges_refunded_check",
      sql`${table.refundedCents} >= 0 and ${table.refundedCents} <= ${table.amountCents}
        and (${table.status} = 'succeeded' or ${table.refundedCents} = 0)`,
    ),
    check("card_charges_last4_check", sql`${table.last4} ~ '^[0-9]{0,4}$'`),
    check("card_charges_currency_check", sql`${table.currency} = 'usd'`),
  ],
);

/** Refunds of local charges; the sum per charge is kept in `card_charges.refunded_cents` under a row lock. */
export const cardRefunds = pgTable(
  "card_refunds",
  {
    /** `re_local_…` */
    id: text("id").primaryKey(),
    idempotencyKey: text("idempotency_key").notNull(),
    chargeId: text("charge_id")
      .notNull()
      .references(() => cardCharges.id),
    amountCents: integer("amount_cents").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("card_refunds_idempotency_key_key").on(table.idempotencyKey),
    index("card_refunds_charge_id_idx").on(table.chargeId),
    check("card_refunds_amount_check", sql`${table.amountCents} > 0`),
  ],
);
