import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { sellerProfiles } from "./catalogue.ts";
import { earningsEntries } from "./earnings.ts";

/**
 * Artist payouts (issue 29, decision 073). Balances are never stored: they are sums of the earnings ledger
 * (`earnings_entries`), split by whether each entry is linked to a payout item (`payout_item_entries`) and by
 * that item's status. Runs and items record what was sent to the payouts port; links say which entries an item
 * paid. A returned or failed item releases its links, so its entries are available again.
 */

/** An artist's payout settings: the confirmed PayPal e-mail, a change waiting for its confirmation, holds, minimum. */
export const payoutSettings = pgTable(
  "payout_settings",
  {
    sellerProfileId: uuid("seller_profile_id")
      .primaryKey()
      .references(() => sellerProfiles.id, { onDelete: "cascade" }),
    /** The PayPal e-mail payouts go to: set only once confirmed by the link sent to it. */
    paypalEmail: text("paypal_email"),
    paypalEmailConfirmedAt: timestamp("paypal_email_confirmed_at", { withTimezone: true }),
    /** A new address waiting for the click on the link sent to it (the token is stored as its SHA-256). */
    pendingPaypalEmail: text("pending_paypal_email"),
    pendingTokenHash: text("pending_token_hash"),
    pendingTokenExpiresAt: timestamp("pending_token_expires_at", { withTimezone: true }),
    /** The least the artist is paid in a run (cents); $20 at least. */
    minimumPayoutCents: integer("minimum_payout_cents").notNull().default(2000),
    /** No payouts before this time: set for 7 days when a confirmed address is replaced (account-takeover guard). */
    heldUntil: timestamp("held_until", { withTimezone: true }),
    /** An operator's hold on this artist's payouts, with the reason; null: not held. */
    operatorHoldReason: text("operator_hold_reason"),
    operatorHeldAt: timestamp("operator_held_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("payout_settings_pending_token_key").on(table.pendingTokenHash),
    check("payout_settings_minimum_check", sql`${table.minimumPayoutCents} between 2000 and 1000000`),
    check(
      "payout_settings_confirmed_check",
      sql`(${table.paypalEmail} is null) = (${table.paypalEmailConfirmedAt} is null)`,
    ),
  ],
);

export const PAYOUT_RUN_STATUSES = ["held", "open", "submitted", "completed"] as const;
export type PayoutRunStatus = (typeof PAYOUT_RUN_STATUSES)[number];

/**
 * One payout run: one batch through the payouts port, its `sender_batch_id` this row's id. `held` waits for an
 * operator's approval, `open` is recorded and due for submission, `submitted` has the provider's batch id,
 * `completed` once every item reached a final status.
 */
export const payoutRuns = pgTable(
  "payout_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** `scheduled` (the monthly job) or `on_demand` (an operator). */
    kind: text("kind").$type<"scheduled" | "on_demand">().notNull(),
    /** The month a scheduled run pays (`2026-11`): one scheduled run per month. Null for on-demand runs. */
    period: text("period"),
    status: text("status").$type<PayoutRunStatus>().notNull(),
    /** The port that carries it (`payout_sandbox` or `paypal`), fixed when recorded. */
    provider: text("provider").notNull(),
    providerBatchId: text("provider_batch_id"),
    providerBatchStatus: text("provider_batch_status"),
    /** Who asked for it: `system:payout_schedule`, `operator:{id}` … */
    requestedBy: text("requested_by").notNull(),
    holdReason: text("hold_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** When the provider's batch was last read back (polling). */
    syncedAt: timestamp("synced_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("payout_runs_period_key").on(table.period),
    index("payout_runs_status_idx").on(table.status),
    check("payout_runs_kind_check", sql`${table.kind} in ('scheduled', 'on_demand')`),
    check("payout_runs_status_check", sql`${table.status} in ('held', 'open', 'submitted', 'completed')`),
    check("payout_runs_batch_check", sql`(${table.status} in ('held', 'open')) = (${table.providerBatchId} is null)`),
  ],
);

/**
 * An item's status: `queued` until its batch is accepted, then PayPal's transaction status in lower case. The
 * final ones are `success` (paid) and the releasing ones (RELEASING_PAYOUT_ITEM_STATUSES), whose entries go back
 * to available.
 */
export const PAYOUT_ITEM_STATUSES = [
  "queued",
  "pending",
  "onhold",
  "unclaimed",
  "success",
  "failed",
  "returned",
  "blocked",
  "refunded",
  "reversed",
] as const;
export type PayoutItemStatus = (typeof PAYOUT_ITEM_STATUSES)[number];
export const RELEASING_PAYOUT_ITEM_STATUSES = ["failed", "returned", "blocked", "refunded", "reversed"] as const;

/** One artist's payment in a run: the sum of the ledger entries it links, to the PayPal e-mail of the time. */
export const payoutItems = pgTable(
  "payout_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    runId: uuid("run_id")
      .notNull()
      .references(() => payoutRuns.id),
    sellerProfileId: uuid("seller_profile_id")
      .notNull()
      .references(() => sellerProfiles.id),
    receiverEmail: text("receiver_email").notNull(),
    amountCents: integer("amount_cents").notNull(),
    status: text("status").$type<PayoutItemStatus>().notNull().default("queued"),
    /** Why it came back (the provider's error name and message), shown to the artist. */
    statusReason: text("status_reason"),
    providerItemId: text("provider_item_id"),
    providerTransactionId: text("provider_transaction_id"),
    /** When it was first seen unclaimed: after 30 days it is cancelled (returned). */
    unclaimedSince: timestamp("unclaimed_since", { withTimezone: true }),
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One item per artist per run.
    uniqueIndex("payout_items_run_artist_key").on(table.runId, table.sellerProfileId),
    uniqueIndex("payout_items_provider_item_key").on(table.providerItemId),
    index("payout_items_artist_idx").on(table.sellerProfileId, table.createdAt.desc()),
    check("payout_items_amount_check", sql`${table.amountCents} > 0`),
    check(
      "payout_items_status_check",
      sql`${table.status} in ('queued', 'pending', 'onhold', 'unclaimed', 'success', 'failed', 'returned', 'blocked', 'refunded', 'reversed')`,
    ),
  ],
);

/**
 * Which ledger entries an item pays (sales, and reversals netted against them). An entry is in at most one
 * live link (`released_at` null): the item that came back releases its links and the entries are available again.
 */
export const payoutItemEntries = pgTable(
  "payout_item_entries",
  {
    payoutItemId: uuid("payout_item_id")
      .notNull()
      .references(() => payoutItems.id),
    earningsEntryId: bigint("earnings_entry_id", { mode: "number" })
      .notNull()
      .references(() => earningsEntries.id),
    releasedAt: timestamp("released_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.payoutItemId, table.earningsEntryId] }),
    uniqueIndex("payout_item_entries_live_key").on(table.earningsEntryId).where(sql`${table.releasedAt} is null`),
  ],
);

/** The local payout sandbox's books (adapters/payouts/sandbox-payouts.ts): what "PayPal" holds, in our database. */
export const payoutSandboxBatches = pgTable("payout_sandbox_batches", {
  id: text("id").primaryKey(),
  senderBatchId: text("sender_batch_id").notNull().unique(),
  emailSubject: text("email_subject"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

export const payoutSandboxItems = pgTable(
  "payout_sandbox_items",
  {
    id: text("id").primaryKey(),
    batchId: text("batch_id")
      .notNull()
      .references(() => payoutSandboxBatches.id),
    senderItemId: text("sender_item_id").notNull(),
    receiver: text("receiver").notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** PayPal's transaction status (SUCCESS, PENDING, UNCLAIMED, RETURNED …). */
    status: text("status").notNull(),
    /** Where the clock takes a PENDING item: SUCCESS, or what a test or the receiver's `+tag` asked for. */
    outcome: text("outcome").notNull(),
    errorName: text("error_name"),
    transactionId: text("transaction_id"),
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("payout_sandbox_items_batch_idx").on(table.batchId)],
);
