import { MODERATION_REASONS, type ModerationReason } from "@threadfolk/contract/moderation";
import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { designs, sellerProfiles } from "./catalogue.ts";
import { operators } from "./operators.ts";

export const DESIGN_REPORT_STATES = ["open", "dismissed", "resolved"] as const;
export type DesignReportState = (typeof DESIGN_REPORT_STATES)[number];

const REASON_LIST = sql.raw(MODERATION_REASONS.map((reason) => `'${reason}'`).join(", "));

/**
 * A shopper's (or a guest's) report of a design. Open until an operator dismisses it or acts on its design
 * (a takedown resolves every open report of the design at once).
 */
export const designReports = pgTable(
  "design_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    designId: uuid("design_id")
      .notNull()
      .references(() => designs.id, { onDelete: "cascade" }),
    reason: text("reason").$type<ModerationReason>().notNull(),
    /** Where the operator can answer the reporter (prefilled from the account when signed in). */
    email: text("email").notNull(),
    details: text("details").notNull(),
    /** The signed-in reporter, when there was one. */
    reporterUserId: uuid("reporter_user_id").references(() => users.id, { onDelete: "set null" }),
    state: text("state").$type<DesignReportState>().notNull().default("open"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    /** The operator who dismissed or resolved it. */
    resolvedByOperatorId: uuid("resolved_by_operator_id").references(() => operators.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("design_reports_open_idx").on(table.designId, table.createdAt).where(sql`${table.state} = 'open'`),
    check("design_reports_reason_check", sql`${table.reason} in (${REASON_LIST})`),
    check("design_reports_state_check", sql`${table.state} in ('open', 'dismissed', 'resolved')`),
    check("design_reports_resolved_check", sql`(${table.state} = 'open') = (${table.resolvedAt} is null)`),
  ],
);

/**
 * One takedown of a design by an operator, with the reason the artist is e-mailed. An intellectual property
 * takedown is a strike on the storefront while it stands; restoring the design lifts it (decision 072). The
 * design row's `taken_down_at` is what the listing rule reads; this is the history.
 */
export const designTakedowns = pgTable(
  "design_takedowns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    designId: uuid("design_id")
      .notNull()
      .references(() => designs.id, { onDelete: "cascade" }),
    sellerProfileId: uuid("seller_profile_id")
      .notNull()
      .references(() => sellerProfiles.id, { onDelete: "cascade" }),
    kind: text("kind").$type<ModerationReason>().notNull(),
    /** The operator's words, sent to the artist. */
    reason: text("reason").notNull(),
    isStrike: boolean("is_strike").notNull(),
    operatorId: uuid("operator_id").references(() => operators.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    restoredAt: timestamp("restored_at", { withTimezone: true }),
    restoreReason: text("restore_reason"),
    restoredByOperatorId: uuid("restored_by_operator_id").references(() => operators.id, { onDelete: "set null" }),
  },
  (table) => [
    index("design_takedowns_seller_idx").on(table.sellerProfileId, table.createdAt.desc()),
    // At most one standing takedown per design: a second one while it is down is refused by the database too.
    uniqueIndex("design_takedowns_standing_key").on(table.designId).where(sql`${table.restoredAt} is null`),
    check("design_takedowns_kind_check", sql`${table.kind} in (${REASON_LIST})`),
    check("design_takedowns_strike_check", sql`${table.isStrike} = (${table.kind} = 'intellectual_property')`),
  ],
);
