import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildArtist, buildDesign } from "../../../test/factories/catalogue.ts";
import { buildPaidOrder } from "../../../test/factories/paid-orders.ts";
import { buildPlacedOrder } from "../../../test/factories/placed-orders.ts";
import { createTestUser } from "../../../test/factories/users.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import type { Database } from "../../db/client.ts";
import { earningsEntries, jobs, orderPayments, orders } from "../../db/schema/index.ts";
import { enqueueJob } from "../../jobs/enqueue-job.ts";
import { findArtistEarnings, findOrderEarningsEntries } from "./queries.ts";
import { reconcileOrderLedger } from "./reconcile-order-ledger.ts";
import { createRecordOrderEarningsHandler, recordOrderEarnings } from "./record-order-earnings.ts";
import { reverseOrderEarnings } from "./reverse-order-earnings.ts";

let server: TestServer;
let db: Database;

beforeAll(async () => {
  server = await getTestServer();
  db = server.context.db;
});

afterAll(async () => {
  await server.close();
});

/** Two artists: one with a tee (on sale in the order) and a hoodie, one with a women's tee (on sale). */
async function buildTwoArtistOrder() {
  const artistA = await buildArtist(db);
  const artistB = await buildArtist(db);
  const tee = await buildDesign(db, { artist: artistA, priceCents: 2499 });
  const hoodie = await buildDesign(db, { artist: artistA, garmentStyleKeys: ["hoodie"], priceCents: 4999 });
  const womensTee = await buildDesign(db, { artist: artistB, garmentStyleKeys: ["womens_tee"], priceCents: 2599 });
  const built = await buildPaidOrder(db, {
    lines: [
      { variant: tee.defaultVariant, quantity: 2, unitSalePriceCents: 1999 },
      { variant: womensTee.defaultVariant, quantity: 3, unitSalePriceCents: 2079, size: "M", color: "navy" },
      { variant: hoodie.defaultVariant, quantity: 1 },
    ],
    discountCents: 1500,
    shippingCents: 799,
    taxCents: 1011,
  });
  return { ...built, artistA, artistB };
}

