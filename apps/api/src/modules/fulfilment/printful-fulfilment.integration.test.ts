import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildDesign } from "../../../test/factories/catalogue.ts";
import { addressesBody } from "../../../test/factories/checkout.ts";
import { obtainGuestTokens } from "../../../test/oauth-client.ts";
import { type LocalPrintfulServer, startPrintfulServer } from "../../../test/printful/printful-server.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { enqueueJob } from "../../jobs/enqueue-job.ts";
import { artworkKey } from "../media/media-keys.ts";
import { getOrderAccessSecret, signOrderAccessToken } from "../orders/order-link.ts";

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

async function paidOrder() {
  const token = (await obtainGuestTokens(server)).access_token;
  const artwork = await sharp({ create: { width: 600, height: 800, channels: 4, background: "#2a4" } })
    .png()
    .toBuffer();
  const { design, defaultVariant } = await buildDesign(db(), { priceCents: 2500 });
  await server.context.storage.put(artworkKey(design.id), artwork, "image/png");
  const added = await server.request("/api/v1/order_line_items", {
    method: "POST",
    token,
    body: {
      order_line_item: { seller_design_product_variant_id: defaultVariant.id, size: "M", color: "black", quantity: 2 },
    },
  });
  expect(added.status, added.text).toBe(201);
  const saved = await server.request("/api/v1/addresses", { method: "POST", token, body: addressesBody() });
  expect(saved.status, saved.text).toBeLessThan(300);
  const placed = await server.request("/api/v1/orders", { method: "POST", token, body: { order: {} } });
  expect(placed.status, placed.text).toBe(201);
  const paid = await server.request("/api/v1/order_payments", {
    method: "POST",
    token,
    headers: { "idempotency-key": randomUUID() },
    body: {
      order_payment: { processor_payment_id: placed.body.data.attributes.processor_payment_id },
      credit_card_params: { credit_card_number: "4242424242424242", expiration_date: "1239", cvc: "123" },
    },
  });
  expect(paid.status, paid.text).toBe(201);
  await server.context.jobs.processDue();
  const orderId = placed.body.data.id as string;
  const secret = await getOrderAccessSecret({ db: db(), config: server.context.config });
  return {
    token,
    orderId,
    orderNumber: placed.body.data.attributes.order_number as string,
    link: `?token=${signOrderAccessToken(secret, orderId)}`,
  };
}

type Order = Awaited<ReturnType<typeof paidOrder>>;

async function readOrder(order: Order) {
  const response = await server.request(`/api/v1/orders/${order.orderNumber}${order.link}`, { token: order.token });
  expect(response.status, response.text).toBe(200);
  return response.body.data.attributes;
}

/** Submission is due now: the window's end moved to now, as the clock would. */
async function closeWindow(orderId: string) {
  await db().execute(
    sql`update order_fulfilments set submit_after = now() - interval '1 second' where order_id = ${orderId}`,
  );
  await db().execute(sql`update jobs set run_at = now() where kind = 'submit_order_fulfilment'
    and payload->>'orderId' = ${orderId} and status = 'pending'`);
}

async function runUntil(order: Order, state: string) {
  const started = Date.now();
  for (;;) {
    await server.context.jobs.processDue();
    const attributes = await readOrder(order);
    if (attributes.state === state) return attributes;
    if (Date.now() - started > 30_000) {
      const facts = await db().execute(sql`select (select row_to_json(f) from order_fulfilments f
          join orders o on o.id = f.order_id where o.order_number = ${order.orderNumber}) as fulfilment,
        (select json_agg(json_build_object('kind', kind, 'status', status, 'error', last_error, 'result', result))
          from jobs where payload->>'orderId' = ${order.orderId}) as jobs`);
      throw new Error(
        `order still ${attributes.state}, not ${state}: ${JSON.stringify((facts as { rows?: unknown }).rows)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

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
