import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The in-app PayPal sandbox's books (decisions 027 and 055): what PayPal keeps on its side, in the database so
 * that every app instance answers for every order (one created on an instance is approved and captured on
 * another). Amounts are PayPal's money objects ({ currency_code, value }), as the sandbox serves them.
 */

export type PayPalSandboxMoney = { currency_code: string; value: string };

export const paypalSandboxOrders = pgTable(
  "paypal_sandbox_orders",
  {
    /** PayPal-style id, 17 upper-case letters and digits. */
    id: text("id").primaryKey(),
    status: text("status").$type<"CREATED" | "APPROVED" | "COMPLETED" | "VOIDED">().notNull(),
    /** The purchase unit as the merchant sent it (reference_id defaulted), shown back by GET order. */
    purchaseUnit: jsonb("purchase_unit").$type<Record<string, unknown>>().notNull(),
    amount: jsonb("amount").$type<PayPalSandboxMoney>().notNull(),
    /** The payer's funding source will be refused at capture (the approval page's 'funding declined'). */
    fundingDeclined: boolean("funding_declined").notNull().default(false),
    /** The capture outcome the payer's approval chose (CAPTURE_PENDING / CAPTURE_DECLINED), as a mock code would. */
    captureMock: text("capture_mock"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("paypal_sandbox_orders_created_at_idx").on(table.createdAt),
    check("paypal_sandbox_orders_status_check", sql`${table.status} in ('CREATED', 'APPROVED', 'COMPLETED', 'VOIDED')`),
  ],
);

export const paypalSandboxCaptures = pgTable(
  "paypal_sandbox_captures",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => paypalSandboxOrders.id, { onDelete: "cascade" }),
    status: text("status")
      .$type<"COMPLETED" | "DECLINED" | "PENDING" | "REFUNDED" | "PARTIALLY_REFUNDED" | "FAILED">()
      .notNull(),
    /** Why it is PENDING (PENDING_REVIEW …). */
    reason: text("reason"),
    amount: jsonb("amount").$type<PayPalSandboxMoney>().notNull(),
    invoiceId: text("invoice_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("paypal_sandbox_captures_order_id_idx").on(table.orderId),
    check(
      "paypal_sandbox_captures_status_check",
      sql`${table.status} in ('COMPLETED', 'DECLINED', 'PENDING', 'REFUNDED', 'PARTIALLY_REFUNDED', 'FAILED')`,
    ),
  ],
);

export const paypalSandboxRefunds = pgTable(
  "paypal_sandbox_refunds",
  {
    id: text("id").primaryKey(),
    captureId: text("capture_id")
      .notNull()
      .references(() => paypalSandboxCaptures.id, { onDelete: "cascade" }),
    status: text("status").$type<"COMPLETED" | "PENDING" | "FAILED" | "CANCELLED">().notNull(),
    amount: jsonb("amount").$type<PayPalSandboxMoney>().notNull(),
    /** The refund in cents, so that what is left of a capture is a sum, not a parse of every row. */
    amountCents: integer("amount_cents").notNull(),
    noteToPayer: text("note_to_payer"),
    invoiceId: text("invoice_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("paypal_sandbox_refunds_capture_id_idx").on(table.captureId),
    check("paypal_sandbox_refunds_amount_check", sql`${table.amountCents} > 0`),
    check(
      "paypal_sandbox_refunds_status_check",
      sql`${table.status} in ('COMPLETED', 'PENDING', 'FAILED', 'CANCELLED')`,
    ),
  ],
);

/** The first answer to each PayPal-Request-Id (per operation and resource), replayed for a repeat. */
export const paypalSandboxAnswers = pgTable(
  "paypal_sandbox_answers",
  {
    key: text("key").primaryKey(),
    status: integer("status").notNull(),
    headers: jsonb("headers").$type<Record<string, string>>().notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("paypal_sandbox_answers_created_at_idx").on(table.createdAt)],
);

/** Access tokens the sandbox issued, by their SHA-256 (a token is honoured by every instance). */
export const paypalSandboxTokens = pgTable(
  "paypal_sandbox_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("paypal_sandbox_tokens_expires_at_idx").on(table.expiresAt)],
);

/**
 * The RSA key the sandbox signs webhook notifications with, made once and shared by every instance (a
 * notification signed by one verifies on another). A sandbox key: it signs nothing outside this sandbox.
 */
export const paypalSandboxSigningKeys = pgTable("paypal_sandbox_signing_keys", {
  /** The certificate id in PAYPAL-CERT-URL (CERT-…). */
  id: text("id").primaryKey(),
  privateKeyPem: text("private_key_pem").notNull(),
  publicKeyPem: text("public_key_pem").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Shipment trackers added to captures (Shipment Tracking v1), one per capture and tracking number. The id is
 * PayPal's tracker id, `<capture id>-<tracking number>`; a capture's trackers go with it.
 */
export const paypalSandboxTrackers = pgTable(
  "paypal_sandbox_trackers",
  {
    id: text("id").primaryKey(),
    captureId: text("capture_id")
      .notNull()
      .references(() => paypalSandboxCaptures.id, { onDelete: "cascade" }),
    trackingNumber: text("tracking_number").notNull(),
    /** PayPal's tracking status (SHIPPED, DELIVERED, CANCELLED …), as the merchant last set it. */
    status: text("status").notNull(),
    /** PayPal's carrier code (UPS, USPS, FEDEX, DHL … from the description's list). */
    carrier: text("carrier").notNull(),
    carrierNameOther: text("carrier_name_other"),
    trackingNumberType: text("tracking_number_type"),
    /** The day the parcel left (YYYY-MM-DD), when the merchant gave it. */
    shipmentDate: text("shipment_date"),
    trackingUrl: text("tracking_url"),
    notifyBuyer: boolean("notify_buyer").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("paypal_sandbox_trackers_capture_id_idx").on(table.captureId)],
);
