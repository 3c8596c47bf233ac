import { and, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { PayoutItemResult, PayoutsPort } from "../../adapters/payouts/payouts.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import {
  type PayoutItemStatus,
  payoutItemEntries,
  payoutItems,
  payoutRuns,
  RELEASING_PAYOUT_ITEM_STATUSES,
} from "../../db/schema/index.ts";
import { enqueuePayoutOutcomeEmail } from "./payout-emails.ts";
import { submitPayoutRun } from "./submit-payout-run.ts";

const RELEASING: ReadonlySet<PayoutItemStatus> = new Set(RELEASING_PAYOUT_ITEM_STATUSES);
/** Statuses after which nothing changes any more (a success can still be refunded or reversed). */
const FINAL: ReadonlySet<PayoutItemStatus> = new Set([...RELEASING_PAYOUT_ITEM_STATUSES, "success"]);

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type PayoutsContext = { db: Database; config: Config; port: PayoutsPort };

/** Our status for PayPal's transaction status. */
function toItemStatus(result: PayoutItemResult): PayoutItemStatus {
  return result.status.toLowerCase() as PayoutItemStatus;
}

/**
 * Applies what the provider says of one item (read back, never taken from a webhook's body). A success is
 * paid; a failure, a return (an unclaimed item given back), a block, a refund or a reversal releases the item's
 * ledger entries, so its amount is available again, and records PayPal's reason for the artist. Each change is
 * one conditional update: a webhook and the poll applying the same news change the item once, e-mail it once.
 */
export async function applyPayoutItemResult(
  context: Pick<PayoutsContext, "db" | "config">,
  result: PayoutItemResult,
): Promise<"changed" | "unchanged" | "unknown"> {
  const { db, config } = context;
  const [item] = await db
    .select()
    .from(payoutItems)
    .where(
      UUID_PATTERN.test(result.senderItemId)
        ? eq(payoutItems.id, result.senderItemId)
        : eq(payoutItems.providerItemId, result.payoutItemId),
    );
  if (!item) return "unknown";
  const next = toItemStatus(result);
  if (next === item.status && item.providerItemId) return "unchanged";
  // A final status never goes back to an earlier one (a late or reordered read); only success may be refunded.
  if (RELEASING.has(item.status) || (item.status === "success" && !RELEASING.has(next))) {
    if (!item.providerItemId) {
      await db.update(payoutItems).set({ providerItemId: result.payoutItemId }).where(eq(payoutItems.id, item.id));
    }
    return "unchanged";
  }
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(payoutItems)
      .set({
        status: next,
        providerItemId: result.payoutItemId,
        providerTransactionId: result.transactionId ?? item.providerTransactionId,
        statusReason: RELEASING.has(next) ? (result.errorName ?? "UNKNOWN") : item.statusReason,
        unclaimedSince: next === "unclaimed" ? (item.unclaimedSince ?? sql`now()`) : item.unclaimedSince,
        statusChangedAt: sql`now()`,
      })
      .where(and(eq(payoutItems.id, item.id), eq(payoutItems.status, item.status)))
      .returning();
    if (!updated) return "unchanged";
    if (next === item.status) return "changed";
    if (RELEASING.has(next)) {
      await tx
        .update(payoutItemEntries)
        .set({ releasedAt: sql`now()` })
        .where(and(eq(payoutItemEntries.payoutItemId, item.id), isNull(payoutItemEntries.releasedAt)));
      await enqueuePayoutOutcomeEmail({ db: tx, config, item, outcome: "returned", reason: updated.statusReason });
    } else if (next === "success") {
      await enqueuePayoutOutcomeEmail({ db: tx, config, item, outcome: "sent" });
    }
    return "changed";
  });
}