describe("recording a paid order's earnings", () => {
  it("writes one sale entry per line, once, through the job, and the order reconciles to the cent", async () => {
    const { order, lines, artistA, artistB } = await buildTwoArtistOrder();
    expect(order.totalCents).toBe(15544);
    const handler = createRecordOrderEarningsHandler({ db });
    const job = { id: "00000000-0000-4000-8000-000000000000", kind: "record_order_earnings" as const, attempts: 1 };
    expect(await handler.run({ orderId: order.id }, job)).toEqual({ recorded: 3 });
    expect(await handler.run({ orderId: order.id }, { ...job, attempts: 2 })).toEqual({ recorded: 0 });

    const entries = await findOrderEarningsEntries({ db, orderId: order.id });
    expect(
      entries.map((entry) => ({
        line: entry.orderLineItemId,
        artist: entry.sellerProfileId,
        quantity: entry.quantity,
        gross: entry.grossCents,
        discount: entry.discountCents,
        production: entry.productionCostCents,
        artistEarnings: entry.artistEarningsCents,
        platform: entry.platformShareCents,
      })),
    ).toEqual([
      // 2 x 19.99 on sale, base 10.50: 80 % of 18.98 is 15.18; its part of the 15.00 code is 3.94.
      {
        line: lines[0]?.id,
        artist: artistA.id,
        quantity: 2,
        gross: 3998,
        discount: 394,
        production: 2100,
        artistEarnings: 1518,
        platform: -14,
      },
      {
        line: lines[1]?.id,
        artist: artistB.id,
        quantity: 3,
        gross: 6237,
        discount: 614,
        production: 3450,
        artistEarnings: 2230,
        platform: -57,
      },
      {
        line: lines[2]?.id,
        artist: artistA.id,
        quantity: 1,
        gross: 4999,
        discount: 492,
        production: 2450,
        artistEarnings: 2039,
        platform: 18,
      },
    ]);

    const reconciliation = await reconcileOrderLedger({ db, orderId: order.id });
    expect(reconciliation.problems).toEqual([]);
    expect(reconciliation.figures).toMatchObject({
      expectedChargeCents: 15544,
      chargedCents: 15544,
      artistEarningsCents: 5787,
      platformShareCents: -53,
      productionCostCents: 8000,
      shippingCents: 799,
      taxCents: 1011,
      distributedCents: 15544,
    });
  });

  it("runs from the queue: the completion's job, enqueued twice with the order id as key, records once", async () => {
    const { order } = await buildTwoArtistOrder();
    for (let attempt = 0; attempt < 2; attempt++) {
      await enqueueJob(db, "record_order_earnings", { orderId: order.id }, { dedupeKey: order.id });
    }
    await server.context.jobs.processDue();
    const [job] = await db.select().from(jobs).where(eq(jobs.dedupeKey, order.id));
    expect(job?.status).toBe("succeeded");
    expect(job?.result).toEqual({ recorded: 3 });
    // A second run (a worker that died after the insert, its lease passed) writes nothing more.
    expect(await recordOrderEarnings({ db, orderId: order.id })).toBe(0);
    expect(await findOrderEarningsEntries({ db, orderId: order.id })).toHaveLength(3);
    expect((await reconcileOrderLedger({ db, orderId: order.id })).isBalanced).toBe(true);
  });

  it("records concurrent runs once", async () => {
    const { order } = await buildTwoArtistOrder();
    const counts = await Promise.all(
      Array.from({ length: 4 }, () => db.transaction((tx) => recordOrderEarnings({ db: tx, orderId: order.id }))),
    );
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(3);
    expect(await findOrderEarningsEntries({ db, orderId: order.id })).toHaveLength(3);
  });

  it("refuses an order that was never paid, writing nothing", async () => {
    const user = await createTestUser(db);
    const { order } = await buildPlacedOrder(db, { state: "payment_pending", userId: user.id });
    await expect(recordOrderEarnings({ db, orderId: order.id })).rejects.toThrow(/payment_pending, not paid/);
    expect(await findOrderEarningsEntries({ db, orderId: order.id })).toEqual([]);
  });

  it("finds a capture that does not match the order", async () => {
    const { order, payment } = await buildPaidOrder(db);
    await recordOrderEarnings({ db, orderId: order.id });
    expect((await reconcileOrderLedger({ db, orderId: order.id })).isBalanced).toBe(true);
    await db.execute(sql`update ${orderPayments} set amount_cents = amount_cents - 1 where id = ${payment?.id}`);
    const reconciliation = await reconcileOrderLedger({ db, orderId: order.id });
    expect(reconciliation.isBalanced).toBe(false);
    expect(reconciliation.problems[0]).toMatch(/^charged \d+, expected \d+$/);
  });
});

/** The database's own message for a failed statement (Drizzle wraps it as the error's cause). */
async function databaseErrorOf(statement: PromiseLike<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const messages: string[] = [];
    for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
      messages.push(String((current as { message?: unknown }).message));
    }
    return messages.join(" / ");
  }
  throw new Error("the statement succeeded");
}

