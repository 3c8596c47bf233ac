import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { orders } from "./cart.ts";
import { operators } from "./operators.ts";

/**
 * Operators' notes on an order (issue 28): append-only (a trigger of the migration refuses UPDATE, TRUNCATE and
 * any DELETE but the cascade of the order's own removal). `operator_id` names the operator who wrote it.
 */
export const orderNotes = pgTable(
  "order_notes",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    operatorId: uuid("operator_id")
      .notNull()
      .references(() => operators.id),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("order_notes_order_idx").on(table.orderId, table.createdAt),
    check("order_notes_body_check", sql`length(${table.body}) between 1 and 2000`),
  ],
);
