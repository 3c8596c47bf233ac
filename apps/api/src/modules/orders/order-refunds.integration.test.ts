import { randomUUID } from "node:crypto";
import { toCamelKeys } from "@threadfolk/contract/case";
import { payPalOrderResponseSchema } from "@threadfolk/contract/orders";
import type { PayPalSandbox } from "@threadfolk/paypal-sandbox/paypal-sandbox";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDesign } from "../../../test/factories/catalogue.ts";
import { addressesBody } from "../../../test/factories/checkout.ts";
import { obtainGuestTokens } from "../../../test/oauth-client.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { cardCharges, earningsEntries, orderPayments, orders, paymentRefunds } from "../../db/schema/index.ts";
import { reconcileOrderLedger } from "../earnings/reconcile-order-ledger.ts";
import { checkLedger } from "./check-ledger.ts";
import { refundOrder } from "./refund-order.ts";

/**
 * Refunds as records (issue 24, deliverable 4; decision 053): several per payment, through the processor that
 * took the money, the order's refunded amount derived from them, and the earnings reversed per line in proportion,
 * to the cent, with the ledger still reconciling after each one.
 */
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

/** A guest's order of a $25.00 shirt x2 and a $31.99 one, placed: the token and the quote. */
async function placed() {
  const token = (await obtainGuestTokens(server)).access_token;
  for (const [priceCents, quantity] of [
    [2500, 2],
    [3199, 1],
  ] as const) {
    const { defaultVariant } = await buildDesign(server.database.db, { priceCents });
    const added = await server.request("/api/v1/order_line_items", {
      method: "POST",
      token,
      body: {
        order_line_item: { seller_design_product_variant_id: defaultVariant.id, size: "M", color: "black", quantity },
      },
    });
    expect(added.status, added.text).toBe(201);
  }
  const saved = await server.request("/api/v1/addresses", { method: "POST", token, body: addressesBody() });
  expect(saved.status, saved.text).toBeLessThan(300);
  const response = await server.request("/api/v1/orders", { method: "POST", token, body: { order: {} } });
  expect(response.status, response.text).toBe(201);
  return {
    token,
    orderId: response.body.data.id as string,
    orderNumber: response.body.data.attributes.order_number as string,
    processorPaymentId: response.body.data.attributes.processor_payment_id as string,
  };
}

async function paidByCard() {
  const order = await placed();
  const paid = await server.request("/api/v1/order_payments", {
    method: "POST",
    token: order.token,
    headers: { "idempotency-key": randomUUID() },
    body: {
      order_payment: { processor_payment_id: order.processorPaymentId },
      credit_card_params: { credit_card_number: "4242424242424242", expiration_date: "1239", cvc: "123" },
    },
  });
  expect(paid.status, paid.text).toBe(201);
  await server.context.jobs.processDue();
  return order;
}

async function paidByPayPal() {
  const order = await placed();
  const created = await server.request("/api/v1/pay_pal_orders", {
    method: "POST",
    token: order.token,
    body: { pay_pal_order: { processor_payment_id: order.processorPaymentId } },
  });
  expect(created.status, created.text).toBe(201);
  const paypalOrderId = payPalOrderResponseSchema.parse(toCamelKeys(created.body)).data.id;
  await sandbox.approveOrder(paypalOrderId, "approve");
  const captured = await server.request("/api/v1/pay_pal_order_payments", {
    method: "POST",
    token: order.token,
    body: { request_id: paypalOrderId, payment_amount: "0.01", payment_currancy: "USD", request_status: "COMPLETED" },
  });
  expect(captured.status, captured.text).toBe(201);
  await server.context.jobs.processDue();
  return order;
}

async function orderRow(orderId: string) {
  const [row] = await server.database.db
    .select({ state: orders.state, totalCents: orders.totalCents })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row as { state: string; totalCents: number };
}