describe("refunds and the append-only ledger", () => {
  it("appends exact reversals for a refund, once, and the artist's ledger nets them out", async () => {
    const { order, artistA, artistB } = await buildTwoArtistOrder();
    await recordOrderEarnings({ db, orderId: order.id });
    const refund = () =>
      db.transaction(async (tx) => {
        await tx
          .update(orders)
          .set({ state: "refunded", stateChangedBy: "system:test", stateChangeReason: "refund" })
          .where(eq(orders.id, order.id));
        await tx.update(orderPayments).set({ status: "refunded" }).where(eq(orderPayments.orderId, order.id));
        return reverseOrderEarnings({ db: tx, orderId: order.id });
      });
    expect(await refund()).toBe(3);
    expect(await refund()).toBe(0);
    const entries = await findOrderEarningsEntries({ db, orderId: order.id });
    expect(entries.map((entry) => entry.kind)).toEqual(["sale", "sale", "sale", "reversal", "reversal", "reversal"]);
    const net = (pick: (entry: (typeof entries)[number]) => number) =>
      entries.reduce((sum, entry) => sum + pick(entry), 0);
    expect(net((entry) => entry.artistEarningsCents)).toBe(0);
    expect(net((entry) => entry.platformShareCents)).toBe(0);
    expect(net((entry) => entry.quantity)).toBe(0);
    expect((await reconcileOrderLedger({ db, orderId: order.id })).problems).toEqual([]);

    const ledgerA = await findArtistEarnings({ db, sellerProfileId: artistA.id });
    expect(ledgerA.orders).toEqual([
      expect.objectContaining({
        orderId: order.id,
        orderNumber: order.orderNumber,
        orderState: "refunded",
        unitCount: 0,
        salesCents: 0,
        earningsCents: 0,
        hasReversal: true,
      }),
    ]);
    expect(ledgerA.totals).toEqual({ orderCount: 1, unitCount: 0, salesCents: 0, earningsCents: 0 });
    expect((await findArtistEarnings({ db, sellerProfileId: artistB.id })).totals.earningsCents).toBe(0);
  });

  it("runs the refund's reverse_order_earnings job once from the queue", async () => {
    const { order } = await buildTwoArtistOrder();
    await enqueueJob(db, "record_order_earnings", { orderId: order.id }, { dedupeKey: order.id });
    await server.context.jobs.processDue();
    // What a PayPal REFUNDED webhook does in its transaction (modules/orders/paypal-webhooks.ts).
    await db.transaction(async (tx) => {
      await tx.update(orderPayments).set({ status: "refunded" }).where(eq(orderPayments.orderId, order.id));
      await tx
        .update(orders)
        .set({ state: "refunded", stateChangedBy: "system:test", stateChangeReason: "refund" })
        .where(eq(orders.id, order.id));
      await enqueueJob(tx, "reverse_order_earnings", { orderId: order.id }, { dedupeKey: order.id });
      await enqueueJob(tx, "reverse_order_earnings", { orderId: order.id }, { dedupeKey: order.id });
    });
    await server.context.jobs.processDue();
    const [job] = await db.select().from(jobs).where(eq(jobs.kind, "reverse_order_earnings"));
    expect(job?.status).toBe("succeeded");
    expect(job?.result).toEqual({ reversed: 3 });
    const entries = await findOrderEarningsEntries({ db, orderId: order.id });
    expect(entries.filter((entry) => entry.kind === "reversal")).toHaveLength(3);
    expect((await reconcileOrderLedger({ db, orderId: order.id })).problems).toEqual([]);
  });

  it("reverses only the refunded lines when told which", async () => {
    const { order, lines, artistA, artistB } = await buildTwoArtistOrder();
    await recordOrderEarnings({ db, orderId: order.id });
    expect(await reverseOrderEarnings({ db, orderId: order.id, orderLineItemIds: [lines[1]?.id as number] })).toBe(1);
    expect((await findArtistEarnings({ db, sellerProfileId: artistB.id })).totals).toEqual({
      orderCount: 1,
      unitCount: 0,
      salesCents: 0,
      earningsCents: 0,
    });
    expect((await findArtistEarnings({ db, sellerProfileId: artistA.id })).totals).toEqual({
      orderCount: 1,
      unitCount: 3,
      salesCents: 3998 + 4999,
      earningsCents: 1518 + 2039,
    });
  });

  it("records the sales first when a refund overtakes the earnings job", async () => {
    const { order } = await buildPaidOrder(db, { lines: [{ quantity: 2 }] });
    expect(await reverseOrderEarnings({ db, orderId: order.id })).toBe(1);
    // The job runs late: the sale is there already, nothing is added, and the ledger nets to zero.
    expect(await recordOrderEarnings({ db, orderId: order.id })).toBe(0);
    const entries = await findOrderEarningsEntries({ db, orderId: order.id });
    expect(entries.map((entry) => [entry.kind, entry.quantity])).toEqual([
      ["sale", 2],
      ["reversal", -2],
    ]);
  });

  it("sums an artist's orders newest first", async () => {
    const artist = await buildArtist(db);
    const { defaultVariant } = await buildDesign(db, { artist, priceCents: 3000 });
    const first = await buildPaidOrder(db, { lines: [{ variant: defaultVariant, quantity: 1 }] });
    const second = await buildPaidOrder(db, {
      lines: [
        { variant: defaultVariant, quantity: 2, size: "S" },
        { variant: defaultVariant, quantity: 1, size: "XL" },
      ],
    });
    await recordOrderEarnings({ db, orderId: first.order.id });
    await recordOrderEarnings({ db, orderId: second.order.id });
    const ledger = await findArtistEarnings({ db, sellerProfileId: artist.id });
    // Margin 30.00 - 10.50 = 19.50 a unit; 80 % is 15.60.
    expect(ledger.orders.map((row) => [row.orderNumber, row.unitCount, row.salesCents, row.earningsCents])).toEqual([
      [second.order.orderNumber, 3, 9000, 4680],
      [first.order.orderNumber, 1, 3000, 1560],
    ]);
    expect(ledger.totals).toEqual({ orderCount: 2, unitCount: 4, salesCents: 12000, earningsCents: 6240 });
    expect((await findArtistEarnings({ db, sellerProfileId: artist.id, limit: 1, offset: 1 })).orders).toHaveLength(1);
  });

  it("refuses to update, delete or truncate an entry, and a reversal past its sale or of another line", async () => {
    const { order } = await buildPaidOrder(db);
    await recordOrderEarnings({ db, orderId: order.id });
    const [sale] = await findOrderEarningsEntries({ db, orderId: order.id });
    if (!sale) throw new Error("no sale entry");
    expect(
      await databaseErrorOf(
        db.update(earningsEntries).set({ artistEarningsCents: 1 }).where(eq(earningsEntries.id, sale.id)),
      ),
    ).toContain("earnings_entries is append-only: UPDATE is not allowed");
    expect(await databaseErrorOf(db.delete(earningsEntries).where(eq(earningsEntries.id, sale.id)))).toContain(
      "earnings_entries is append-only: DELETE is not allowed",
    );
    // CASCADE: the payout links reference the entries, and a plain TRUNCATE would stop at that reference first.
    expect(await databaseErrorOf(db.execute(sql`truncate ${earningsEntries} cascade`))).toContain(
      "earnings_entries is append-only: TRUNCATE is not allowed",
    );
    const { id: _id, createdAt: _createdAt, ...copy } = sale;
    const mismatched = await databaseErrorOf(
      db.insert(earningsEntries).values({
        ...copy,
        kind: "reversal",
        reason: "refund",
        reversesEntryId: sale.id,
        quantity: -sale.quantity,
        grossCents: -sale.grossCents,
        discountCents: -sale.discountCents,
        productionCostCents: -sale.productionCostCents,
        // One cent more than the sale's: refused by the trigger (decision 053: a share of it, never more).
        artistEarningsCents: -sale.artistEarningsCents - 1,
        platformShareCents: -sale.platformShareCents + 1,
      }),
    );
    expect(mismatched).toMatch(/would reverse more than sale entry \d+ had/);
    const otherLine = await databaseErrorOf(
      db.insert(earningsEntries).values({
        ...copy,
        kind: "reversal",
        reason: "refund",
        reversesEntryId: sale.id,
        artistSharePercent: sale.artistSharePercent === 50 ? 40 : 50,
        quantity: 0,
        grossCents: 0,
        discountCents: 0,
        productionCostCents: 0,
        artistEarningsCents: 0,
        platformShareCents: 0,
      }),
    );
    expect(otherLine).toMatch(/must reverse sale entry \d+ of the same line/);
    const [after] = await findOrderEarningsEntries({ db, orderId: order.id });
    expect(after).toEqual(sale);
  });
});
