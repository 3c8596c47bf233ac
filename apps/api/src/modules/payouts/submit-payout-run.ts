import { and, asc, eq, sql } from "drizzle-orm";
import type { PayoutsPort } from "../../adapters/payouts/payouts.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { payoutItems, payoutRuns } from "../../db/schema/index.ts";
import { enqueueJob } from "../../jobs/enqueue-job.ts";

/**
 * Sends a recorded run's batch (decision 073). The batch's sender_batch_id and PayPal-Request-Id are the run's
 * id, so a second submission (the job retried after a crash between PayPal's reply and our commit, the safety
 * net's pass, two instances at once) answers the batch made first: every artist is paid at most once. The run
 * then keeps the provider's batch id and its items go `pending`; what happens next is read back by
 * `syncPayoutRun`. A held run is not sent.
 */
export async function submitPayoutRun(options: {
  db: Database;
  config: Pick<Config, "BRAND_NAME" | "PAYOUT_SYNC_SECONDS">;
  port: PayoutsPort;
  runId: string;
}): Promise<{ outcome: "submitted" | "already_submitted" | "held" | "missing"; batchId?: string }> {
  const { db, port, runId, config } = options;
  const [run] = await db.select().from(payoutRuns).where(eq(payoutRuns.id, runId));
  if (!run) return { outcome: "missing" };
  if (run.status === "held") return { outcome: "held" };
  if (run.status !== "open") return { outcome: "already_submitted", batchId: run.providerBatchId ?? undefined };
  const items = await db
    .select({ id: payoutItems.id, receiverEmail: payoutItems.receiverEmail, amountCents: payoutItems.amountCents })
    .from(payoutItems)
    .where(eq(payoutItems.runId, runId))
    .orderBy(asc(payoutItems.id));
  const batch = await port.createBatch({
    senderBatchId: run.id,
    emailSubject: `You have a payout from ${config.BRAND_NAME}`,
    emailMessage: `Your ${config.BRAND_NAME} royalties are on their way. Thank you for selling with us.`,
    items: items.map((item) => ({
      senderItemId: item.id,
      receiver: item.receiverEmail,
      amountCents: item.amountCents,
      note: `${config.BRAND_NAME} royalties`,
    })),
  });
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(payoutRuns)
      .set({
        status: "submitted",
        providerBatchId: batch.batchId,
        providerBatchStatus: batch.status,
        submittedAt: sql`now()`,
      })
      .where(and(eq(payoutRuns.id, runId), eq(payoutRuns.status, "open")))
      .returning({ id: payoutRuns.id });
    if (!updated) return;
    await tx
      .update(payoutItems)
      .set({ status: "pending", statusChangedAt: sql`now()` })
      .where(and(eq(payoutItems.runId, runId), eq(payoutItems.status, "queued")));
  });
  // The first read-back a little later; the scheduled safety net reads it back after that.
  await enqueueJob(
    db,
    "sync_payout_runs",
    {},
    {
      runAt: new Date(Date.now() + Math.min(config.PAYOUT_SYNC_SECONDS, 60) * 1000),
      dedupeKey: `after-submit:${runId}`,
    },
  );
  return { outcome: "submitted", batchId: batch.batchId };
}