/** Marks a submitted run completed once every item is final. */
async function completeRunIfDone(db: Database, runId: string): Promise<boolean> {
  const [updated] = await db
    .update(payoutRuns)
    .set({ status: "completed", completedAt: sql`now()` })
    .where(
      and(
        eq(payoutRuns.id, runId),
        eq(payoutRuns.status, "submitted"),
        sql`not exists (select 1 from payout_items i where i.run_id = ${runId}
          and i.status not in (${sql.join(
            [...FINAL].map((status) => sql`${status}`),
            sql`, `,
          )}))`,
      ),
    )
    .returning({ id: payoutRuns.id });
  return Boolean(updated);
}

/**
 * Reads a submitted run's batch back and applies every item's status; cancels items unclaimed for
 * PAYOUT_UNCLAIMED_RETURN_DAYS (PayPal gives their money back: RETURNED).
 */
export async function syncPayoutRun(
  context: PayoutsContext,
  runId: string,
): Promise<{ changed: number; completed: boolean }> {
  const { db, port, config } = context;
  const [run] = await db.select().from(payoutRuns).where(eq(payoutRuns.id, runId));
  if (!run?.providerBatchId || run.status === "held" || run.status === "open") return { changed: 0, completed: false };
  const batch = await port.getBatch(run.providerBatchId);
  const current = new Map(
    (
      await db
        .select({ id: payoutItems.id, status: payoutItems.status, providerItemId: payoutItems.providerItemId })
        .from(payoutItems)
        .where(eq(payoutItems.runId, runId))
    ).map((item) => [item.id, item]),
  );
  let changed = 0;
  for (const result of batch.items) {
    const known = current.get(result.senderItemId);
    if (known && known.status === toItemStatus(result) && known.providerItemId) continue;
    if ((await applyPayoutItemResult(context, result)) === "changed") changed += 1;
  }
  const unclaimedDue = new Date(Date.now() - config.PAYOUT_UNCLAIMED_RETURN_DAYS * 86_400_000);
  const unclaimed = await db
    .select({ providerItemId: payoutItems.providerItemId })
    .from(payoutItems)
    .where(
      and(
        eq(payoutItems.runId, runId),
        eq(payoutItems.status, "unclaimed"),
        lte(payoutItems.unclaimedSince, unclaimedDue),
      ),
    );
  for (const item of unclaimed) {
    if (!item.providerItemId) continue;
    const result = await port.cancelUnclaimedItem(item.providerItemId);
    const cancelled = { ...result, errorName: result.errorName ?? "UNCLAIMED_CANCELLED" };
    if ((await applyPayoutItemResult(context, cancelled)) === "changed") changed += 1;
  }
  await db
    .update(payoutRuns)
    .set({ providerBatchStatus: batch.status, syncedAt: sql`now()` })
    .where(eq(payoutRuns.id, runId));
  return { changed, completed: await completeRunIfDone(db, runId) };
}

/** The safety net: submits every open run (a crash between recording and sending), reads back the submitted ones. */
export async function syncPayoutRuns(context: PayoutsContext): Promise<{ submitted: number; synced: number }> {
  const runs = await context.db
    .select({ id: payoutRuns.id, status: payoutRuns.status })
    .from(payoutRuns)
    .where(inArray(payoutRuns.status, ["open", "submitted"]));
  let submitted = 0;
  for (const run of runs) {
    if (run.status !== "open") continue;
    const outcome = await submitPayoutRun({ ...context, runId: run.id });
    if (outcome.outcome === "submitted") submitted += 1;
  }
  let synced = 0;
  for (const run of runs) {
    await syncPayoutRun(context, run.id);
    synced += 1;
  }
  return { submitted, synced };
}

/** A webhook's item, read back from the provider and applied (the notification's body is only a hint). */
export async function syncPayoutItem(context: PayoutsContext, payoutItemId: string) {
  const result = await context.port.getItem(payoutItemId);
  const outcome = await applyPayoutItemResult(context, result);
  const [item] = await context.db
    .select({ runId: payoutItems.runId })
    .from(payoutItems)
    .where(eq(payoutItems.providerItemId, result.payoutItemId));
  if (item) await completeRunIfDone(context.db, item.runId);
  return { outcome, status: result.status };
}
