import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { guests, users } from "./accounts.ts";

/**
 * First-party analytics: every event the web client reports, stored as received. When a tracker is
 * configured, a `forward_analytics_events` job (db/schema/jobs.ts) carries the new rows' ids to it.
 */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The client's id of the event: a retried batch is stored once. */
    eventId: uuid("event_id").notNull(),
    name: text("name").notNull(),
    category: text("category").notNull(),
    properties: jsonb("properties").$type<Record<string, unknown>>().notNull().default({}),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    guestId: uuid("guest_id").references(() => guests.id, { onDelete: "set null" }),
    /** The auth session (token family) that sent it: one visit across token refreshes. */
    sessionId: uuid("session_id"),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("analytics_events_event_id_key").on(table.eventId),
    index("analytics_events_occurred_idx").on(table.occurredAt),
    index("analytics_events_name_occurred_idx").on(table.name, table.occurredAt),
    index("analytics_events_user_occurred_idx").on(table.userId, table.occurredAt),
  ],
);
