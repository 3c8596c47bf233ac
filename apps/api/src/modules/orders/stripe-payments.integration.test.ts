import { createHmac, randomUUID } from "node:crypto";
import { toCamelKeys } from "@threadfolk/contract/case";
import { ORDER_MESSAGES, paymentSettingsResponseSchema, placedOrderResponseSchema } from "@threadfolk/contract/orders";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDesign } from "../../../test/factories/catalogue.ts";
import { addressesBody } from "../../../test/factories/checkout.ts";
import { obtainGuestTokens } from "../../../test/oauth-client.ts";
import { type LocalStripePayments, startStripePaymentsServer } from "../../../test/stripe-payments-server.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { jobs, orderPayments } from "../../db/schema/index.ts";

/**
 * Card payments in Stripe mode (decision 061), over the real HTTP server and the local Stripe-speaking server:
 * card data is refused (422), a PaymentMethod made in the browser pays, and Stripe's webhook events are
 * verified (valid, forged, stale) before they make a lost attempt's reconciliation due.
 */

const WEBHOOK_SECRET = "whsec_localTestSigningSecret0123456789";

let stripe: LocalStripePayments;
let server: TestServer;

beforeAll(async () => {
  stripe = await startStripePaymentsServer();
  server = await getTestServer({
    env: {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
      STRIPE_API_BASE: stripe.url,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      CARD_PROCESSOR_TIMEOUT_MS: "2000",
      PAYMENT_RECONCILE_AFTER_SECONDS: "3600",
    },
  });
});

afterAll(async () => {
  await server?.close();
  await stripe?.close();
});

/** A guest with a placed order awaiting payment; its token and the quote to pay. */
async function placedOrder(): Promise<{ token: string; processorPaymentId: string; orderNumber: string }> {
  const token = (await obtainGuestTokens(server)).access_token;
  const built = await buildDesign(server.database.db, { priceCents: 2500 });
  const line = await server.request("/api/v1/order_line_items", {
    method: "POST",
    token,
    body: {
      order_line_item: {
        seller_design_product_variant_id: built.defaultVariant.id,
        size: "M",
        color: "black",
        quantity: 1,
      },
    },
  });
  expect(line.status, line.text).toBe(201);
  const saved = await server.request("/api/v1/addresses", { method: "POST", token, body: addressesBody() });
  expect(saved.status, saved.text).toBe(201);
  const placed = await server.request("/api/v1/orders", { method: "POST", token, body: { order: {} } });
  expect(placed.status, placed.text).toBe(201);
  const { attributes } = placedOrderResponseSchema.parse(toCamelKeys(placed.body)).data;
  return { token, processorPaymentId: attributes.processorPaymentId ?? "", orderNumber: attributes.orderNumber };
}

function pay(token: string, body: Record<string, unknown>) {
  return server.request("/api/v1/order_payments", {
    method: "POST",
    token,
    headers: { "idempotency-key": randomUUID() },
    body,
  });
}

/** What Stripe.js makes in the browser from Stripe's card fields. */
const paymentMethod = (number = "4242424242424242") =>
  stripe.createPaymentMethod({ number, expMonth: 12, expYear: 2039, cvc: "123" });

/** Stripe's signature scheme, written from its documentation: `t=<seconds>,v1=<HMAC-SHA256 of "t.body">`. */
function signed(body: string, { secret = WEBHOOK_SECRET, at = Math.floor(Date.now() / 1000) } = {}) {
  const signature = createHmac("sha256", secret).update(`${at}.${body}`).digest("hex");
  return `t=${at},v1=${signature}`;
}

function postEvent(body: string, signature: string | undefined) {
  return server.request("/api/v1/stripe_webhooks", {
    method: "POST",
    headers: {
      "content-type": "application/json; charset=utf-8",
      ...(signature ? { "stripe-signature": signature } : {}),
    },
    rawBody: body,
  });
}

const eventBody = (type: string, intent: { id: string; metadata: Record<string, string> }) =>
  JSON.stringify({
    id: `evt_${randomUUID().replace(/-/g, "")}`,
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: { id: intent.id, object: "payment_intent", metadata: intent.metadata } },
  });

