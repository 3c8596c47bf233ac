import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { EARNINGS_HOLD_DAYS_AFTER_DELIVERY } from "@threadfolk/contract/studio";
import { eq, sql } from "drizzle-orm";
import { createPayouts } from "../adapters/payouts/create-payouts.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { applyMigrations } from "../db/migrate.ts";
import { payoutItems, payoutRuns } from "../db/schema/index.ts";
import { selectRows } from "../db/select-rows.ts";
import { findPayoutReconciliation } from "../modules/payouts/balances.ts";
import { checkPayouts } from "../modules/payouts/check-payouts.ts";
import { createPayoutRun } from "../modules/payouts/create-payout-run.ts";
import { submitPayoutRun } from "../modules/payouts/submit-payout-run.ts";
import { syncPayoutRun, syncPayoutRuns } from "../modules/payouts/sync-payouts.ts";
import {
  recordSimulatedSales,
  refundSimulatedSale,
  type SimulatedSale,
  seedPayoutArtists,
} from "../seed/payout-simulation.ts";
import { databaseOptionsFor } from "../server.ts";

/**
 * The payouts' benchmark, year simulation and chaos worker (decision 073):
 *
 *   payouts-sim.js bench [--artists 1000]     times one run for N artists (record, send, read back): `npm run bench:payouts`
 *   payouts-sim.js year  [--artists 1000]     a year of sales, refunds and returned payouts; reconciles to the cent
 *   payouts-sim.js chaos-seed|chaos-work|chaos-verify   the steps of scripts/chaos-payouts.mjs
 *
 * `bench` and `year` use a fresh embedded database in a temporary directory unless DATABASE_URL is set (then
 * they add to that database). The payout sandbox answers at once (PAYOUT_SANDBOX_PROCESSING_SECONDS=0).
 */

const DAY = 86_400_000;

function mulberry32(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

async function open(fresh: boolean): Promise<{ database: DatabaseHandle; config: ReturnType<typeof loadConfig> }> {
  const environment: Record<string, string | undefined> = {
    ...process.env,
    PAYOUT_SANDBOX_PROCESSING_SECONDS: "0",
    SEED_DEMO_DATA: "false",
  };
  if (fresh && !process.env.DATABASE_URL) {
    environment.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "threadfolk-payouts-"));
  }
  const config = loadConfig(environment);
  const database = await openDatabase(databaseOptionsFor(config));
  await applyMigrations(database);
  return { database, config };
}

const seconds = (start: number) => ((performance.now() - start) / 1000).toFixed(2);

async function bench(artists: number): Promise<number> {
  const { database, config } = await open(true);
  const { db } = database;
  try {
    const port = createPayouts(config, db).port;
    let start = performance.now();
    const seeded = await seedPayoutArtists(db, { count: artists });
    const delivered = new Date(Date.now() - (EARNINGS_HOLD_DAYS_AFTER_DELIVERY + 3) * DAY);
    await recordSimulatedSales(
      db,
      seeded.flatMap((artist) =>
        [1, 2].map((quantity) => ({
          artist,
          quantity,
          paidAt: new Date(delivered.getTime() - 5 * DAY),
          deliveredAt: delivered,
        })),
      ),
    );
    console.log(
      `seeded ${artists} artists and ${artists * 2} delivered orders in ${seconds(start)} s (${database.driver})`,
    );

    start = performance.now();
    const made = await createPayoutRun({ db, provider: port.name, kind: "on_demand", requestedBy: "system:bench" });
    if (!made) throw new Error("nobody was due a payout");
    const recorded = seconds(start);
    const submitStart = performance.now();
    await submitPayoutRun({ db, config, port, runId: made.run.id });
    const submitted = seconds(submitStart);
    const syncStart = performance.now();
    await syncPayoutRun({ db, config, port }, made.run.id);
    const synced = seconds(syncStart);
    const total = (performance.now() - start) / 1000;
    const [counts] = await selectRows<{ items: number; paid: number }>(
      db,
      sql`select count(*)::int as items, count(*) filter (where status = 'success')::int as paid from payout_items where run_id = ${made.run.id}`,
    );
    console.log(
      `payout run for ${counts?.items} artists: recorded ${recorded} s, sent ${submitted} s, read back ${synced} s; total ${total.toFixed(2)} s (target < 30 s); ${counts?.paid} paid`,
    );
    const findings = await checkPayouts(db);
    console.log(`ledger:check payout findings: ${findings.length}`);
    return findings.length === 0 && total < 30 ? 0 : 1;
  } finally {
    await database.close();
  }
}

