import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { guests, users } from "./accounts.ts";

export const ANALYTICS_FORWARD_STATUSES = ["pending", "sent", "failed"] as const;
export type AnalyticsForwardStatus = (typeof ANALYTICS_FORWARD_STATUSES)[number];

/**
 * First-party analytics: every event the web client reports, stored as received. When a third-party
 * tracker is configured the row is also a durable queue entry (`forward_status` pending -> sent or failed);
 * otherwise `forward_status` stays null and nothing leaves the server.
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
    forwardStatus: text("forward_status").$type<AnalyticsForwardStatus>(),
    forwardAttempts: integer("forward_attempts").notNull().default(0),
    nextForwardAt: timestamp("next_forward_at", { withTimezone: true }),
    /** A worker's claim while it forwards; other workers skip the row until this passes. */
    forwardLockedUntil: timestamp("forward_locked_until", { withTimezone: true }),
    lastForwardError: text("last_forward_error"),
  },
  (table) => [
    uniqueIndex("analytics_events_event_id_key").on(table.eventId),
    index("analytics_events_occurred_idx").on(table.occurredAt),
    index("analytics_events_name_occurred_idx").on(table.name, table.occurredAt),
    index("analytics_events_user_occurred_idx").on(table.userId, table.occurredAt),
    index("analytics_events_forward_due_idx").on(table.nextForwardAt).where(sql`${table.forwardStatus} = 'pending'`),
    check(
      "analytics_events_forward_status_check",
      sql`${table.forwardStatus} is null or ${table.forwardStatus} in ('pending', 'sent', 'failed')`,
    ),
  ],
);
