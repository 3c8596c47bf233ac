import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  buyAsGuest,
  closeCancelWindow,
  type GuestOrder,
  readGuestOrder,
  runJobsUntil,
} from "../../../test/fulfilment-orders.ts";
import { type LocalPrintfulServer, startPrintfulServer } from "../../../test/printful/printful-server.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { enqueueJob } from "../../jobs/enqueue-job.ts";

/**
 * Fulfilment through Printful's API v2 (issue 27, decisions 068 and 069), end to end through the app: a paid order
 * goes to the local Printful server (which checks every request and reply against Printful's description) once,
 * with its signed print file links; Printful's signed notifications come in at /api/v1/printful_webhooks and only
 * make the app read the order back; a lost reply and a server error end in exactly one Printful order.
 */
let printful: LocalPrintfulServer;
let server: TestServer;

beforeAll(async () => {
  printful = await startPrintfulServer({ storeId: 991 });
  server = await getTestServer({
    env: {
      FULFILMENT_PROVIDER: "printful",
      PRINTFUL_API_TOKEN: printful.apiToken,
      PRINTFUL_API_BASE: printful.baseUrl,
      PRINTFUL_STORE_ID: String(printful.storeId),
      PRINTFUL_WEBHOOK_SECRET: printful.webhookSecretKey,
      PRINTFUL_TIMEOUT_MS: "1500",
      ORDER_CANCEL_SECONDS: "600",
    },
  });
  printful.webhookUrl = `${server.url}/api/v1/printful_webhooks`;
});

afterEach(() => {
  printful.clearFailures();
  expect(printful.refusals.splice(0)).toEqual([]);
  expect(printful.invalidReplies.splice(0)).toEqual([]);
});

afterAll(async () => {
  await server.close();
  await printful.close();
});

const db = () => server.database.db;

const paidOrder = () => buyAsGuest(server, { quantities: [2] });
const readOrder = (order: GuestOrder) => readGuestOrder(server, order);
const closeWindow = (orderId: string) => closeCancelWindow(server, orderId);
const runUntil = (order: GuestOrder, state: string) => runJobsUntil(server, order, state, 30_000);

describe("fulfilment through Printful", () => {
  it("submits once with signed file links, and follows Printful's notifications to delivery", async () => {
    const order = await paidOrder();
    // Printful's reply to the creation is lost once, and its next answer is a 500: retried, never doubled.
    printful.injectFailure({ operation: "createOrder", kind: "timeout", delayMs: 3000, afterHandling: true });
    await closeWindow(order.orderId);
    for (let attempt = 0; attempt < 3 && (await readOrder(order)).state === "paid"; attempt++) {
      await server.context.jobs.processDue();
      await db().execute(sql`update jobs set run_at = now() where kind = 'submit_order_fulfilment' and status = 'pending'
        and payload->>'orderId' = ${order.orderId}`);
    }
    await runUntil(order, "in_production");
    const stored = printful.order(order.orderNumber);
    expect(printful.orders().filter((candidate) => candidate.externalId === order.orderNumber)).toHaveLength(1);
    // The file link Printful got is ours, signed, and serves the print file.
    const fileUrl = JSON.stringify(stored).match(/http[^"]*\/api\/v1\/print_files\/[^"]+/)?.[0];
    expect(fileUrl).toBeDefined();
    const file = await fetch((fileUrl ?? "").replace(server.context.config.PUBLIC_URL, server.url));
    expect(file.status).toBe(200);
    expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).density).toBe(300);
    const tampered = await fetch(`${(fileUrl ?? "").replace(server.context.config.PUBLIC_URL, server.url)}x`);
    expect(tampered.status).toBe(404);

    printful.startProduction(order.orderNumber);
    const shipmentId = await printful.shipParcel(order.orderNumber, {
      carrier: "UPS",
      trackingNumber: "1Z999AA10123456784",
    });
    const shipped = await runUntil(order, "shipped");
    expect(shipped.shipments[0]).toMatchObject({ carrier: "UPS", tracking_number: "1Z999AA10123456784" });
    expect(printful.deliveries.every((delivery) => delivery.status === 200)).toBe(true);
    // v2 sends no delivery event: the reconciliation's poll reads it back.
    printful.deliverParcel(order.orderNumber, shipmentId);
    await enqueueJob(db(), "sync_order_fulfilment", { externalId: order.orderNumber, eventType: "poll" });
    const delivered = await runUntil(order, "delivered");
    expect(delivered.shipments[0].delivered_at).not.toBeNull();
  });

  it("puts an order Printful refuses on hold with the reason, for the operators", async () => {
    const order = await paidOrder();
    printful.injectFailure({ operation: "createOrder", kind: "status", status: 400, message: "Invalid recipient" });
    await closeWindow(order.orderId);
    const held = await runUntil(order, "on_hold");
    expect(held.state).toBe("on_hold");
    const [fulfilment] = (
      (await db().execute(
        sql`select status, reason from order_fulfilments where order_id = ${order.orderId}`,
      )) as unknown as {
        rows: Array<{ status: string; reason: string }>;
      }
    ).rows;
    expect(fulfilment?.status).toBe("on_hold");
    expect(fulfilment?.reason).toContain("The print provider refused the order");
    expect(printful.order(order.orderNumber)).toBeUndefined();
  });

  it("refuses a forged notification, and puts an order Printful holds on hold", async () => {
    const forged = await server.request("/api/v1/printful_webhooks", {
      method: "POST",
      headers: { "x-pf-webhook-signature": "00".repeat(32) },
      body: { type: "order_put_hold", data: { order: { external_id: "TF-AAAAAAAA" } } },
    });
    expect(forged.status).toBe(400);
    const order = await paidOrder();
    await closeWindow(order.orderId);
    await runUntil(order, "in_production");
    await printful.putOnHold(order.orderNumber, "Artwork needs a check");
    const held = await runUntil(order, "on_hold");
    expect(held.state).toBe("on_hold");
  });
});