async function entriesOf(orderId: string) {
  return server.database.db
    .select()
    .from(earningsEntries)
    .where(eq(earningsEntries.orderId, orderId))
    .orderBy(asc(earningsEntries.id));
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function refund(orderId: string, options: { amountCents?: number; lineIds?: number[]; requestKey?: string } = {}) {
  return refundOrder({
    context: server.context,
    orderId,
    reason: "customer_request",
    actor: "system:test",
    requestKey: options.requestKey ?? randomUUID(),
    ...(options.amountCents !== undefined ? { amountCents: options.amountCents } : {}),
    ...(options.lineIds ? { lineIds: options.lineIds } : {}),
  });
}

describe("refunding a paid order", () => {
  it("by card, in two parts: each a record, the earnings reversed per line in proportion, to the cent", async () => {
    const order = await paidByCard();
    const { totalCents } = await orderRow(order.orderId);
    const sales = (await entriesOf(order.orderId)).filter((entry) => entry.kind === "sale");
    expect(sales).toHaveLength(2);
    const artistTotal = sum(sales.map((sale) => sale.artistEarningsCents));

    const part = 1234;
    const key = randomUUID();
    const first = await refund(order.orderId, { amountCents: part, requestKey: key });
    expect(first.refunds).toEqual([expect.objectContaining({ amountCents: part, status: "succeeded" })]);
    expect(first.orderState).toBe("partly_refunded");
    expect(first.refundedCents).toBe(part);
    // The same request again is the same refund: the processor is not asked twice.
    const again = await refund(order.orderId, { amountCents: part, requestKey: key });
    expect(again.refunds.map((row) => row.id)).toEqual(first.refunds.map((row) => row.id));
    const [payment] = await server.database.db
      .select({ chargeId: orderPayments.processorReference, status: orderPayments.status })
      .from(orderPayments)
      .where(and(eq(orderPayments.orderId, order.orderId), eq(orderPayments.kind, "card")));
    expect(payment?.status).toBe("succeeded");
    const [charge] = await server.database.db
      .select({ refundedCents: cardCharges.refundedCents })
      .from(cardCharges)
      .where(eq(cardCharges.id, payment?.chargeId as string));
    expect(charge?.refundedCents).toBe(part);

    // The reversals take the order's refunded share of each part, rounded half-up, shared between the lines.
    const reversals = (await entriesOf(order.orderId)).filter((entry) => entry.kind === "reversal");
    expect(reversals.length).toBeGreaterThan(0);
    const share = (whole: number) => Math.round((whole * part) / totalCents);
    expect(-sum(reversals.map((entry) => entry.artistEarningsCents))).toBe(share(artistTotal));
    expect(-sum(reversals.map((entry) => entry.grossCents))).toBe(share(sum(sales.map((sale) => sale.grossCents))));
    for (const entry of reversals) {
      expect(entry.quantity).toBe(0);
      expect(entry.grossCents - entry.discountCents).toBe(
        entry.productionCostCents + entry.artistEarningsCents + entry.platformShareCents,
      );
    }
    expect((await reconcileOrderLedger({ db: server.database.db, orderId: order.orderId })).problems).toEqual([]);

    // More than is left is refused; the rest refunds the order in full and nets its ledger to zero.
    await expect(refund(order.orderId, { amountCents: totalCents })).rejects.toThrow(/can still be refunded/);
    const rest = await refund(order.orderId);
    expect(rest.refunds).toEqual([expect.objectContaining({ amountCents: totalCents - part, status: "succeeded" })]);
    expect(rest.orderState).toBe("refunded");
    expect(rest.refundedCents).toBe(totalCents);
    const entries = await entriesOf(order.orderId);
    for (const sale of entries.filter((entry) => entry.kind === "sale")) {
      const own = entries.filter((entry) => entry.reversesEntryId === sale.id);
      expect(sale.artistEarningsCents + sum(own.map((entry) => entry.artistEarningsCents))).toBe(0);
      expect(sale.quantity + sum(own.map((entry) => entry.quantity))).toBe(0);
    }
    const refunds = await server.database.db
      .select({ amountCents: paymentRefunds.amountCents })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.orderId, order.orderId));
    expect(sum(refunds.map((row) => row.amountCents))).toBe(totalCents);
    await expect(refund(order.orderId, { amountCents: 1 })).rejects.toThrow(/cannot be refunded/);
    expect((await reconcileOrderLedger({ db: server.database.db, orderId: order.orderId })).problems).toEqual([]);
    const findings = await checkLedger(server.database.db);
    expect(findings.filter((finding) => finding.orderNumber === order.orderNumber)).toEqual([]);
  });

  it("by line: the named line's earnings are reversed whole, the other line's are kept", async () => {
    const order = await paidByCard();
    const sales = (await entriesOf(order.orderId)).filter((entry) => entry.kind === "sale");
    const line = sales[1] as (typeof sales)[number];
    const done = await refund(order.orderId, { amountCents: line.grossCents, lineIds: [line.orderLineItemId] });
    expect(done.orderState).toBe("partly_refunded");
    const reversals = (await entriesOf(order.orderId)).filter((entry) => entry.kind === "reversal");
    expect(reversals).toHaveLength(1);
    expect(reversals[0]).toMatchObject({
      reversesEntryId: line.id,
      artistEarningsCents: -line.artistEarningsCents,
      quantity: -line.quantity,
    });
    expect((await reconcileOrderLedger({ db: server.database.db, orderId: order.orderId })).problems).toEqual([]);
  });

  it("by PayPal, through the PayPal port; a refund made in PayPal's dashboard is recorded once from its webhook", async () => {
    const order = await paidByPayPal();
    const { totalCents } = await orderRow(order.orderId);
    const ours = await refund(order.orderId, { amountCents: 500 });
    expect(ours.refunds).toEqual([expect.objectContaining({ amountCents: 500, status: "succeeded" })]);
    const [payment] = await server.database.db
      .select({ captureId: orderPayments.processorReference })
      .from(orderPayments)
      .where(and(eq(orderPayments.orderId, order.orderId), eq(orderPayments.status, "succeeded")));
    const captureId = payment?.captureId as string;
    const inPayPal = await server.context.paypal.gateway.getCapture(captureId);
    expect(inPayPal.status).toBe("PARTIALLY_REFUNDED");

    // The merchant refunds the rest from PayPal: the webhook, delivered twice, records it once.
    const notification = await sandbox.refundCapture(captureId);
    for (let delivery = 0; delivery < 2; delivery++) {
      const delivered = await server.request("/api/v1/pay_pal_webhooks", {
        method: "POST",
        headers: notification.headers,
        rawBody: notification.body,
      });
      expect(delivered.status, delivered.text).toBe(200);
    }
    await server.context.jobs.processDue();
    expect((await orderRow(order.orderId)).state).toBe("refunded");
    const refunds = await server.database.db
      .select({ amountCents: paymentRefunds.amountCents, actor: paymentRefunds.actor })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.orderId, order.orderId));
    expect(refunds).toHaveLength(2);
    expect(sum(refunds.map((row) => row.amountCents))).toBe(totalCents);
    expect((await reconcileOrderLedger({ db: server.database.db, orderId: order.orderId })).problems).toEqual([]);
  });

  it("refuses an order that is not paid, and two refunds at once never give back more than was paid", async () => {
    const unpaid = await placed();
    await expect(refund(unpaid.orderId)).rejects.toThrow(/cannot be refunded/);
    const order = await paidByCard();
    const { totalCents } = await orderRow(order.orderId);
    const results = await Promise.allSettled([
      refund(order.orderId, { amountCents: totalCents - 100 }),
      refund(order.orderId, { amountCents: totalCents - 100 }),
      refund(order.orderId),
    ]);
    const refunds = await server.database.db
      .select({ amountCents: paymentRefunds.amountCents, status: paymentRefunds.status })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.orderId, order.orderId));
    expect(sum(refunds.map((row) => row.amountCents))).toBeLessThanOrEqual(totalCents);
    expect(results.filter((result) => result.status === "fulfilled").length).toBeGreaterThanOrEqual(1);
    expect((await reconcileOrderLedger({ db: server.database.db, orderId: order.orderId })).problems).toEqual([]);
  });
});
