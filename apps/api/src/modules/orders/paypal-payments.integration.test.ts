import { toCamelKeys } from "@threadfolk/contract/case";
import { ORDER_MESSAGES, orderPaymentResponseSchema, payPalOrderResponseSchema } from "@threadfolk/contract/orders";
import type { ApprovalOutcome, PayPalSandbox } from "@threadfolk/paypal-sandbox/paypal-sandbox";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDesign } from "../../../test/factories/catalogue.ts";
import { createTestUser } from "../../../test/factories/users.ts";
import { obtainGuestTokens, signIn } from "../../../test/oauth-client.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { orderPayments, orders } from "../../db/schema/index.ts";

let server: TestServer;
let sandbox: PayPalSandbox;

beforeAll(async () => {
  server = await getTestServer();
  const found = server.context.paypal.sandbox;
  if (!found) throw new Error("the test server should run the PayPal sandbox");
  sandbox = found;
});

afterAll(async () => {
  await server.close();
});

const ADDRESS = {
  first_name: "Grace",
  last_name: "Hopper",
  address1: "1 Main St",
  address2: "Apt 2",
  city: "Brooklyn",
  state: "NY",
  zip: "11201",
};

/** A placed order of 2 shirts at $25.00 for a new customer; answers the token and the quote. */
async function placedOrder(token?: string) {
  const owner = token ?? (await obtainGuestTokens(server)).access_token;
  const { defaultVariant } = await buildDesign(server.database.db, { priceCents: 2500 });
  const added = await server.request("/api/v1/order_line_items", {
    method: "POST",
    token: owner,
    body: {
      order_line_item: { seller_design_product_variant_id: defaultVariant.id, size: "L", color: "black", quantity: 2 },
    },
  });
  expect(added.status, added.text).toBe(201);
  const saved = await server.request("/api/v1/addresses", {
    method: "POST",
    token: owner,
    body: { addresses: { shipping_address: ADDRESS, billing_same_as_shipping: true, email: "grace@example.com" } },
  });
  expect(saved.status, saved.text).toBe(201);
  const placed = await server.request("/api/v1/orders", { method: "POST", token: owner, body: { order: {} } });
  expect(placed.status, placed.text).toBe(201);
  const attributes = placed.body.data.attributes;
  return {
    token: owner,
    processorPaymentId: attributes.processor_payment_id as string,
    orderNumber: attributes.order_number as string,
    totalCents: attributes.order_total_cents as number,
  };
}

async function createPayPalOrder(token: string, processorPaymentId: string) {
  const response = await server.request("/api/v1/pay_pal_orders", {
    method: "POST",
    token,
    body: { pay_pal_order: { processor_payment_id: processorPaymentId } },
  });
  expect(response.status, response.text).toBe(201);
  return payPalOrderResponseSchema.parse(toCamelKeys(response.body)).data.id;
}

function capture(token: string, paypalOrderId: string) {
  return server.request("/api/v1/pay_pal_order_payments", {
    method: "POST",
    token,
    // The spec's wallet params: the server uses the order id and trusts none of the rest.
    body: { request_id: paypalOrderId, payment_amount: "0.01", payment_currancy: "USD", request_status: "COMPLETED" },
  });
}

async function approvedOrder(outcome: ApprovalOutcome = "approve") {
  const order = await placedOrder();
  const paypalOrderId = await createPayPalOrder(order.token, order.processorPaymentId);
  await sandbox.approveOrder(paypalOrderId, outcome);
  return { ...order, paypalOrderId };
}

async function orderState(orderNumber: string) {
  const [row] = await server.database.db
    .select({ state: orders.state, paymentStartedAt: orders.paymentStartedAt })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber));
  return row;
}

