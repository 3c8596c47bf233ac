import { toCamelKeys } from "@threadfolk/contract/case";
import {
  artistEarningsPerSale,
  EARNINGS_HOLD_DAYS_AFTER_DELIVERY,
  REFUND_WINDOW_DAYS,
  STUDIO_API,
} from "@threadfolk/contract/studio";
import { SALES_PAGE_SIZE, salesResponseSchema, salesSummaryResponseSchema } from "@threadfolk/contract/studio-sales";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDesign } from "../../../test/factories/catalogue.ts";
import { buildPaidOrder } from "../../../test/factories/paid-orders.ts";
import { signInNewArtist } from "../../../test/studio-actors.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { garmentStyles, orders } from "../../db/schema/index.ts";
import { recordOrderEarnings } from "../earnings/record-order-earnings.ts";
import { reverseOrderEarnings } from "../earnings/reverse-order-earnings.ts";

let server: TestServer;

beforeAll(async () => {
  server = await getTestServer();
});

afterAll(async () => {
  await server.close();
});

const DAY = 86_400_000;

function startOfMonthUtc(now: Date): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
}

/**
 * An artist with two designs and four paid orders whose earnings the ledger recorded: one just now (pending),
 * one 12 days ago (pending), one 45 days ago (available: the refund window has passed) and one refunded.
 */
async function artistWithSales() {
  const { db } = server.database;
  const seller = await signInNewArtist(server);
  const lamp = await buildDesign(db, { artist: seller.artist, displayName: '=Lamp, the "Bright"', priceCents: 2800 });
  const moth = await buildDesign(db, { artist: seller.artist, displayName: "Moth", priceCents: 3000 });
  const [style] = await db.select().from(garmentStyles).where(eq(garmentStyles.key, "mens_tee"));
  const base = style?.baseCostCents ?? 0;
  const perLamp = artistEarningsPerSale(2800, base);
  const perMoth = artistEarningsPerSale(3000, base);

  const paidAgo = async (order: { id: string }, days: number) => {
    await db
      .update(orders)
      .set({ paidAt: new Date(Date.now() - days * DAY - 60_000) })
      .where(eq(orders.id, order.id));
  };
  const recent = await buildPaidOrder(db, {
    lines: [
      { variant: lamp.defaultVariant, quantity: 2, size: "M", color: "royal_blue" },
      { variant: moth.defaultVariant, quantity: 1 },
    ],
  });
  const twelve = await buildPaidOrder(db, { lines: [{ variant: moth.defaultVariant, quantity: 1 }] });
  await paidAgo(twelve.order, 12);
  const old = await buildPaidOrder(db, { lines: [{ variant: lamp.defaultVariant, quantity: 1 }], state: "delivered" });
  await paidAgo(old.order, REFUND_WINDOW_DAYS + 15);
  // Delivered long enough ago for its earnings to be available (EARNINGS_HOLD_DAYS_AFTER_DELIVERY).
  await db
    .update(orders)
    .set({ deliveredAt: new Date(Date.now() - (EARNINGS_HOLD_DAYS_AFTER_DELIVERY + 5) * DAY) })
    .where(eq(orders.id, old.order.id));
  const refunded = await buildPaidOrder(db, { lines: [{ variant: moth.defaultVariant, quantity: 3 }] });
  await paidAgo(refunded.order, 5);
  // Another artist's sale in the same order as ours must never show.
  const foreign = await buildPaidOrder(db, { lines: [{ variant: lamp.defaultVariant }, {}] });
  for (const order of [recent, twelve, old, refunded, foreign])
    await recordOrderEarnings({ db, orderId: order.order.id });
  await reverseOrderEarnings({ db, orderId: refunded.order.id });
  await db
    .update(orders)
    .set({ state: "refunded", stateChangedBy: "system:test", stateChangeReason: "refund" })
    .where(eq(orders.id, refunded.order.id));
  return { ...seller, lamp, moth, perLamp, perMoth, recent, twelve, old, refunded, foreign };
}

async function getJson(path: string, token: string) {
  const response = await server.request(path, { token });
  expect(response.status, response.text).toBe(200);
  return toCamelKeys(response.body);
}

