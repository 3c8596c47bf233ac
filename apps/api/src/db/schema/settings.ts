import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Instance-wide settings shared by every app process (e.g. the generated signing secret, seed markers). */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
