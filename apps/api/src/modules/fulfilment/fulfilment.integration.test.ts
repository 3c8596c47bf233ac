import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buyAsGuest,
  closeCancelWindow,
  type GuestOrder,
  readGuestOrder,
  runJobsUntil,
} from "../../../test/fulfilment-orders.ts";
import { obtainGuestTokens } from "../../../test/oauth-client.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import type { Carrier } from "../../adapters/fulfilment/fulfilment.ts";
import { isValidTrackingNumber } from "../../adapters/fulfilment/print-shop/tracking-numbers.ts";
import { jobs, orderPrintFiles, paymentRefunds, printShopOrders } from "../../db/schema/index.ts";
import { checkLedger } from "../orders/check-ledger.ts";
import { submitOrderFulfilment } from "./submit-order.ts";

/**
 * Fulfilment end to end (issue 27, decision 069): a paid order waits out its cancellation window, gets its print
 * files, goes to the local print shop exactly once, and comes back as parcels with tracking, state moves and
 * e-mails; split shipments, holds, an unreadable file, a return, and the shopper's cancellation with its refund.
 * The print shop's business day lasts 250 ms here (express: production 2-3 days, transit 2-3); the cancellation
 * window is long, and tests that go past it move the window's end to now (as the clock would).
 */
let server: TestServer;

beforeAll(async () => {
  server = await getTestServer({ env: { ORDER_CANCEL_SECONDS: "600", PRINT_SHOP_DAY_SECONDS: "0.25" } });
});

afterAll(async () => {
  await server.close();
});

const db = () => server.database.db;

const paidOrder = (quantities: number[] = [1], method: "card" | "paypal" = "card") =>
  buyAsGuest(server, { quantities, method, shipping: "express" });
const readOrder = (order: GuestOrder) => readGuestOrder(server, order);
const closeWindow = (orderId: string) => closeCancelWindow(server, orderId);
const runUntil = (order: GuestOrder, state: string) => runJobsUntil(server, order, state);

async function emailsOf(kind: string, orderNumber: string) {
  const rows = await db().select({ payload: jobs.payload }).from(jobs).where(eq(jobs.kind, "send_email"));
  return rows
    .map((row) => row.payload as { kind: string; subject: string; text: string })
    .filter((payload) => payload.kind === kind && payload.subject.includes(orderNumber));
}

