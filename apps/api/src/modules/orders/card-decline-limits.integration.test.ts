import { randomUUID } from "node:crypto";
import { ORDER_MESSAGES } from "@threadfolk/contract/orders";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDesign } from "../../../test/factories/catalogue.ts";
import { addressesBody } from "../../../test/factories/checkout.ts";
import { obtainGuestTokens } from "../../../test/oauth-client.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";

/** Card testing from one address: new guests do not escape the per-address limit of declines. */
let server: TestServer;

beforeAll(async () => {
  server = await getTestServer({ env: { CARD_DECLINES_PER_IP: "2", CARD_DECLINES_PER_PAYER: "100" } });
});

afterAll(async () => {
  await server.close();
});

async function placedGuestOrder() {
  const token = (await obtainGuestTokens(server)).access_token;
  const { defaultVariant } = await buildDesign(server.database.db, { priceCents: 2500 });
  await server.request("/api/v1/order_line_items", {
    method: "POST",
    token,
    body: { order_line_item: { seller_design_product_variant_id: defaultVariant.id, size: "M", color: "black" } },
  });
  await server.request("/api/v1/addresses", {
    method: "POST",
    token,
    body: addressesBody(),
  });
  const placed = await server.request("/api/v1/orders", { method: "POST", token, body: { order: {} } });
  expect(placed.status, placed.text).toBe(201);
  return { token, processorPaymentId: placed.body.data.attributes.processor_payment_id as string };
}

function pay(order: { token: string; processorPaymentId: string }, number: string) {
  return server.request("/api/v1/order_payments", {
    method: "POST",
    token: order.token,
    headers: { "idempotency-key": randomUUID() },
    body: {
      order_payment: { processor_payment_id: order.processorPaymentId },
      credit_card_params: { credit_card_number: number, expiration_date: "1239", cvc: "123" },
    },
  });
}

describe("card decline limits", () => {
  it("refuses payments from an address after its declines, whichever guest pays", async () => {
    for (let guest = 0; guest < 2; guest++) {
      expect((await pay(await placedGuestOrder(), "4000000000000002")).status).toBe(402);
    }
    const limited = await pay(await placedGuestOrder(), "4242424242424242");
    expect(limited.status, limited.text).toBe(429);
    expect(limited.body.error.message).toBe(ORDER_MESSAGES.tooManyDeclines);
  });
});