describe("paying with PayPal", () => {
  it("creates the PayPal order as spec section 4 says, and a completed capture pays the order once", async () => {
    const order = await placedOrder();
    const paypalOrderId = await createPayPalOrder(order.token, order.processorPaymentId);
    // The same quote answers the same PayPal order (PayPal-Request-Id).
    expect(await createPayPalOrder(order.token, order.processorPaymentId)).toBe(paypalOrderId);
    const shown = (await sandbox.findOrder(paypalOrderId)) as unknown as {
      purchase_units: {
        reference_id: string;
        invoice_id: string;
        amount: { value: string; breakdown: Record<string, { value: string }> };
        items: { name: string; quantity: string; unit_amount: { value: string } }[];
        shipping: { name: { full_name: string }; address: { postal_code: string } };
      }[];
    };
    const unit = shown.purchase_units[0];
    expect(unit?.reference_id).toBe(order.orderNumber);
    expect(unit?.invoice_id).toBe(order.orderNumber);
    expect(unit?.amount.value).toBe((order.totalCents / 100).toFixed(2));
    expect(unit?.amount.breakdown.item_total?.value).toBe("50.00");
    expect(unit?.amount.breakdown.shipping?.value).toBe("7.99");
    expect(unit?.items[0]).toMatchObject({ quantity: "2", unit_amount: { value: "25.00" } });
    expect(unit?.shipping).toMatchObject({ name: { full_name: "Grace Hopper" }, address: { postal_code: "11201" } });

    await sandbox.approveOrder(paypalOrderId, "approve");
    const paid = await capture(order.token, paypalOrderId);
    expect(paid.status, paid.text).toBe(201);
    expect(orderPaymentResponseSchema.parse(toCamelKeys(paid.body)).data.attributes).toMatchObject({
      status: "success",
      orderNumber: order.orderNumber,
      paymentMethod: { kind: "paypal", description: "PayPal" },
    });
    expect((await orderState(order.orderNumber))?.state).toBe("paid");
    // A double click answers the same, with one payment recorded.
    const again = await capture(order.token, paypalOrderId);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(paid.body);
    const payments = await server.database.db
      .select({ status: orderPayments.status, amountCents: orderPayments.amountCents })
      .from(orderPayments)
      .innerJoin(orders, eq(orders.id, orderPayments.orderId))
      .where(eq(orders.orderNumber, order.orderNumber));
    expect(payments).toEqual([{ status: "succeeded", amountCents: order.totalCents }]);
  });

  it("a declined capture is a 'PayPal Payment Failure' and the order stays payable", async () => {
    const order = await approvedOrder("capture_declined");
    const declined = await capture(order.token, order.paypalOrderId);
    expect(declined.status, declined.text).toBe(402);
    expect(declined.body.error.message).toContain(ORDER_MESSAGES.paypalFailure);
    expect(declined.body.data.attributes.status).toBe("failure");
    expect(await orderState(order.orderNumber)).toEqual({ state: "payment_pending", paymentStartedAt: null });
  });

  it("a declined funding source restarts the buttons; approving again then pays", async () => {
    const order = await approvedOrder("funding_declined");
    const declined = await capture(order.token, order.paypalOrderId);
    expect(declined.status, declined.text).toBe(402);
    await sandbox.approveOrder(order.paypalOrderId, "approve");
    const paid = await capture(order.token, order.paypalOrderId);
    expect(paid.status, paid.text).toBe(201);
    expect((await orderState(order.orderNumber))?.state).toBe("paid");
  });

  it("a pending capture waits for PayPal's verified webhook, processed once", async () => {
    const order = await approvedOrder("capture_pending");
    const pending = await capture(order.token, order.paypalOrderId);
    expect(pending.status, pending.text).toBe(202);
    expect(pending.body.data.attributes.message).toBe(ORDER_MESSAGES.paypalPending);
    expect((await orderState(order.orderNumber))?.state).toBe("payment_pending");
    // The cart may change while PayPal reviews the payment; the order is its own record and keeps its copy.
    const change = await server.request("/api/v1/orders", {
      method: "PUT",
      token: order.token,
      body: { order: { selected_shipping_service_key: "express" } },
    });
    expect(change.status, change.text).toBe(200);
    const [kept] = await server.database.db
      .select({ key: orders.selectedShippingServiceKey })
      .from(orders)
      .where(eq(orders.orderNumber, order.orderNumber));
    expect(kept?.key).toBe("standard");

    const [payment] = await server.database.db
      .select({ captureId: orderPayments.processorReference })
      .from(orderPayments)
      .innerJoin(orders, eq(orders.id, orderPayments.orderId))
      .where(eq(orders.orderNumber, order.orderNumber));
    const notification = await sandbox.settlePendingCapture(payment?.captureId as string, "COMPLETED");
    const forged = await server.request("/api/v1/pay_pal_webhooks", {
      method: "POST",
      headers: { ...notification.headers, "paypal-transmission-id": crypto.randomUUID() },
      rawBody: notification.body,
    });
    expect(forged.status).toBe(400);
    for (let delivery = 0; delivery < 2; delivery++) {
      const delivered = await server.request("/api/v1/pay_pal_webhooks", {
        method: "POST",
        headers: notification.headers,
        rawBody: notification.body,
      });
      expect(delivered.status, delivered.text).toBe(200);
      expect(delivered.body.queued).toBe(delivery === 0);
    }
    await server.context.jobs.processDue();
    expect((await orderState(order.orderNumber))?.state).toBe("paid");
  });

  it("a pending capture that PayPal then declines frees the order; a refunded capture marks the order refunded", async () => {
    const order = await approvedOrder("capture_pending");
    expect((await capture(order.token, order.paypalOrderId)).status).toBe(202);
    const [payment] = await server.database.db
      .select({ captureId: orderPayments.processorReference })
      .from(orderPayments)
      .innerJoin(orders, eq(orders.id, orderPayments.orderId))
      .where(eq(orders.orderNumber, order.orderNumber));
    const declined = await sandbox.settlePendingCapture(payment?.captureId as string, "DECLINED");
    const delivered = await server.request("/api/v1/pay_pal_webhooks", {
      method: "POST",
      headers: declined.headers,
      rawBody: declined.body,
    });
    expect(delivered.status, delivered.text).toBe(200);
    await server.context.jobs.processDue();
    expect(await orderState(order.orderNumber)).toEqual({ state: "payment_pending", paymentStartedAt: null });

    const paid = await approvedOrder();
    expect((await capture(paid.token, paid.paypalOrderId)).status).toBe(201);
    const [paidPayment] = await server.database.db
      .select({ captureId: orderPayments.processorReference })
      .from(orderPayments)
      .innerJoin(orders, eq(orders.id, orderPayments.orderId))
      .where(eq(orders.orderNumber, paid.orderNumber));
    const refunded = await sandbox.refundCapture(paidPayment?.captureId as string);
    const refundDelivered = await server.request("/api/v1/pay_pal_webhooks", {
      method: "POST",
      headers: refunded.headers,
      rawBody: refunded.body,
    });
    expect(refundDelivered.status, refundDelivered.text).toBe(200);
    await server.context.jobs.processDue();
    expect((await orderState(paid.orderNumber))?.state).toBe("refunded");
    const statuses = await server.database.db
      .select({ status: orderPayments.status })
      .from(orderPayments)
      .innerJoin(orders, eq(orders.id, orderPayments.orderId))
      .where(eq(orders.orderNumber, paid.orderNumber));
    expect(statuses).toEqual([{ status: "refunded" }]);
  });

  it("refuses a PayPal order of another shopper, and an order whose cart changed after PayPal was opened", async () => {
    const order = await approvedOrder();
    const stranger = await createTestUser(server.database.db);
    const strangerToken = (await signIn(server, stranger.email, stranger.password)).access_token;
    expect((await capture(strangerToken, order.paypalOrderId)).status).toBe(404);

    const changed = await placedOrder();
    const paypalOrderId = await createPayPalOrder(changed.token, changed.processorPaymentId);
    await sandbox.approveOrder(paypalOrderId, "approve");
    await server.request("/api/v1/orders", {
      method: "PUT",
      token: changed.token,
      body: { order: { selected_shipping_service_key: "express" } },
    });
    await server.request("/api/v1/orders", { method: "POST", token: changed.token, body: { order: {} } });
    const stale = await capture(changed.token, paypalOrderId);
    expect(stale.status, stale.text).toBe(409);
    expect(stale.body.error.message).toBe(ORDER_MESSAGES.orderChanged);
    expect((await orderState(changed.orderNumber))?.state).toBe("payment_pending");
  });

  it("records what the buttons report as a failure, and rejects bad input", async () => {
    const { access_token: token } = await obtainGuestTokens(server);
    const reported = await server.request("/api/v1/pay_pal_order_payment_failures", {
      method: "POST",
      token,
      body: { name: "Error", message: "Window closed before the payment was approved" },
    });
    expect(reported.status, reported.text).toBe(204);
    const bad = await server.request("/api/v1/pay_pal_order_payments", {
      method: "POST",
      token,
      body: { request_id: "../../etc" },
    });
    expect(bad.status).toBe(422);
  });
});
