import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { orderLineItems, orders } from "./cart.ts";

/**
 * The print file of each paid order line (issue 27, decision 067): the artwork of the line's frozen version at
 * its placement on the line's garment, over the whole print area at 300 DPI, as an sRGB PNG with transparency.
 * Stored once under an immutable key (`print-files/{order id}/{line uuid}-v{version}.png`), never replaced.
 */
export const orderPrintFiles = pgTable(
  "order_print_files",
  {
    orderLineItemId: integer("order_line_item_id")
      .primaryKey()
      .references(() => orderLineItems.id),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    storageKey: text("storage_key").notNull(),
    widthPx: integer("width_px").notNull(),
    heightPx: integer("height_px").notNull(),
    dpi: integer("dpi").notNull(),
    byteSize: integer("byte_size").notNull(),
    /** Hex SHA-256 of the stored bytes: what a provider's copy, or a later read, is checked against. */
    sha256: text("sha256").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("order_print_files_storage_key_key").on(table.storageKey),
    index("order_print_files_order_idx").on(table.orderId),
    check(
      "order_print_files_size_check",
      sql`${table.widthPx} > 0 and ${table.heightPx} > 0 and ${table.dpi} > 0 and ${table.byteSize} > 0`,
    ),
    check("order_print_files_sha256_check", sql`${table.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

/** The packing slip PDF of a paid order (`print-files/{order id}/packing-slip.pdf`), made once with its print files. */
export const orderPackingSlips = pgTable(
  "order_packing_slips",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id),
    storageKey: text("storage_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("order_packing_slips_storage_key_key").on(table.storageKey)],
);
