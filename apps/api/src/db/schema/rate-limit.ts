import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Fixed-window rate-limit counters shared by every app instance (one row per limited key). */
export const rateLimitCounters = pgTable("rate_limit_counters", {
  /** `{action}:{ip|email}:{value}`. */
  key: text("key").primaryKey(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});