describe("fulfilment with the local print shop", () => {
  it("prints, ships and delivers a paid order once, with tracking, timeline and e-mails", async () => {
    const order = await paidOrder([2]);
    const waiting = await readOrder(order);
    expect(waiting.state).toBe("paid");
    expect(waiting.cancellation.cancellable).toBe(true);
    expect(waiting.estimated_delivery_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await closeWindow(order.orderId);
    const delivered = await runUntil(order, "delivered");
    const states = delivered.timeline.map((entry: { state: string }) => entry.state);
    expect(states).toEqual(["payment_pending", "paid", "in_production", "shipped", "delivered"]);
    expect(delivered.shipments).toHaveLength(1);
    const [parcel] = delivered.shipments;
    expect(isValidTrackingNumber(parcel.carrier as Carrier, parcel.tracking_number)).toBe(true);
    expect(parcel.tracking_url).toContain(parcel.tracking_number);
    expect(parcel.delivered_at).not.toBeNull();
    expect(parcel.line_item_ids).toHaveLength(1);
    expect(delivered.cancellation).toMatchObject({ cancellable: false });
    // Exactly one order at the print shop; the print file it got is the 300 DPI one.
    expect(
      await db().select().from(printShopOrders).where(eq(printShopOrders.externalId, order.orderNumber)),
    ).toHaveLength(1);
    const files = await db().select().from(orderPrintFiles).where(eq(orderPrintFiles.orderId, order.orderId));
    expect(files).toHaveLength(1);
    expect((await emailsOf("order_shipped", order.orderNumber))[0]?.text).toContain(parcel.tracking_number);
    expect(await emailsOf("order_delivered", order.orderNumber)).toHaveLength(1);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("ships a large order in two parcels: partly shipped, then shipped, then delivered", async () => {
    const order = await paidOrder([3, 4]);
    await closeWindow(order.orderId);
    const delivered = await runUntil(order, "delivered");
    const states = delivered.timeline.map((entry: { state: string }) => entry.state);
    expect(states).toContain("partly_shipped");
    expect(delivered.shipments).toHaveLength(2);
    expect(await emailsOf("order_shipped", order.orderNumber)).toHaveLength(2);
    expect(await emailsOf("order_delivered", order.orderNumber)).toHaveLength(1);
  });

  it("a held order waits with its reason and goes on when released; a returned parcel returns the order", async () => {
    const order = await paidOrder([1]);
    await closeWindow(order.orderId);
    await runUntil(order, "in_production");
    await server.context.fulfilment.printShop.hold(order.orderNumber, "The artwork is being checked");
    const held = await runUntil(order, "on_hold");
    expect(held.state).toBe("on_hold");
    await server.context.fulfilment.printShop.release(order.orderNumber);
    await runUntil(order, "delivered");
    await server.context.fulfilment.printShop.returnParcel(order.orderNumber);
    const returned = await runUntil(order, "returned");
    expect(returned.shipments[0].status).toBe("returned");
  });

  it("an unreadable print file fails the order at the print shop, never printing it", async () => {
    const order = await paidOrder([1]);
    // The files are made while the window is open; one is then damaged before the order is sent.
    for (let tries = 0; tries < 200; tries++) {
      await server.context.jobs.processDue();
      const made = await db().select().from(orderPrintFiles).where(eq(orderPrintFiles.orderId, order.orderId));
      if (made.length > 0) {
        await server.context.storage.put(made[0]?.storageKey ?? "", Buffer.from("not a picture"), "image/png");
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await closeWindow(order.orderId);
    await runUntil(order, "fulfilment_failed");
    const [shopOrder] = await db()
      .select()
      .from(printShopOrders)
      .where(eq(printShopOrders.externalId, order.orderNumber));
    expect(shopOrder?.status).toBe("failed");
    expect(shopOrder?.reason).toContain("could not be read");
  });

  it("carries each parcel's tracking to the PayPal capture of a PayPal order", async () => {
    const order = await paidOrder([1], "paypal");
    await closeWindow(order.orderId);
    const shipped = await runUntil(order, "delivered");
    const trackers = await db().execute(sql`select t.tracking_number, t.carrier from paypal_sandbox_trackers t
      join order_payments p on p.processor_reference = t.capture_id where p.order_id = ${order.orderId}`);
    const rows = (trackers as unknown as { rows: Array<{ tracking_number: string; carrier: string }> }).rows;
    expect(rows.map((row) => row.tracking_number)).toEqual([shipped.shipments[0].tracking_number]);
  });

  it("a submission repeated after a crash, or raced, leaves exactly one print shop order", async () => {
    const order = await paidOrder([1]);
    await closeWindow(order.orderId);
    await runUntil(order, "in_production");
    // As if the process died after the print shop accepted the order and before our commit.
    await db().execute(sql`update order_fulfilments set status = 'submitting' where order_id = ${order.orderId}`);
    await db()
      .execute(sql`update orders set state = 'paid' where id = ${order.orderId}`)
      .catch(() => undefined);
    const context = {
      db: db(),
      config: server.context.config,
      provider: server.context.fulfilment.provider,
      providers: server.context.fulfilment.providers,
      printFiles: async () => ({ status: "pending" as const }),
    };
    await Promise.all([
      submitOrderFulfilment({ context, orderId: order.orderId, attempt: 1, maxAttempts: 8 }).catch(() => undefined),
      submitOrderFulfilment({ context, orderId: order.orderId, attempt: 1, maxAttempts: 8 }).catch(() => undefined),
    ]);
    expect(
      await db().select().from(printShopOrders).where(eq(printShopOrders.externalId, order.orderNumber)),
    ).toHaveLength(1);
  });
});

describe("cancelling", () => {
  it("cancels a paid order in its window, refunded in full; a second request changes nothing", async () => {
    const order = await paidOrder([1]);
    const cancelled = await server.request(`/api/v1/orders/${order.orderNumber}/cancellation${order.link}`, {
      method: "POST",
      token: order.token,
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.data.attributes.state).toBe("cancelled");
    expect(cancelled.body.data.attributes.cancellation.cancellable).toBe(false);
    // Still says how it was paid (the payment is refunded now).
    expect(cancelled.body.data.attributes.payment_method?.description).toBe("Visa ending 4242");
    const refunds = await db().select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.orderId));
    expect(refunds.map((refund) => refund.status)).toEqual(["succeeded"]);
    const again = await server.request(`/api/v1/orders/${order.orderNumber}/cancellation${order.link}`, {
      method: "POST",
      token: order.token,
    });
    expect(again.status, again.text).toBe(200);
    expect(await db().select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.orderId))).toHaveLength(1);
    // Never sent to production, and the ledger holds.
    await closeWindow(order.orderId);
    await server.context.jobs.processDue();
    expect(
      await db().select().from(printShopOrders).where(eq(printShopOrders.externalId, order.orderNumber)),
    ).toHaveLength(0);
    expect(await emailsOf("order_cancelled", order.orderNumber)).toHaveLength(1);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("answers 409 with the reason once the order has gone to production; others cannot cancel it", async () => {
    const order = await paidOrder([1]);
    const stranger = (await obtainGuestTokens(server)).access_token;
    const refused = await server.request(`/api/v1/orders/${order.orderNumber}/cancellation`, {
      method: "POST",
      token: stranger,
    });
    expect(refused.status).toBe(404);
    const bad = await server.request(`/api/v1/orders/${order.orderNumber}/cancellation${order.link}`, {
      method: "POST",
      token: order.token,
      body: { reason: 42 },
    });
    expect(bad.status).toBe(422);
    await closeWindow(order.orderId);
    await runUntil(order, "in_production");
    const late = await server.request(`/api/v1/orders/${order.orderNumber}/cancellation${order.link}`, {
      method: "POST",
      token: order.token,
    });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe("This order has gone to production and can no longer be cancelled.");
  });
});
