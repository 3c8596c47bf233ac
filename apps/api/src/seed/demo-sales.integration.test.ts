import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { REFUND_WINDOW_DAYS } from "@threadfolk/contract/studio";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTestServer, type TestServer } from "../../test/test-server.ts";
import { reconcileOrderLedger } from "../modules/earnings/reconcile-order-ledger.ts";
import { getSalesSummary, listSales } from "../modules/sales/get-sales.ts";
import { DEMO_ACCOUNTS, DEMO_ARTIST_UNIQUE_USERNAME } from "./demo-accounts.ts";
import { DEMO_SALES } from "./demo-sales.ts";
import { seedDemoData } from "./seed-demo-data.ts";

let server: TestServer;
let dataDir: string;
let artistId: string;

type Rows<Row> = { rows: Row[] };

async function rows<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await server.context.db.execute(query)) as unknown as Rows<Row>).rows;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "threadfolk-demo-sales-"));
  server = await getTestServer({ env: { DATA_DIR: dataDir } });
  // The real start-up path: every demo seed step (the sales last), once.
  const log: string[] = [];
  expect(await seedDemoData(server.context, (message) => log.push(message))).toBe(true);
  // Printed for the record (the first start is measured): the sales step's own time.
  console.info(log.join("\n"));
  const [artist] = await rows<{ id: string }>(
    sql`select id from seller_profiles where unique_username = ${DEMO_ARTIST_UNIQUE_USERNAME}`,
  );
  artistId = artist?.id ?? "";
}, 180_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type SeededOrder = { id: string; state: string; paid_at: string; guest_id: string | null; email: string };

async function seededOrders(): Promise<SeededOrder[]> {
  return rows<SeededOrder>(sql`select distinct o.id, o.state, o.paid_at, o.guest_id, o.email from orders o
    join earnings_entries e on e.order_id = o.id where e.seller_profile_id = ${artistId} order by o.paid_at`);
}

describe("the demo artist's seeded sales", () => {
  it("are paid orders of the demo shopper and of guests, spread over the last two months, seeded once", async () => {
    const orders = await seededOrders();
    expect(orders).toHaveLength(DEMO_SALES.length);
    // Their life after payment as the print shop made it (issue 27): every state from paid to delivered and returned.
    const states = new Set(orders.map((order) => order.state));
    for (const state of ["paid", "in_production", "shipped", "delivered", "returned"]) expect(states).toContain(state);
    const [twoParcels] = await rows<{
      n: number;
    }>(sql`select count(*)::int as n from (select order_id from order_shipments
      where order_id in (select distinct order_id from earnings_entries where seller_profile_id = ${artistId})
      group by order_id having count(*) = 2) two`);
    expect(twoParcels?.n).toBeGreaterThan(0);
    expect(orders.filter((order) => order.email === DEMO_ACCOUNTS.shopper.email).length).toBeGreaterThan(0);
    expect(orders.filter((order) => order.guest_id !== null).length).toBeGreaterThan(0);
    const ages = orders.map((order) => (Date.now() - new Date(order.paid_at).getTime()) / 86_400_000);
    expect(Math.max(...ages)).toBeGreaterThan(REFUND_WINDOW_DAYS + 20);
    expect(Math.min(...ages)).toBeLessThan(1);
    // Each was paid by card through the local processor: one succeeded payment and one charge per order.
    const [payments] = await rows<{ n: number }>(sql`select count(*)::int as n from order_payments p
      join card_charges c on c.id = p.processor_reference and c.status = 'succeeded'
      where p.status = 'succeeded' and p.kind = 'card' and p.order_id in (select distinct order_id
        from earnings_entries where seller_profile_id = ${artistId})`);
    expect(payments?.n).toBe(DEMO_SALES.length);
    expect(await seedDemoData(server.context, () => undefined)).toBe(false);
    expect(await seededOrders()).toHaveLength(DEMO_SALES.length);
  });

  it("show in every figure of the Sales summary, pending and available adding up to all time", async () => {
    const { data } = await getSalesSummary({ db: server.context.db, artistId });
    const { totals } = data;
    expect(totals.allTimeCents).toBeGreaterThan(0);
    expect(totals.last30DaysCents).toBeGreaterThan(0);
    expect(totals.thisMonthCents).toBeGreaterThan(0);
    expect(totals.last30DaysCents).toBeLessThan(totals.allTimeCents);
    expect(totals.pendingCents).toBeGreaterThan(0);
    expect(totals.availableCents).toBeGreaterThan(0);
    expect(totals.pendingCents + totals.availableCents).toBe(totals.allTimeCents);
    expect(data.designs.length).toBeGreaterThanOrEqual(5);
    expect(data.series.filter((day) => day.earningsCents > 0).length).toBeGreaterThanOrEqual(5);

    const listed = await listSales({ db: server.context.db, artistId, period: "all_time", page: 1 });
    const lines = DEMO_SALES.reduce((sum, sale) => sum + sale.lines.length, 0);
    expect(listed.meta.totalCount).toBe(lines);
  });

  it("reconcile to the cent, and send no confirmation mail", async () => {
    for (const order of await seededOrders()) {
      const result = await reconcileOrderLedger({ db: server.context.db, orderId: order.id });
      expect(result.problems).toEqual([]);
      expect(result.isBalanced).toBe(true);
    }
    const [pendingMail] = await rows<{ n: number }>(sql`select count(*)::int as n from jobs
      where kind in ('send_order_confirmation', 'record_order_earnings') and status <> 'succeeded'`);
    expect(pendingMail?.n).toBe(0);
    // The one e-mail of the seed is the demo artist's 'payout sent' (the demo payouts step, decision 073).
    const [sent] = await rows<{ n: number }>(sql`select count(*)::int as n from jobs where kind = 'send_email'
      and payload->>'kind' <> 'payout_sent'`);
    expect(sent?.n).toBe(0);
  });
});