async function year(artists: number, seed: number): Promise<number> {
  const { database, config } = await open(true);
  const { db } = database;
  const random = mulberry32(seed);
  try {
    const payouts = createPayouts(config, db);
    const sandbox = payouts.sandbox;
    const port = payouts.port;
    const start = performance.now();
    const seeded = await seedPayoutArtists(db, { count: artists });
    const yearStart = Date.now() - 380 * DAY;
    const figures = { orders: 0, refunds: 0, runs: 0, items: 0, returned: 0, failed: 0 };
    const sold: Array<{ id: string; refunded: boolean }> = [];
    for (let month = 0; month < 12; month += 1) {
      const monthStart = yearStart + month * 30 * DAY;
      const sales: SimulatedSale[] = [];
      for (const artist of seeded) {
        const count = Math.floor(random() * 3);
        for (let index = 0; index < count; index += 1) {
          const paidAt = monthStart + Math.floor(random() * 25) * DAY;
          // Most orders arrive within a week; one in fifty never does (lost, then refunded).
          const deliveredAt = random() < 0.02 ? null : new Date(paidAt + (3 + Math.floor(random() * 5)) * DAY);
          sales.push({ artist, quantity: 1 + Math.floor(random() * 3), paidAt: new Date(paidAt), deliveredAt });
        }
      }
      const ids = await recordSimulatedSales(db, sales);
      figures.orders += ids.length;
      for (const id of ids) sold.push({ id, refunded: false });
      // About 3% of this and earlier months' orders are refunded now, some after they were paid out.
      for (const order of sold) {
        if (!order.refunded && random() < 0.03 / (month + 1)) {
          await refundSimulatedSale(db, order.id);
          order.refunded = true;
          figures.refunds += 1;
        }
      }
      const runDay = new Date(monthStart + 29 * DAY);
      const made = await createPayoutRun({
        db,
        provider: port.name,
        kind: "scheduled",
        period: runDay.toISOString().slice(0, 7) + `-m${month}`,
        requestedBy: "system:simulation",
        asOf: runDay,
      });
      if (!made) continue;
      figures.runs += 1;
      const items = await db.select({ id: payoutItems.id }).from(payoutItems).where(eq(payoutItems.runId, made.run.id));
      figures.items += items.length;
      await submitPayoutRun({ db, config, port, runId: made.run.id });
      // 2% come back (returned), 1% fail: their money is available again for the next run.
      for (const item of items) {
        const draw = random();
        if (draw < 0.02) {
          await sandbox?.setItemOutcome(item.id, "RETURNED");
          figures.returned += 1;
        } else if (draw < 0.03) {
          await sandbox?.setItemOutcome(item.id, "FAILED");
          figures.failed += 1;
        }
      }
      await syncPayoutRun({ db, config, port }, made.run.id);
    }
    const reconciliation = await findPayoutReconciliation({ db });
    const findings = await checkPayouts(db);
    const cents = (value: number) => `$${(value / 100).toFixed(2)}`;
    console.log(
      `a year for ${artists} artists (seed ${seed}, ${database.driver}): ${figures.orders} orders, ${figures.refunds} refunds, ${figures.runs} runs, ${figures.items} payout items (${figures.returned} returned, ${figures.failed} failed) in ${seconds(start)} s`,
    );
    console.log(
      `ledger ${cents(reconciliation.ledgerCents)} = pending ${cents(reconciliation.pendingCents)} + available ${cents(reconciliation.availableCents)} + in payout ${cents(reconciliation.inPayoutCents)} + paid ${cents(reconciliation.paidCents)}; paid items ${cents(reconciliation.paidItemsCents)}`,
    );
    const negative = await selectRows<{ artists: number }>(
      db,
      sql`select count(*)::int as artists from (select 1 from earnings_entries e join orders o on o.id = e.order_id
        left join payout_item_entries l on l.earnings_entry_id = e.id and l.released_at is null
        where l.earnings_entry_id is null and o.delivered_at is not null group by e.seller_profile_id
        having sum(e.artist_earnings_cents) < 0) negative`,
    );
    console.log(`artists with a negative available balance (refunds after payouts): ${negative[0]?.artists ?? 0}`);
    console.log(
      reconciliation.balanced && findings.length === 0
        ? "reconciles to the cent: yes"
        : `reconciles to the cent: NO (${findings.map((finding) => finding.detail).join("; ")})`,
    );
    return reconciliation.balanced && findings.length === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

/** Chaos: the artists and their sales, in the configured database (the chaos script's DATA_DIR or DATABASE_URL). */
async function chaosSeed(artists: number): Promise<number> {
  const { database } = await open(false);
  try {
    const seeded = await seedPayoutArtists(database.db, { count: artists });
    const delivered = new Date(Date.now() - (EARNINGS_HOLD_DAYS_AFTER_DELIVERY + 3) * DAY);
    await recordSimulatedSales(
      database.db,
      // Two shirts each: above the $20 minimum.
      seeded.map((artist) => ({
        artist,
        quantity: 2,
        paidAt: new Date(delivered.getTime() - DAY),
        deliveredAt: delivered,
      })),
    );
    console.log(`seeded ${artists} artists`);
    return 0;
  } finally {
    await database.close();
  }
}

/** Chaos: what the job worker does (make the run once, send it, read it back), to be killed at any moment. */
async function chaosWork(): Promise<number> {
  const { database, config } = await open(false);
  try {
    const port = createPayouts(config, database.db).port;
    const context = { db: database.db, config, port };
    const made = await createPayoutRun({
      db: database.db,
      provider: port.name,
      kind: "scheduled",
      period: "chaos",
      requestedBy: "system:chaos",
    });
    console.log(made ? `recorded run ${made.run.id} (${made.created ? "new" : "existing"})` : "no run to record");
    if (made) console.log(`sent: ${(await submitPayoutRun({ ...context, runId: made.run.id })).outcome}`);
    await syncPayoutRuns(context);
    const [run] = await database.db.select().from(payoutRuns).where(eq(payoutRuns.period, "chaos"));
    console.log(`run ${run?.status ?? "none"}`);
    return run?.status === "completed" ? 0 : 3;
  } finally {
    await database.close();
  }
}

/** Chaos: every artist paid exactly once, one batch, and the books reconcile. */
async function chaosVerify(artists: number): Promise<number> {
  const { database } = await open(false);
  try {
    const db = database.db;
    const [figures] = await selectRows<{
      batches: number;
      sandbox_items: number;
      distinct_receivers: number;
      items: number;
      paid: number;
      runs: number;
    }>(
      db,
      sql`select (select count(*)::int from payout_sandbox_batches) as batches,
        (select count(*)::int from payout_sandbox_items) as sandbox_items,
        (select count(distinct sender_item_id)::int from payout_sandbox_items) as distinct_receivers,
        (select count(*)::int from payout_items) as items,
        (select count(*)::int from payout_items where status = 'success') as paid,
        (select count(*)::int from payout_runs) as runs`,
    );
    const findings = await checkPayouts(db);
    console.log(
      `runs ${figures?.runs}, sandbox batches ${figures?.batches}, sandbox items ${figures?.sandbox_items}, our items ${figures?.items}, paid ${figures?.paid} of ${artists} artists; payout findings ${findings.length}`,
    );
    const ok =
      figures?.runs === 1 &&
      figures.batches === 1 &&
      figures.sandbox_items === artists &&
      figures.distinct_receivers === artists &&
      figures.items === artists &&
      figures.paid === artists &&
      findings.length === 0;
    console.log(ok ? "each artist paid exactly once: yes" : "each artist paid exactly once: NO");
    return ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { artists: { type: "string", default: "1000" }, seed: { type: "string", default: "29" } },
  });
  const artists = Number(values.artists);
  if (!Number.isInteger(artists) || artists < 1 || artists > 100_000) throw new Error("--artists: 1 to 100,000");
  switch (positionals[0]) {
    case "bench":
      return bench(artists);
    case "year":
      return year(artists, Number(values.seed));
    case "chaos-seed":
      return chaosSeed(artists);
    case "chaos-work":
      return chaosWork();
    case "chaos-verify":
      return chaosVerify(artists);
    default:
      console.error("Usage: payouts-sim.js bench|year|chaos-seed|chaos-work|chaos-verify [--artists N] [--seed N]");
      return 2;
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exitCode = 2;
  },
);
