import { sql } from "drizzle-orm";
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Sliding-window rate-limit counters shared by every app instance (one row per limited key, decision 020). */
export const rateLimitCounters = pgTable("rate_limit_counters", {
  /** `{action}:{what}:{value}`, values bounded (lib/bounded-key.ts). */
  key: text("key").primaryKey(),
  /** When each hit still in the window was made (at most the key's limit of them; older ones are dropped). */
  hits: timestamp("hits", { withTimezone: true }).array().notNull().default(sql`'{}'::timestamptz[]`),
  /** When the newest hit leaves its window: after that the row means nothing (housekeeping deletes it). */
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull().defaultNow(),
});
