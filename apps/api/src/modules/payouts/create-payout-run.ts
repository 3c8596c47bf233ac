import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { payoutRuns } from "../../db/schema/index.ts";
import { selectRows } from "../../db/select-rows.ts";
import { enqueueJob } from "../../jobs/enqueue-job.ts";
import { settledCondition } from "./balances.ts";

export type PayoutRun = typeof payoutRuns.$inferSelect;

/**
 * Records a payout run (decision 073): one item per artist with a confirmed PayPal e-mail, not on hold, whose
 * available balance at `asOf` is at least their minimum; each item links every available ledger entry of its
 * artist (sales and the reversals netted against them) and its amount is their sum. Recorded first, in one
 * transaction with the job that submits it, so a crash before or after the submission loses nothing and pays
 * nothing twice (the submission is keyed by the run's id). A held run (`held`) waits for an operator's approval.
 *
 * One scheduled run per `period` (the month): a second call for the same period answers the first run.
 * Answers undefined when no artist is due a payout (nothing is recorded).
 */
export async function createPayoutRun(options: {
  db: Database;
  provider: string;
  kind: "scheduled" | "on_demand";
  period?: string;
  requestedBy: string;
  held?: boolean;
  asOf?: Date;
}): Promise<{ run: PayoutRun; created: boolean } | undefined> {
  const { db, provider, kind, requestedBy, asOf = new Date() } = options;
  const period = options.period ?? null;
  const settled = settledCondition(asOf);
  return db.transaction(async (tx) => {
    // One run is made at a time: two at once would race for the same entries.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('threadfolk:payout-runs', 0))`);
    if (period) {
      const [existing] = await tx.select().from(payoutRuns).where(eq(payoutRuns.period, period));
      if (existing) return { run: existing, created: false };
    }
    const runId = randomUUID();
    const [run] = await tx
      .insert(payoutRuns)
      .values({ id: runId, kind, period, status: options.held ? "held" : "open", provider, requestedBy })
      .returning();
    if (!run) throw new Error("createPayoutRun: the run was not recorded");
    const items = await selectRows<{ id: string }>(
      tx,
      sql`insert into payout_items (run_id, seller_profile_id, receiver_email, amount_cents, status)
      select ${runId}, s.seller_profile_id, s.paypal_email, b.amount_cents, 'queued'
      from payout_settings s
      join (
        select e.seller_profile_id, sum(e.artist_earnings_cents) as amount_cents
        from earnings_entries e
        join orders o on o.id = e.order_id
        where ${settled}
          and not exists (select 1 from payout_item_entries l where l.earnings_entry_id = e.id and l.released_at is null)
        group by e.seller_profile_id
      ) b on b.seller_profile_id = s.seller_profile_id
      where s.paypal_email is not null
        and (s.held_until is null or s.held_until <= ${asOf.toISOString()}::timestamptz)
        and s.operator_hold_reason is null
        and b.amount_cents >= s.minimum_payout_cents
      returning id`,
    );
    if (items.length === 0) {
      await tx.delete(payoutRuns).where(eq(payoutRuns.id, runId));
      return undefined;
    }
    await tx.execute(
      sql`insert into payout_item_entries (payout_item_id, earnings_entry_id)
      select i.id, e.id
      from payout_items i
      join earnings_entries e on e.seller_profile_id = i.seller_profile_id
      join orders o on o.id = e.order_id
      where i.run_id = ${runId} and ${settled}
        and not exists (select 1 from payout_item_entries l where l.earnings_entry_id = e.id and l.released_at is null)`,
    );
    // An item's amount is the sum of what it links, exactly (an entry appended between the two statements by
    // a refund is in both sums or in neither).
    await tx.execute(
      sql`update payout_items i set amount_cents = linked.cents
      from (
        select l.payout_item_id, sum(e.artist_earnings_cents)::int as cents
        from payout_item_entries l
        join earnings_entries e on e.id = l.earnings_entry_id
        join payout_items p on p.id = l.payout_item_id
        where p.run_id = ${runId}
        group by l.payout_item_id
      ) linked
      where linked.payout_item_id = i.id and i.amount_cents <> linked.cents`,
    );
    if (!options.held) await enqueueJob(tx, "submit_payout_run", { runId }, { dedupeKey: runId });
    return { run, created: true };
  });
}

/** The month a scheduled run pays: `2026-11` (UTC). */
export function payoutPeriodOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/**
 * The next scheduled run's day: PAYOUT_RUN_DAY of this month (UTC) while it has not come; today when it has passed
 * without a run (the hourly schedule makes it as soon as someone is due); next month's once this month's ran.
 */
export function nextPayoutDate(options: { now: Date; runDay: number; ranThisMonth: boolean }): Date {
  const { now, runDay } = options;
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  if (options.ranThisMonth) return new Date(Date.UTC(year, month + 1, runDay));
  if (now.getUTCDate() <= runDay) return new Date(Date.UTC(year, month, runDay));
  return new Date(Date.UTC(year, month, now.getUTCDate()));
}
