import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { expect } from "vitest";
import { artworkKey } from "../src/modules/media/media-keys.ts";
import { getOrderAccessSecret, signOrderAccessToken } from "../src/modules/orders/order-link.ts";
import { buildDesign } from "./factories/catalogue.ts";
import { ALBANY_ADDRESS, addressesBody } from "./factories/checkout.ts";
import { obtainGuestTokens } from "./oauth-client.ts";
import type { TestServer } from "./test-server.ts";

/**
 * Paid orders for the fulfilment tests (issue 27): bought by a guest through the API like a shopper buys, read
 * back through the e-mail's signed link, and moved along by running the server's jobs.
 */

export type GuestOrder = { token: string; orderId: string; orderNumber: string; link: string };

/** A guest's paid order of `quantities` (units of a design with artwork each), by card or PayPal (the sandbox). */
export async function buyAsGuest(
  server: TestServer,
  options: {
    quantities?: number[];
    method?: "card" | "paypal";
    shipping?: "standard" | "expedited" | "express";
    /** The shopper's e-mail and ship-to name (default: ada@example.com, the Albany address's name). */
    email?: string;
    name?: { first: string; last: string };
  } = {},
): Promise<GuestOrder> {
  const { quantities = [1], method = "card", shipping = "standard" } = options;
  const db = server.database.db;
  const token = (await obtainGuestTokens(server)).access_token;
  const artwork = await sharp({ create: { width: 600, height: 800, channels: 4, background: "#d22" } })
    .png()
    .toBuffer();
  for (const quantity of quantities) {
    const { design, defaultVariant } = await buildDesign(db, { priceCents: 2500 });
    await server.context.storage.put(artworkKey(design.id), artwork, "image/png");
    const added = await server.request("/api/v1/order_line_items", {
      method: "POST",
      token,
      body: {
        order_line_item: { seller_design_product_variant_id: defaultVariant.id, size: "M", color: "black", quantity },
      },
    });
    expect(added.status, added.text).toBe(201);
  }
  const body = addressesBody(
    options.name ? { ...ALBANY_ADDRESS, first_name: options.name.first, last_name: options.name.last } : ALBANY_ADDRESS,
  );
  if (options.email) body.addresses.email = options.email;
  const saved = await server.request("/api/v1/addresses", { method: "POST", token, body });
  expect(saved.status, saved.text).toBeLessThan(300);
  const option = await server.request("/api/v1/orders", {
    method: "PUT",
    token,
    body: { order: { selected_shipping_service_key: shipping } },
  });
  expect(option.status, option.text).toBe(200);
  const placed = await server.request("/api/v1/orders", { method: "POST", token, body: { order: {} } });
  expect(placed.status, placed.text).toBe(201);
  const processorPaymentId = placed.body.data.attributes.processor_payment_id;
  if (method === "paypal") {
    const created = await server.request("/api/v1/pay_pal_orders", {
      method: "POST",
      token,
      body: { pay_pal_order: { processor_payment_id: processorPaymentId } },
    });
    expect(created.status, created.text).toBe(201);
    const paypalOrderId = created.body.data.id as string;
    await server.context.paypal.sandbox?.approveOrder(paypalOrderId, "approve");
    const captured = await server.request("/api/v1/pay_pal_order_payments", {
      method: "POST",
      token,
      body: { request_id: paypalOrderId, payment_amount: "0.01", payment_currancy: "USD", request_status: "COMPLETED" },
    });
    expect(captured.status, captured.text).toBe(201);
  } else {
    const paid = await server.request("/api/v1/order_payments", {
      method: "POST",
      token,
      headers: { "idempotency-key": randomUUID() },
      body: {
        order_payment: { processor_payment_id: processorPaymentId },
        credit_card_params: { credit_card_number: "4242424242424242", expiration_date: "1239", cvc: "123" },
      },
    });
    expect(paid.status, paid.text).toBe(201);
  }
  await server.context.jobs.processDue();
  const orderId = placed.body.data.id as string;
  // A guest reads (and cancels) the order through its e-mail's signed link.
  const secret = await getOrderAccessSecret({ db, config: server.context.config });
  return {
    token,
    orderId,
    orderNumber: placed.body.data.attributes.order_number as string,
    link: `?token=${signOrderAccessToken(secret, orderId)}`,
  };
}

/** The order as its guest link reads it (its `data.attributes`). */
export async function readGuestOrder(server: TestServer, order: GuestOrder) {
  const response = await server.request(`/api/v1/orders/${order.orderNumber}${order.link}`, { token: order.token });
  expect(response.status, response.text).toBe(200);
  return response.body.data.attributes;
}

/** The cancellation window closes now (as the clock would move on): the submission is due. */
export async function closeCancelWindow(server: TestServer, orderId: string) {
  const db = server.database.db;
  await db.execute(
    sql`update order_fulfilments set submit_after = now() - interval '1 second' where order_id = ${orderId}`,
  );
  await db.execute(sql`update jobs set run_at = now() where kind = 'submit_order_fulfilment'
    and payload->>'orderId' = ${orderId} and status = 'pending'`);
}

/** Runs due jobs until the order reaches `state`, then what that move queued (its e-mails); answers the order. */
export async function runJobsUntil(server: TestServer, order: GuestOrder, state: string, limitMs = 20_000) {
  const started = Date.now();
  for (;;) {
    await server.context.jobs.processDue();
    const attributes = await readGuestOrder(server, order);
    if (attributes.state === state) {
      while ((await server.context.jobs.processDue()) > 0);
      return attributes;
    }
    if (Date.now() - started > limitMs) {
      const facts = (await server.database.db.execute(sql`select f.status, f.reason,
          (select json_agg(json_build_object('kind', j.kind, 'status', j.status, 'error', j.last_error))
            from jobs j where j.payload->>'orderId' = ${order.orderId}) as jobs
        from order_fulfilments f where f.order_id = ${order.orderId}`)) as unknown as { rows: unknown[] };
      throw new Error(`order still ${attributes.state}, not ${state}: ${JSON.stringify(facts.rows)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}
