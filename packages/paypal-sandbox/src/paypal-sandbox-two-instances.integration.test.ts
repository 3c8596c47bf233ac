import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../apps/api/src/db/client.ts";
import { orderPayments, orders } from "../../../apps/api/src/db/schema/index.ts";
import { buildDesign } from "../../../apps/api/test/factories/catalogue.ts";
import { obtainGuestTokens } from "../../../apps/api/test/oauth-client.ts";
import { temporaryDataDir } from "../../../apps/api/test/outbox.ts";
import { createTestDatabase, openSecondConnection } from "../../../apps/api/test/test-database.ts";
import { getTestServer, type TestServer } from "../../../apps/api/test/test-server.ts";

/**
 * Two app instances on one database, each with its own in-app PayPal sandbox (decision 055): an order created
 * through one is shown, approved, captured and refunded through the other, and a notification one signs
 * verifies on the other. Nothing of the sandbox lives in one process's memory.
 */

let database: DatabaseHandle;
let secondConnection: DatabaseHandle;
let first: TestServer;
let second: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  secondConnection = await openSecondConnection(database);
  first = await getTestServer({ database, env: { DATA_DIR: temporaryDataDir() } });
  second = await getTestServer({ database: secondConnection, env: { DATA_DIR: temporaryDataDir() } });
});

afterAll(async () => {
  await first.close();
  await second.close();
  await secondConnection.close();
  await database.close();
});

/** A guest's placed order of 2 shirts at $25.00, with its PayPal order, all through `server`. */
async function paypalOrderOn(server: TestServer) {
  const token = (await obtainGuestTokens(server)).access_token;
  const { defaultVariant } = await buildDesign(server.database.db, { priceCents: 2500 });
  const added = await server.request("/api/v1/order_line_items", {
    method: "POST",
    token,
    body: {
      order_line_item: { seller_design_product_variant_id: defaultVariant.id, size: "L", color: "black", quantity: 2 },
    },
  });
  expect(added.status, added.text).toBe(201);
  const address = {
    first_name: "Grace",
    last_name: "Hopper",
    address1: "1 Main St",
    address2: "",
    city: "Brooklyn",
    state: "NY",
    zip: "11201",
  };
  const saved = await server.request("/api/v1/addresses", {
    method: "POST",
    token,
    body: { addresses: { shipping_address: address, billing_same_as_shipping: true, email: "grace@example.com" } },
  });
  expect(saved.status, saved.text).toBe(201);
  const placed = await server.request("/api/v1/orders", { method: "POST", token, body: { order: {} } });
  expect(placed.status, placed.text).toBe(201);
  const created = await server.request("/api/v1/pay_pal_orders", {
    method: "POST",
    token,
    body: { pay_pal_order: { processor_payment_id: placed.body.data.attributes.processor_payment_id } },
  });
  expect(created.status, created.text).toBe(201);
  return {
    token,
    orderNumber: placed.body.data.attributes.order_number as string,
    totalCents: placed.body.data.attributes.order_total_cents as number,
    paypalOrderId: created.body.data.id as string,
  };
}

function sandboxOf(server: TestServer) {
  const sandbox = server.context.paypal.sandbox;
  if (!sandbox) throw new Error("the test server should run the PayPal sandbox");
  return sandbox;
}

describe("the in-app PayPal sandbox on two app instances over one database", () => {
  it("approves and captures on the second instance an order created on the first", async () => {
    const order = await paypalOrderOn(first);

    // The payer's approval page, served by the other instance.
    const page = await second.request(`/paypal-sandbox/checkoutnow?token=${order.paypalOrderId}`, {
      headers: { accept: "text/html" },
    });
    expect(page.status, page.text).toBe(200);
    expect(page.text).toContain(`for order ${order.orderNumber}`);
    const approved = await second.request("/paypal-sandbox/checkoutnow", {
      method: "POST",
      body: { token: order.paypalOrderId, outcome: "approve" },
    });
    expect(approved.status, approved.text).toBe(200);
    expect((await sandboxOf(first).findOrder(order.paypalOrderId))?.status).toBe("APPROVED");

    const paid = await second.request("/api/v1/pay_pal_order_payments", {
      method: "POST",
      token: order.token,
      body: { request_id: order.paypalOrderId, request_intent: "CAPTURE" },
    });
    expect(paid.status, paid.text).toBe(201);
    expect(paid.body.data.attributes.status).toBe("success");

    const [payment] = await database.db
      .select({ captureId: orderPayments.processorReference, state: orders.state })
      .from(orderPayments)
      .innerJoin(orders, eq(orders.id, orderPayments.orderId))
      .where(eq(orders.orderNumber, order.orderNumber));
    const captureId = payment?.captureId as string;
    expect(payment?.state).toBe("paid");

    // Each instance's adapter sees the one capture, and a refund made through one is seen by the other.
    const seenByFirst = await first.context.paypal.gateway.getCapture(captureId);
    expect(seenByFirst).toMatchObject({ status: "COMPLETED", amountCents: order.totalCents });
    const refund = await first.context.paypal.gateway.refundCapture({
      captureId,
      amountCents: 1000,
      requestId: `two-instances-${captureId}`,
    });
    expect(await second.context.paypal.gateway.getRefund(refund.refundId)).toEqual(refund);
    expect((await second.context.paypal.gateway.getCapture(captureId)).status).toBe("PARTIALLY_REFUNDED");
    // The same request id on the other instance answers the same refund.
    expect(
      await second.context.paypal.gateway.refundCapture({
        captureId,
        amountCents: 1000,
        requestId: `two-instances-${captureId}`,
      }),
    ).toEqual(refund);

    // A notification signed by one instance's sandbox verifies on the other's.
    const notification = await sandboxOf(first).captureNotification(captureId, "PAYMENT.CAPTURE.COMPLETED");
    expect(
      await second.context.paypal.gateway.verifyWebhookSignature({
        ...notification,
        webhookId: sandboxOf(second).webhookId,
      }),
    ).toBe(true);
    expect(sandboxOf(first).refusals).toEqual([]);
    expect(sandboxOf(second).refusals).toEqual([]);
  });
});
