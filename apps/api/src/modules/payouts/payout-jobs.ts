import type { PayoutsPort } from "../../adapters/payouts/payouts.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import type { JobHandler, JobSchedule } from "../../jobs/job-worker.ts";
import { createPayoutRun, payoutPeriodOf } from "./create-payout-run.ts";
import { submitPayoutRun } from "./submit-payout-run.ts";
import { syncPayoutItem, syncPayoutRuns } from "./sync-payouts.ts";

/** How often the month's run is looked for (it is made on PAYOUT_RUN_DAY, or the first hour after). */
export const SCHEDULE_PAYOUT_RUN_SECONDS = 3600;

type PayoutJobsContext = { db: Database; config: Config; port: PayoutsPort };

const PAYMENT_RETRY = { maxAttempts: 20, baseDelaySeconds: 30, maxDelaySeconds: 3600, leaseSeconds: 300 };

export function payoutSchedules(config: Config): JobSchedule[] {
  return [
    { kind: "schedule_payout_run", everySeconds: SCHEDULE_PAYOUT_RUN_SECONDS },
    { kind: "sync_payout_runs", everySeconds: config.PAYOUT_SYNC_SECONDS },
  ];
}

/**
 * Makes the month's scheduled run from PAYOUT_RUN_DAY on (UTC), once per month (the period is unique); held for
 * an operator's approval when PAYOUT_RUNS_NEED_APPROVAL. Nothing is recorded while no artist is due a payout.
 */
export async function runPayoutSchedule(context: PayoutJobsContext, now = new Date()) {
  if (now.getUTCDate() < context.config.PAYOUT_RUN_DAY) return { outcome: "not_due" };
  const made = await createPayoutRun({
    db: context.db,
    provider: context.port.name,
    kind: "scheduled",
    period: payoutPeriodOf(now),
    requestedBy: "system:payout_schedule",
    held: context.config.PAYOUT_RUNS_NEED_APPROVAL,
    asOf: now,
  });
  if (!made) return { outcome: "nobody_due" };
  return { outcome: made.created ? "created" : "exists", runId: made.run.id };
}

export function createPayoutJobHandlers(context: PayoutJobsContext & { nudge: () => void }): {
  submit_payout_run: JobHandler<"submit_payout_run">;
  sync_payout_item: JobHandler<"sync_payout_item">;
  sync_payout_runs: JobHandler<"sync_payout_runs">;
  schedule_payout_run: JobHandler<"schedule_payout_run">;
} {
  return {
    submit_payout_run: {
      retry: PAYMENT_RETRY,
      run: async ({ runId }) => submitPayoutRun({ ...context, runId }),
    },
    sync_payout_item: {
      retry: PAYMENT_RETRY,
      run: async ({ payoutItemId }) => syncPayoutItem(context, payoutItemId),
    },
    sync_payout_runs: {
      retry: { maxAttempts: 3, baseDelaySeconds: 30, maxDelaySeconds: 300, leaseSeconds: 600 },
      run: async () => syncPayoutRuns(context),
    },
    schedule_payout_run: {
      retry: { maxAttempts: 5, baseDelaySeconds: 60, maxDelaySeconds: 1800, leaseSeconds: 600 },
      run: async () => {
        const result = await runPayoutSchedule(context);
        context.nudge();
        return result;
      },
    },
  };
}
