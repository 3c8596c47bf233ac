import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { payoutRuns, payoutSettings } from "../../db/schema/index.ts";
import { selectRows } from "../../db/select-rows.ts";
import { enqueueJob } from "../../jobs/enqueue-job.ts";
import { AppError } from "../../lib/app-error.ts";
import { findPayoutReconciliation, type PayoutReconciliation } from "./balances.ts";
import { createPayoutRun, type PayoutRun } from "./create-payout-run.ts";

/**
 * What the operators' console (a later issue) calls for payouts (decision 073): the runs with their figures,
 * a run on demand, approving or holding a run before it is sent, holding one artist's payouts, and the
 * reconciliation figures. Authorisation and the audit log belong to the console's routes.
 */

export type PayoutRunSummary = PayoutRun & {
  itemCount: number;
  totalCents: number;
  /** Item counts by status. */
  statusCounts: Record<string, number>;
};

/** The runs, newest first, with their item counts and totals. */
export async function listPayoutRuns(options: { db: Database; limit?: number }): Promise<PayoutRunSummary[]> {
  const { db, limit = 50 } = options;
  const runs = await db.select().from(payoutRuns).orderBy(desc(payoutRuns.createdAt)).limit(limit);
  if (runs.length === 0) return [];
  const counts = await selectRows<{ run_id: string; status: string; items: number | string; cents: number | string }>(
    db,
    sql`select run_id, status, count(*)::int as items, sum(amount_cents)::bigint as cents from payout_items
      where run_id in (${sql.join(
        runs.map((run) => sql`${run.id}`),
        sql`, `,
      )}) group by run_id, status`,
  );
  return runs.map((run) => {
    const mine = counts.filter((row) => row.run_id === run.id);
    return {
      ...run,
      itemCount: mine.reduce((sum, row) => sum + Number(row.items), 0),
      totalCents: mine.reduce((sum, row) => sum + Number(row.cents), 0),
      statusCounts: Object.fromEntries(mine.map((row) => [row.status, Number(row.items)])),
    };
  });
}

/** A run made now by an operator (held for approval when asked). Undefined when no artist is due a payout. */
export async function createOnDemandPayoutRun(options: {
  db: Database;
  provider: string;
  operatorId: string;
  held?: boolean;
  asOf?: Date;
}) {
  return createPayoutRun({
    db: options.db,
    provider: options.provider,
    kind: "on_demand",
    requestedBy: `operator:${options.operatorId}`,
    held: options.held ?? false,
    ...(options.asOf ? { asOf: options.asOf } : {}),
  });
}

/** Holds a run that has not been sent yet; a sent run cannot be held (409). */
export async function holdPayoutRun(options: { db: Database; runId: string; reason: string }): Promise<PayoutRun> {
  const [run] = await options.db
    .update(payoutRuns)
    .set({ status: "held", holdReason: options.reason })
    .where(and(eq(payoutRuns.id, options.runId), sql`${payoutRuns.status} in ('open', 'held')`))
    .returning();
  if (run) return run;
  await findRunOrThrow(options.db, options.runId);
  throw AppError.conflict("This payout run has been sent already; it can no longer be held");
}

/** Approves a held run: it is sent at once (its submission job). */
export async function approvePayoutRun(options: { db: Database; runId: string }): Promise<PayoutRun> {
  const run = await options.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(payoutRuns)
      .set({ status: "open", holdReason: null })
      .where(and(eq(payoutRuns.id, options.runId), eq(payoutRuns.status, "held")))
      .returning();
    if (updated)
      await enqueueJob(tx, "submit_payout_run", { runId: updated.id }, { dedupeKey: `approved:${updated.id}` });
    return updated;
  });
  if (run) return run;
  const existing = await findRunOrThrow(options.db, options.runId);
  if (existing.status === "open") return existing;
  throw AppError.conflict("Only a held payout run can be approved");
}

async function findRunOrThrow(db: Database, runId: string): Promise<PayoutRun> {
  const [run] = await db.select().from(payoutRuns).where(eq(payoutRuns.id, runId));
  if (!run) throw AppError.notFound("Payout run");
  return run;
}

/** Holds (with a reason) or releases (reason null) one artist's payouts: held artists are left out of runs. */
export async function setArtistPayoutHold(options: {
  db: Database;
  sellerProfileId: string;
  reason: string | null;
}): Promise<void> {
  const { db, sellerProfileId, reason } = options;
  await db
    .insert(payoutSettings)
    .values({ sellerProfileId, operatorHoldReason: reason, operatorHeldAt: reason ? new Date() : null })
    .onConflictDoUpdate({
      target: payoutSettings.sellerProfileId,
      set: { operatorHoldReason: reason, operatorHeldAt: reason ? new Date() : null, updatedAt: sql`now()` },
    });
}

/** The reconciliation view: the ledger's sum against pending + available + in payout + paid, to the cent. */
export async function getPayoutReconciliation(options: { db: Database; asOf?: Date }): Promise<PayoutReconciliation> {
  return findPayoutReconciliation(options);
}
