import { randomBytes } from "node:crypto";
import { and, asc, eq, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { payoutSandboxBatches, payoutSandboxItems } from "../../db/schema/index.ts";
import {
  type PayoutBatchResult,
  type PayoutBatchStatus,
  type PayoutItemResult,
  PayoutsError,
  type PayoutsPort,
  type PayoutTransactionStatus,
} from "./payouts.ts";

/**
 * The local payout sandbox (decision 073): plays PayPal Payouts offline, its books in our database (every
 * instance sees the same batches). A batch's items start PENDING and, `processingSeconds` later, reach their
 * outcome: SUCCESS, unless the receiver's address carries a tag (`artist+returned@…`, `+failed`, `+unclaimed`,
 * `+blocked`, `+onhold`) or a test set another with `setItemOutcome`. An UNCLAIMED item is RETURNED after
 * `unclaimedReturnSeconds` (PayPal gives unclaimed money back after 30 days). The clock is read when items are
 * read, so nothing runs in the background; `now` can be moved by tests.
 */

export type SandboxOutcome = Exclude<PayoutTransactionStatus, "PENDING">;

/** The error PayPal names for an item that ended so, shown to the artist through our reason texts. */
export const SANDBOX_ERROR_NAMES: Partial<Record<PayoutTransactionStatus, string>> = {
  FAILED: "RECEIVER_ACCOUNT_LOCKED",
  RETURNED: "RECEIVER_UNREGISTERED",
  BLOCKED: "RECEIVER_ACCOUNT_RESTRICTED",
  REFUNDED: "REFUNDED_BY_RECEIVER",
  REVERSED: "PAYMENT_REVERSED",
};

const TAGS: Record<string, SandboxOutcome> = {
  returned: "RETURNED",
  failed: "FAILED",
  unclaimed: "UNCLAIMED",
  blocked: "BLOCKED",
  onhold: "ONHOLD",
};

/** The outcome a receiver's `+tag` asks for (`artist+failed@example.com` -> FAILED), SUCCESS without one. */
export function outcomeForReceiver(receiver: string): SandboxOutcome {
  const tag = /\+([a-z]+)@/i.exec(receiver)?.[1]?.toLowerCase();
  return (tag && TAGS[tag]) || "SUCCESS";
}

function paypalId(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  return Array.from(randomBytes(13), (byte) => alphabet[byte % alphabet.length]).join("");
}

export type SandboxPayoutsOptions = {
  db: Database;
  /** How long an item stays PENDING. */
  processingSeconds: number;
  /** How long an item stays UNCLAIMED before the sandbox returns it. */
  unclaimedReturnSeconds: number;
  now?: () => Date;
};

type ItemRow = typeof payoutSandboxItems.$inferSelect;

export type SandboxPayouts = PayoutsPort & {
  /**
   * Tests: where a PENDING item (its id, or the sender's item id) goes next, or (`immediately`) the status it has
   * now, with PayPal's error name.
   */
  setItemOutcome(itemId: string, outcome: SandboxOutcome, options?: { immediately?: boolean }): Promise<void>;
  /** The sandbox's items of a batch, as stored (tests and the payouts chaos check). */
  listItems(batchId: string): Promise<ItemRow[]>;
};

export function createSandboxPayouts(options: SandboxPayoutsOptions): SandboxPayouts {
  const { db } = options;
  const now = options.now ?? (() => new Date());

  /** Moves due items on: PENDING to their outcome, UNCLAIMED past the claim period to RETURNED. */
  async function advance(where: ReturnType<typeof eq>): Promise<void> {
    const at = now();
    const pendingDue = new Date(at.getTime() - options.processingSeconds * 1000);
    const unclaimedDue = new Date(at.getTime() - options.unclaimedReturnSeconds * 1000);
    await db
      .update(payoutSandboxItems)
      .set({
        status: payoutSandboxItems.outcome,
        statusChangedAt: at,
        transactionId: sql`case when ${payoutSandboxItems.outcome} in ('SUCCESS', 'UNCLAIMED') then upper(substr(md5(${payoutSandboxItems.id}), 1, 17)) end`,
        errorName: sql`case ${payoutSandboxItems.outcome} ${sql.raw(
          Object.entries(SANDBOX_ERROR_NAMES)
            .map(([status, name]) => `when '${status}' then '${name}'`)
            .join(" "),
        )} end`,
      })
      .where(
        and(
          where,
          eq(payoutSandboxItems.status, "PENDING"),
          sql`${payoutSandboxItems.statusChangedAt} <= ${pendingDue.toISOString()}::timestamptz`,
        ),
      );
    await db
      .update(payoutSandboxItems)
      .set({ status: "RETURNED", statusChangedAt: at, errorName: SANDBOX_ERROR_NAMES.RETURNED ?? null })
      .where(
        and(
          where,
          eq(payoutSandboxItems.status, "UNCLAIMED"),
          sql`${payoutSandboxItems.statusChangedAt} <= ${unclaimedDue.toISOString()}::timestamptz`,
        ),
      );
  }

  function presentItem(row: ItemRow): PayoutItemResult {
    return {
      payoutItemId: row.id,
      senderItemId: row.senderItemId,
      status: row.status as PayoutTransactionStatus,
      amountCents: row.amountCents,
      transactionId: row.transactionId,
      errorName: row.errorName,
    };
  }

  function batchStatus(items: ItemRow[]): PayoutBatchStatus {
    if (items.every((item) => item.status === "PENDING")) return "PENDING";
    if (items.some((item) => item.status === "PENDING" || item.status === "ONHOLD")) return "PROCESSING";
    return "SUCCESS";
  }

  async function findItem(payoutItemId: string): Promise<ItemRow> {
    await advance(eq(payoutSandboxItems.id, payoutItemId));
    const [row] = await db.select().from(payoutSandboxItems).where(eq(payoutSandboxItems.id, payoutItemId));
    if (!row) throw new PayoutsError(404, "INVALID_RESOURCE_ID", ["INVALID_RESOURCE_ID"]);
    return row;
  }

  return {
    name: "payout_sandbox",

    async createBatch(input) {
      if (input.items.length === 0) throw new PayoutsError(400, "VALIDATION_ERROR", ["ITEMS_REQUIRED"]);
      const at = now();
      // The batch and its items are written together: a crash leaves all of it or none.
      const created = await db.transaction(async (tx) => {
        const batchId = paypalId();
        const [inserted] = await tx
          .insert(payoutSandboxBatches)
          .values({ id: batchId, senderBatchId: input.senderBatchId, emailSubject: input.emailSubject, createdAt: at })
          .onConflictDoNothing({ target: payoutSandboxBatches.senderBatchId })
          .returning({ id: payoutSandboxBatches.id });
        if (!inserted) return undefined;
        // Items go in slices: one statement's parameters are limited.
        for (let start = 0; start < input.items.length; start += 1000) {
          await tx.insert(payoutSandboxItems).values(
            input.items.slice(start, start + 1000).map((item) => ({
              id: paypalId(),
              batchId,
              senderItemId: item.senderItemId,
              receiver: item.receiver,
              amountCents: item.amountCents,
              status: "PENDING",
              outcome: outcomeForReceiver(item.receiver),
              statusChangedAt: at,
            })),
          );
        }
        return batchId;
      });
      if (!created) {
        // PayPal pays a sender_batch_id once: the repeat answers the batch made first.
        const [existing] = await db
          .select({ id: payoutSandboxBatches.id })
          .from(payoutSandboxBatches)
          .where(eq(payoutSandboxBatches.senderBatchId, input.senderBatchId));
        if (!existing) throw new PayoutsError(500, "INTERNAL_SERVER_ERROR", []);
        return { batchId: existing.id, status: (await this.getBatch(existing.id)).status };
      }
      const batchId = created;
      return { batchId, status: "PENDING" };
    },

    async getBatch(batchId) {
      const [batch] = await db.select().from(payoutSandboxBatches).where(eq(payoutSandboxBatches.id, batchId));
      if (!batch) throw new PayoutsError(404, "INVALID_RESOURCE_ID", ["INVALID_RESOURCE_ID"]);
      await advance(eq(payoutSandboxItems.batchId, batchId));
      const items = await db
        .select()
        .from(payoutSandboxItems)
        .where(eq(payoutSandboxItems.batchId, batchId))
        .orderBy(asc(payoutSandboxItems.senderItemId));
      const result: PayoutBatchResult = {
        batchId,
        senderBatchId: batch.senderBatchId,
        status: batchStatus(items),
        items: items.map(presentItem),
      };
      return result;
    },

    async getItem(payoutItemId) {
      return presentItem(await findItem(payoutItemId));
    },

    async cancelUnclaimedItem(payoutItemId) {
      const row = await findItem(payoutItemId);
      if (row.status !== "UNCLAIMED") throw new PayoutsError(400, "ITEM_ALREADY_PROCESSED", ["ITEM_NOT_UNCLAIMED"]);
      const [updated] = await db
        .update(payoutSandboxItems)
        .set({ status: "RETURNED", statusChangedAt: now(), errorName: null })
        .where(and(eq(payoutSandboxItems.id, payoutItemId), eq(payoutSandboxItems.status, "UNCLAIMED")))
        .returning();
      return presentItem(updated ?? (await findItem(payoutItemId)));
    },

    async setItemOutcome(itemId, outcome, setOptions = {}) {
      await db
        .update(payoutSandboxItems)
        .set(
          setOptions.immediately
            ? {
                outcome,
                status: outcome,
                statusChangedAt: now(),
                errorName: SANDBOX_ERROR_NAMES[outcome] ?? null,
              }
            : { outcome },
        )
        .where(or(eq(payoutSandboxItems.id, itemId), eq(payoutSandboxItems.senderItemId, itemId)));
    },

    async listItems(batchId) {
      return db
        .select()
        .from(payoutSandboxItems)
        .where(eq(payoutSandboxItems.batchId, batchId))
        .orderBy(asc(payoutSandboxItems.senderItemId));
    },
  };
}