describe("GET /api/v1/seller_sales", () => {
  it("lists the artist's sold lines from the ledger, newest first, with payout states", async () => {
    const s = await artistWithSales();
    const body = salesResponseSchema.parse(await getJson(STUDIO_API.sales, s.token));
    expect(body.meta).toEqual({ page: 1, perPage: SALES_PAGE_SIZE, totalCount: 6, totalPages: 1 });
    const rows = body.data.map((sale) => [
      sale.attributes.orderNumber,
      sale.attributes.designName,
      sale.attributes.quantity,
      sale.attributes.earningsCents,
      sale.attributes.payout,
      sale.attributes.orderState,
    ]);
    const lampName = s.lamp.design.displayName;
    // Two lines of the same order (newest first by payment, then by entry).
    expect(rows).toEqual([
      [s.foreign.order.orderNumber, lampName, 1, s.perLamp, "pending", "paid"],
      [s.recent.order.orderNumber, "Moth", 1, s.perMoth, "pending", "paid"],
      [s.recent.order.orderNumber, lampName, 2, 2 * s.perLamp, "pending", "paid"],
      [s.refunded.order.orderNumber, "Moth", 3, 0, "reversed", "refunded"],
      [s.twelve.order.orderNumber, "Moth", 1, s.perMoth, "pending", "paid"],
      [s.old.order.orderNumber, lampName, 1, s.perLamp, "available", "delivered"],
    ]);
    const lampLine = body.data[2]?.attributes;
    expect(lampLine).toMatchObject({
      designUuid: s.lamp.design.id,
      garmentStyle: "Men's T-Shirt",
      size: "M",
      color: "royal_blue",
      earnings: `$${((2 * s.perLamp) / 100).toFixed(2)}`,
    });
    expect(Date.parse(lampLine?.soldAt ?? "")).toBeGreaterThan(Date.now() - DAY);

    // Filters: the design, the period.
    const moth = salesResponseSchema.parse(
      await getJson(`${STUDIO_API.sales}?design_uuid=${s.moth.design.id}`, s.token),
    );
    expect(moth.data.map((sale) => sale.attributes.designName)).toEqual(["Moth", "Moth", "Moth"]);
    const last30 = salesResponseSchema.parse(await getJson(`${STUDIO_API.sales}?period=last_30_days`, s.token));
    expect(last30.meta.totalCount).toBe(5);
    const thisMonth = salesResponseSchema.parse(await getJson(`${STUDIO_API.sales}?period=this_month`, s.token));
    const monthStart = startOfMonthUtc(new Date());
    const expectedThisMonth = [0, 0, 0, 5, 12, REFUND_WINDOW_DAYS + 15].filter(
      (days) => Date.now() - days * DAY - 60_000 >= monthStart,
    ).length;
    expect(thisMonth.meta.totalCount).toBe(expectedThisMonth);
    // Pages past the end still tell the total.
    const past = salesResponseSchema.parse(await getJson(`${STUDIO_API.sales}?page=3`, s.token));
    expect(past.data).toEqual([]);
    expect(past.meta.totalCount).toBe(6);
    // Another artist's design as a filter finds nothing of theirs.
    const other = await signInNewArtist(server);
    const theirs = salesResponseSchema.parse(
      await getJson(`${STUDIO_API.sales}?design_uuid=${s.lamp.design.id}`, other.token),
    );
    expect(theirs.data).toEqual([]);
  });

  it("sums the totals, pending vs available, the daily series and the designs with sales", async () => {
    const s = await artistWithSales();
    const { data } = salesSummaryResponseSchema.parse(await getJson(STUDIO_API.salesSummary, s.token));
    const pending = 3 * s.perLamp + 2 * s.perMoth;
    const available = s.perLamp;
    const monthStart = startOfMonthUtc(new Date());
    const inMonth = (days: number) => Date.now() - days * DAY - 60_000 >= monthStart;
    expect(data.totals).toEqual({
      thisMonthCents: 3 * s.perLamp + s.perMoth + (inMonth(12) ? s.perMoth : 0) + (inMonth(45) ? s.perLamp : 0),
      last30DaysCents: pending,
      allTimeCents: pending + available,
      pendingCents: pending,
      availableCents: available,
    });
    // Daily, every day from the first sale to today, summing to the total.
    expect(data.series).toHaveLength(REFUND_WINDOW_DAYS + 15 + 1);
    expect(data.series.reduce((sum, day) => sum + day.earningsCents, 0)).toBe(pending + available);
    expect(data.series.at(-1)).toEqual({
      date: new Date().toISOString().slice(0, 10),
      earningsCents: 3 * s.perLamp + s.perMoth,
    });
    expect(data.series.every((day) => /^\d{4}-\d{2}-\d{2}$/.test(day.date))).toBe(true);
    expect(data.designs).toEqual(
      [
        { uuid: s.lamp.design.id, displayName: s.lamp.design.displayName },
        { uuid: s.moth.design.id, displayName: "Moth" },
      ].sort((a, b) => (a.displayName < b.displayName ? -1 : 1)),
    );

    const mothOnly = salesSummaryResponseSchema.parse(
      await getJson(`${STUDIO_API.salesSummary}?design_uuid=${s.moth.design.id}`, s.token),
    );
    expect(mothOnly.data.totals.allTimeCents).toBe(2 * s.perMoth);
    expect(mothOnly.data.designs).toHaveLength(2);

    // A new artist: zeros and an empty series.
    const fresh = await signInNewArtist(server);
    const empty = salesSummaryResponseSchema.parse(await getJson(STUDIO_API.salesSummary, fresh.token));
    expect(empty.data).toEqual({
      totals: { thisMonthCents: 0, last30DaysCents: 0, allTimeCents: 0, pendingCents: 0, availableCents: 0 },
      series: [],
      designs: [],
    });
  });

  it("exports the lines as CSV with the same filters", async () => {
    const s = await artistWithSales();
    const response = await server.request(`${STUDIO_API.salesCsv}?design_uuid=${s.lamp.design.id}`, { token: s.token });
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="sales-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    const lines = response.text.split("\r\n");
    expect(lines[0]).toBe("Date,Order,Design,Garment style,Size,Color,Quantity,Order status,Earnings (USD),Payout");
    expect(lines).toHaveLength(1 + 3 + 1);
    const dollars = (cents: number) => (cents / 100).toFixed(2);
    // The design's name starts with '=': defused with an apostrophe, quoted for its comma and quotes.
    expect(lines[2]).toBe(
      `${new Date().toISOString().slice(0, 10)},${s.recent.order.orderNumber},"'=Lamp, the ""Bright""",Men's T-Shirt,M,Royal Blue,2,Paid,${dollars(2 * s.perLamp)},Pending`,
    );
    expect(lines[3]).toMatch(new RegExp(`,${s.old.order.orderNumber},.*,Delivered,${dollars(s.perLamp)},Available$`));
    const recentOnly = await server.request(`${STUDIO_API.salesCsv}?period=last_30_days`, { token: s.token });
    expect(recentOnly.text.split("\r\n")).toHaveLength(1 + 5 + 1);
  });

  it("refuses bad query parameters", async () => {
    const { token } = await signInNewArtist(server);
    const queries = [
      "?period=yesterday",
      "?period=",
      "?design_uuid=nope",
      "?page=0",
      "?page=x",
      "?page=1&page=2",
      "?per_page=5",
    ];
    for (const query of queries) {
      const response = await server.request(`${STUDIO_API.sales}${query}`, { token });
      expect(response.status, query).toBe(422);
    }
    for (const query of ["?design_uuid=nope", "?period=all_time", "?page=1"]) {
      expect((await server.request(`${STUDIO_API.salesSummary}${query}`, { token })).status, query).toBe(422);
    }
    for (const query of ["?period=week", "?page=1", "?design_uuid=1"]) {
      const response = await server.request(`${STUDIO_API.salesCsv}${query}`, { token });
      expect(response.status, query).toBe(422);
      expect(response.headers.get("content-type")).toContain("application/json");
    }
  });
});