describe("card payments in Stripe mode", () => {
  it("tells the payment step to load Stripe.js with the publishable key, and labels nothing as a test", async () => {
    const token = (await obtainGuestTokens(server)).access_token;
    const response = await server.request("/api/v1/payment_settings", { token });
    expect(response.status, response.text).toBe(200);
    expect(paymentSettingsResponseSchema.parse(toCamelKeys(response.body)).data.attributes).toMatchObject({
      cardProcessor: "stripe",
      cardNotice: null,
      stripePublishableKey: stripe.publishableKey,
    });
  });

  it("lets the pages load exactly Stripe.js's origins (script, frames, API) and nothing more", async () => {
    const response = await server.request("/api/v1/payment_settings");
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com;");
    expect(policy).toContain("frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;");
    expect(policy).toContain("connect-src 'self' https://api.stripe.com;");
  });

  it("refuses card data with a 422 and sends nothing to Stripe", async () => {
    const { token, processorPaymentId } = await placedOrder();
    stripe.received.length = 0;
    const response = await pay(token, {
      order_payment: { processor_payment_id: processorPaymentId },
      credit_card_params: { credit_card_number: "4242424242424242", expiration_date: "1239", cvc: "123" },
    });
    expect(response.status, response.text).toBe(422);
    expect(response.body).toMatchObject({
      error: {
        code: "validation_failed",
        details: [{ field: "credit_card_params", message: ORDER_MESSAGES.cardDataRefused }],
      },
    });
    expect(response.text).not.toContain("4242424242424242");
    expect(stripe.received).toEqual([]);
  });

  it("refuses card data sent beside a PaymentMethod or under another name, echoes none, and the order stays payable", async () => {
    const { token, processorPaymentId, orderNumber } = await placedOrder();
    const methodId = await paymentMethod();
    stripe.received.length = 0;
    const bodies = [
      {
        order_payment: { processor_payment_id: processorPaymentId },
        payment_method_id: methodId,
        credit_card_params: { credit_card_number: "4242424242424242", expiration_date: "1239", cvc: "123" },
      },
      {
        order_payment: { processor_payment_id: processorPaymentId },
        payment_method_id: methodId,
        card: { number: "4242424242424242", exp_month: 12, exp_year: 2039, cvc: "123" },
      },
      {
        order_payment: { processor_payment_id: processorPaymentId, card_number: "4242424242424242", cvc: "123" },
      },
    ];
    for (const body of bodies) {
      const response = await pay(token, body);
      expect(response.status, response.text).toBe(422);
      expect(response.body).toMatchObject({ error: { code: "validation_failed" } });
      expect(response.text).not.toContain("4242424242424242");
    }
    expect(stripe.received).toEqual([]);
    const paid = await pay(token, {
      order_payment: { processor_payment_id: processorPaymentId },
      payment_method_id: methodId,
    });
    expect(paid.status, paid.text).toBe(201);
    expect(paid.body.data.attributes).toMatchObject({ status: "success", order_number: orderNumber });
    // What reached Stripe from the server: a PaymentIntent with the PaymentMethod's id, never a card number.
    expect(stripe.received.length).toBeGreaterThan(0);
    for (const request of stripe.received) expect(request.form.toString()).not.toContain("4242424242424242");
  });

  it("pays with the PaymentMethod Stripe.js made, through one confirmed PaymentIntent", async () => {
    const { token, processorPaymentId, orderNumber } = await placedOrder();
    const response = await pay(token, {
      order_payment: { processor_payment_id: processorPaymentId },
      payment_method_id: await paymentMethod(),
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body.data.attributes).toMatchObject({ status: "success", order_number: orderNumber });
    const intents = [...stripe.paymentIntents.values()].filter(
      (intent) => intent.metadata.order_number === orderNumber,
    );
    expect(intents).toHaveLength(1);
    expect(intents[0]).toMatchObject({ status: "succeeded", amount_received: expect.any(Number) });
  });

  it("answers a decline as the spec's failure, and the order stays payable", async () => {
    const { token, processorPaymentId } = await placedOrder();
    const declined = await pay(token, {
      order_payment: { processor_payment_id: processorPaymentId },
      payment_method_id: await paymentMethod("4000000000009995"),
    });
    expect(declined.status, declined.text).toBe(402);
    expect(declined.body.data.attributes).toMatchObject({ status: "failure", decline_code: "insufficient_funds" });
    const paid = await pay(token, {
      order_payment: { processor_payment_id: processorPaymentId },
      payment_method_id: await paymentMethod(),
    });
    expect(paid.status, paid.text).toBe(201);
  });
});

describe("Stripe webhooks", () => {
  it("makes a lost attempt's reconciliation due on a signed event; forged and stale events are refused", async () => {
    const { token, processorPaymentId, orderNumber } = await placedOrder();
    stripe.loseReplyTo = "/v1/payment_intents";
    const lost = await pay(token, {
      order_payment: { processor_payment_id: processorPaymentId },
      payment_method_id: await paymentMethod(),
    });
    stripe.loseReplyTo = undefined;
    expect(lost.status, lost.text).toBe(503);
    const intent = [...stripe.paymentIntents.values()].find((each) => each.metadata.order_number === orderNumber);
    if (!intent) throw new Error("Stripe made no PaymentIntent");
    const [attempt] = await server.database.db
      .select({ id: orderPayments.id })
      .from(orderPayments)
      .where(eq(orderPayments.processorKey, intent.metadata.idempotency_key ?? ""));
    if (!attempt) throw new Error("no attempt recorded");
    const runAt = async () =>
      (
        await server.database.db
          .select({ runAt: jobs.runAt })
          .from(jobs)
          .where(and(eq(jobs.kind, "reconcile_order_payment"), eq(jobs.dedupeKey, attempt.id)))
      )[0]?.runAt.getTime() ?? 0;
    expect(await runAt()).toBeGreaterThan(Date.now() + 60_000);

    const body = eventBody("payment_intent.succeeded", intent);
    // Forged: signed with another secret; altered: the signature of another body; stale: ten minutes old.
    expect((await postEvent(body, signed(body, { secret: "whsec_someoneElse0123456789" }))).status).toBe(400);
    expect((await postEvent(body, signed(`${body} `))).status).toBe(400);
    expect((await postEvent(body, signed(body, { at: Math.floor(Date.now() / 1000) - 600 }))).status).toBe(400);
    const unsigned = await postEvent(body, undefined);
    expect(unsigned.status).toBe(400);
    expect(unsigned.body).toMatchObject({ error: { code: "bad_request" } });
    expect(await runAt()).toBeGreaterThan(Date.now() + 60_000);

    const accepted = await postEvent(body, signed(body));
    expect(accepted.status, accepted.text).toBe(200);
    expect(await runAt()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("acknowledges authentic events the shop does not act on", async () => {
    const body = eventBody("charge.refunded", { id: "ch_000001local", metadata: {} });
    const response = await postEvent(body, signed(body));
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ received: true });
  });
});

describe("card payments with the local test processor", () => {
  let local: TestServer;

  beforeAll(async () => {
    local = await getTestServer();
  });

  afterAll(async () => {
    await local?.close();
  });

  it("refuses a Stripe PaymentMethod with a 422: the local processor takes the spec's card fields", async () => {
    const token = (await obtainGuestTokens(local)).access_token;
    const response = await local.request("/api/v1/order_payments", {
      method: "POST",
      token,
      headers: { "idempotency-key": randomUUID() },
      body: { order_payment: { processor_payment_id: "pq_000000000000000000000000" }, payment_method_id: "pm_123" },
    });
    expect(response.status, response.text).toBe(422);
    expect(response.body).toMatchObject({
      error: { details: [{ field: "payment_method_id", message: ORDER_MESSAGES.paymentMethodRefused }] },
    });
    const webhook = await local.request("/api/v1/stripe_webhooks", { method: "POST", body: {} });
    expect(webhook.status, webhook.text).toBe(404);
    // No Stripe origin in the policy when the local processor takes the cards.
    expect(webhook.headers.get("content-security-policy")).not.toContain("stripe.com");
  });
});
