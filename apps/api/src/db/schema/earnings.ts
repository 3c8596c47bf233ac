import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { orderLineItems, orders } from "./cart.ts";
import { designs, sellerProfiles } from "./catalogue.ts";
import { paymentRefunds } from "./orders.ts";

export const EARNINGS_ENTRY_KINDS = ["sale", "reversal"] as const;
export type EarningsEntryKind = (typeof EARNINGS_ENTRY_KINDS)[number];

/**
 * The artists' earnings ledger (issue 13, decision 030): append-only. A paid order line gets one `sale` entry
 * (the artist's earnings, the platform's share, the production cost, the line's part of the order's discount);
 * a refund appends a `reversal` with every amount negated. Rows are never updated or deleted: a trigger of
 * migration 0015 refuses both (and TRUNCATE). Sums over an artist's rows are what they earned.
 */
export const earningsEntries = pgTable(
  "earnings_entries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").$type<EarningsEntryKind>().notNull(),
    // No cascades: a ledgered order, line, design or artist cannot be deleted from under its entries.
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    orderLineItemId: integer("order_line_item_id")
      .notNull()
      .references(() => orderLineItems.id),
    /** The artist: the seller profile of the line's design when the line was paid. */
    sellerProfileId: uuid("seller_profile_id")
      .notNull()
      .references(() => sellerProfiles.id),
    designId: uuid("design_id")
      .notNull()
      .references(() => designs.id),
    /** Units: positive on a sale, negative on its reversal. */
    quantity: integer("quantity").notNull(),
    /** The line as paid (after sale prices), before the order's discount. */
    grossCents: integer("gross_cents").notNull(),
    /** The line's part of the order-level discount (codes), absorbed by the platform's share. */
    discountCents: integer("discount_cents").notNull(),
    productionCostCents: integer("production_cost_cents").notNull(),
    artistEarningsCents: integer("artist_earnings_cents").notNull(),
    /** The rest, after production and the artist; negative when a discount or a sale costs the platform. */
    platformShareCents: integer("platform_share_cents").notNull(),
    /** The percentage of the margin the artist was paid (the rule in force when recorded). */
    artistSharePercent: integer("artist_share_percent").notNull(),
    /** A reversal's sale entry (each entry is reversed at most once). */
    reversesEntryId: bigint("reverses_entry_id", { mode: "number" }).references((): AnyPgColumn => earningsEntries.id),
    /** Why a reversal was made: `refund`. */
    reason: text("reason"),
    /**
     * The refund a reversal answers (decision 053): a refund reverses each line's entry in proportion to what
     * it gave back (or whole, for the lines it names), so one sale can have several reversals, one per refund,
     * never adding up to more than the sale. Null for reversals made before refunds were records.
     */
    refundId: uuid("refund_id").references(() => paymentRefunds.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Recording an order's earnings twice writes once: one sale entry per paid line.
    uniqueIndex("earnings_entries_one_sale_per_line_key").on(table.orderLineItemId).where(sql`${table.kind} = 'sale'`),
    // A sale is reversed at most once per refund, and at most once by a refund that is not a record (null).
    uniqueIndex("earnings_entries_one_reversal_per_refund_key")
      .on(table.reversesEntryId, sql`coalesce(${table.refundId}, '00000000-0000-0000-0000-000000000000'::uuid)`)
      .where(sql`${table.kind} = 'reversal'`),
    // An artist's ledger, newest first (the seller issue's Sales tab).
    index("earnings_entries_seller_created_idx").on(table.sellerProfileId, table.createdAt.desc()),
    index("earnings_entries_order_idx").on(table.orderId),
    index("earnings_entries_design_idx").on(table.designId),
    check("earnings_entries_kind_check", sql`${table.kind} in ('sale', 'reversal')`),
    check(
      "earnings_entries_reversal_check",
      sql`(${table.kind} = 'reversal') = (${table.reversesEntryId} is not null and ${table.reason} is not null)`,
    ),
    // A sale's amounts are positive (the platform's share aside); a reversal's are their opposites (a share of
    // them for a partial refund, which may round to 0 cents, or keep the units: quantity 0).
    check(
      "earnings_entries_sign_check",
      sql`case when ${table.kind} = 'sale'
        then ${table.quantity} > 0 and ${table.grossCents} > 0 and ${table.discountCents} >= 0
          and ${table.productionCostCents} >= 0 and ${table.artistEarningsCents} >= 0
        else ${table.quantity} <= 0 and ${table.grossCents} <= 0 and ${table.discountCents} <= 0
          and ${table.productionCostCents} <= 0 and ${table.artistEarningsCents} <= 0 end`,
    ),
    // Every entry balances on its own: paid less discount = production + artist + platform.
    check(
      "earnings_entries_balance_check",
      sql`${table.grossCents} - ${table.discountCents} = ${table.productionCostCents} + ${table.artistEarningsCents} + ${table.platformShareCents}`,
    ),
    check("earnings_entries_share_check", sql`${table.artistSharePercent} between 0 and 100`),
  ],
);
