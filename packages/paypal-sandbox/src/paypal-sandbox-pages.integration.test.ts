import { createHash } from "node:crypto";
import { toCamelKeys } from "@threadfolk/contract/case";
import { PAYPAL_SANDBOX_LABEL, paymentSettingsResponseSchema } from "@threadfolk/contract/orders";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDesign } from "../../../apps/api/test/factories/catalogue.ts";
import { obtainGuestTokens } from "../../../apps/api/test/oauth-client.ts";
import { getTestServer, type TestServer } from "../../../apps/api/test/test-server.ts";
import { PAYPAL_SANDBOX_PAYER_ID, type PayPalSandbox } from "./paypal-sandbox.ts";

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
  last_name: "O'Hara <b>",
  address1: "1 Main St",
  address2: "",
  city: "Brooklyn",
  state: "NY",
  zip: "11201",
};

/** A guest's placed order of 2 shirts (a design named to test escaping) with its PayPal order, through the API. */
async function paypalOrder(displayName = "Moth & Lamp") {
  const token = (await obtainGuestTokens(server)).access_token;
  const { defaultVariant } = await buildDesign(server.database.db, { priceCents: 2500, displayName });
  const added = await server.request("/api/v1/order_line_items", {
    method: "POST",
    token,
    body: {
      order_line_item: { seller_design_product_variant_id: defaultVariant.id, size: "L", color: "black", quantity: 2 },
    },
  });
  expect(added.status, added.text).toBe(201);
  const saved = await server.request("/api/v1/addresses", {
    method: "POST",
    token,
    body: { addresses: { shipping_address: ADDRESS, billing_same_as_shipping: true, email: "grace@example.com" } },
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
    paypalOrderId: created.body.data.id as string,
  };
}

/** The approval page's path, from the `payer-action` link the sandbox gave its order. */
async function approvalPath(paypalOrderId: string): Promise<string> {
  const order = (await sandbox.findOrder(paypalOrderId)) as { links: { rel: string; href: string }[] } | undefined;
  const href = order?.links.find((link) => link.rel === "payer-action")?.href;
  if (!href) throw new Error("no payer-action link");
  const url = new URL(href);
  return `${url.pathname}${url.search}`;
}

function answer(token: string, outcome: string, headers: Record<string, string> = {}) {
  return server.request("/paypal-sandbox/checkoutnow", { method: "POST", body: { token, outcome }, headers });
}

function capture(token: string, paypalOrderId: string) {
  return server.request("/api/v1/pay_pal_order_payments", {
    method: "POST",
    token,
    body: { request_id: paypalOrderId, request_intent: "CAPTURE" },
  });
}

const isPayPalError = (body: unknown) =>
  expect(body).toMatchObject({ name: expect.any(String), message: expect.any(String), debug_id: expect.any(String) });

describe("the PayPal JS SDK stand-in", () => {
  it("is served at the sdkUrl of the payment settings, for the sandbox's client id", async () => {
    const { access_token: token } = await obtainGuestTokens(server);
    const settings = await server.request("/api/v1/payment_settings", { token });
    expect(settings.status, settings.text).toBe(200);
    const { paypal } = paymentSettingsResponseSchema.parse(toCamelKeys(settings.body)).data.attributes;
    expect(paypal.sandbox).toBe(true);
    const sdkPath = new URL(paypal.sdkUrl).pathname;
    expect(sdkPath).toBe("/paypal-sandbox/sdk/js");
    const script = await server.request(
      `${sdkPath}?client-id=${encodeURIComponent(paypal.clientId)}&currency=USD&intent=capture`,
    );
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toBe("application/javascript; charset=utf-8");
    expect(script.text).toContain("window.paypal =");
    expect(script.text).toContain(PAYPAL_SANDBOX_LABEL);
  });

  it("refuses another client id, currency or intent with PayPal's error shape", async () => {
    for (const query of [
      "",
      "client-id=someone-else",
      `client-id=${sandbox.clientId}&currency=EUR`,
      `client-id=${sandbox.clientId}&intent=authorize`,
    ]) {
      const response = await server.request(`/paypal-sandbox/sdk/js?${query}`);
      expect(response.status, query).toBe(400);
      isPayPalError(response.body);
    }
  });
});

describe("the approval page", () => {
  it("shows the order's amount, items and ship-to, escaped, under a strict policy of its own", async () => {
    const order = await paypalOrder("<img src=x onerror=alert(1)> & Co");
    const page = await server.request(await approvalPath(order.paypalOrderId), { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.text).toContain(`${PAYPAL_SANDBOX_LABEL}: no real money moves`);
    expect(page.text).toContain(`for order ${order.orderNumber}`);
    expect(page.text).toContain("&lt;img src=x onerror=alert(1)&gt; &amp; Co");
    expect(page.text).not.toContain("<img");
    expect(page.text).toContain("O&#39;Hara &lt;b&gt;");
    expect(page.text).toContain(" × 2");
    const shown = (await sandbox.findOrder(order.paypalOrderId)) as unknown as {
      purchase_units: { amount: { value: string } }[];
    };
    expect(page.text).toContain(`$${shown.purchase_units[0]?.amount.value} USD`);
    for (const label of [
      "Approve",
      "Approve (capture held for review)",
      "Approve (capture declined)",
      "Funding declined",
      "Cancel",
    ]) {
      expect(page.text).toContain(`aria-label="${label}"`);
    }

    const policy = page.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain("unsafe-inline");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    // The only inline script and style are the ones the policy names by hash; nothing loads from elsewhere.
    const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    const scripts = [...page.text.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? "");
    const styles = [...page.text.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? "");
    expect(scripts).toHaveLength(1);
    expect(styles).toHaveLength(1);
    expect(policy).toContain(`script-src ${hash(scripts[0] ?? "")}`);
    expect(policy).toContain(`style-src ${hash(styles[0] ?? "")}`);
    expect(page.text).not.toMatch(/<[^>]*\s(src|href|style)=/);
  });

  it("answers an unknown order with an HTML page for a browser and PayPal's error shape otherwise", async () => {
    const html = await server.request("/paypal-sandbox/checkoutnow?token=NOSUCHORDER000001", {
      headers: { accept: "text/html,application/xhtml+xml" },
    });
    expect(html.status).toBe(404);
    expect(html.text).toContain("Order not found");
    expect(html.text).toContain(PAYPAL_SANDBOX_LABEL);
    for (const path of ["/paypal-sandbox/checkoutnow?token=NOSUCHORDER000001", "/paypal-sandbox/checkoutnow"]) {
      const json = await server.request(path);
      expect(json.status).toBe(404);
      isPayPalError(json.body);
    }
  });

  it("approve: the answer approves the order, which the shop then captures and marks paid", async () => {
    const order = await paypalOrder();
    const approved = await answer(order.paypalOrderId, "approve");
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toMatchObject({
      id: order.paypalOrderId,
      status: "APPROVED",
      payer_id: PAYPAL_SANDBOX_PAYER_ID,
    });
    expect(approved.body.payer_id).toMatch(/^[2-9A-HJ-NP-Z]{13}$/);
    // Approved: the page has nothing left to choose, and a second answer is refused.
    const page = await server.request(`/paypal-sandbox/checkoutnow?token=${order.paypalOrderId}`);
    expect(page.text).toContain("This order is APPROVED: there is nothing to approve.");
    expect(page.text).not.toContain('id="approval"');
    const again = await answer(order.paypalOrderId, "approve");
    expect(again.status).toBe(422);
    isPayPalError(again.body);
    const paid = await capture(order.token, order.paypalOrderId);
    expect(paid.status, paid.text).toBe(201);
    expect(paid.body.data.attributes.status).toBe("success");
  });

  it("funding declined: the capture fails, the page offers the choices again, and approving then pays", async () => {
    const order = await paypalOrder();
    expect((await answer(order.paypalOrderId, "funding_declined")).status).toBe(200);
    const declined = await capture(order.token, order.paypalOrderId);
    expect(declined.status, declined.text).toBe(402);
    const page = await server.request(await approvalPath(order.paypalOrderId));
    expect(page.text).toContain('id="approval"');
    expect((await answer(order.paypalOrderId, "approve")).status).toBe(200);
    const paid = await capture(order.token, order.paypalOrderId);
    expect(paid.status, paid.text).toBe(201);
  });

  it("cancel leaves the order awaiting approval; a held capture answers 202", async () => {
    const order = await paypalOrder();
    const cancelled = await answer(order.paypalOrderId, "cancel");
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({ id: order.paypalOrderId, status: "CREATED", outcome: "cancel" });
    expect((await answer(order.paypalOrderId, "capture_pending")).status).toBe(200);
    const pending = await capture(order.token, order.paypalOrderId);
    expect(pending.status, pending.text).toBe(202);
  });

  it("refuses answers that are not the page's own: wrong shape, type, origin or order", async () => {
    const order = await paypalOrder();
    const refusals = [
      await answer(order.paypalOrderId, "steal"),
      await answer("NOSUCHORDER000001", "approve"),
      await answer(order.paypalOrderId, "approve", { origin: "https://evil.example" }),
      await server.request("/paypal-sandbox/checkoutnow", {
        method: "POST",
        rawBody: `token=${order.paypalOrderId}&outcome=approve`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
      await server.request("/paypal-sandbox/checkoutnow", {
        method: "POST",
        rawBody: "{",
        headers: { "content-type": "application/json" },
      }),
    ];
    expect(refusals.map((response) => response.status)).toEqual([400, 404, 403, 415, 400]);
    for (const refusal of refusals) isPayPalError(refusal.body);
    // None of them approved the order.
    expect((await sandbox.findOrder(order.paypalOrderId))?.status).toBe("CREATED");
  });
});
