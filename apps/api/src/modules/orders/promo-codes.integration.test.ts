import { randomUUID } from "node:crypto";
import { shoppingCartResponseSchema } from "@threadfolk/contract/cart";
import { toCamelKeys } from "@threadfolk/contract/case";
import { toCents } from "@threadfolk/contract/money";
import { placedOrderResponseSchema } from "@threadfolk/contract/orders";
import { PROMO_CODE_MESSAGES } from "@threadfolk/contract/promo-codes";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDesign } from "../../../test/factories/catalogue.ts";
import { addressesBody } from "../../../test/factories/checkout.ts";
import { createTestUser } from "../../../test/factories/users.ts";
import { obtainGuestTokens, signIn } from "../../../test/oauth-client.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { orders, promoCodeRedemptions, promoCodes } from "../../db/schema/index.ts";
import { reconcileOrderLedger } from "../earnings/reconcile-order-ledger.ts";

let server: TestServer;

beforeAll(async () => {
  server = await getTestServer();
});

afterAll(async () => {
  await server.close();
});

/** A code of its own per test (codes are shared by every shopper). */
async function makeCode(
  values: Partial<typeof promoCodes.$inferInsert> & Pick<typeof promoCodes.$inferInsert, "kind">,
) {
  const code = `T-${randomUUID().slice(0, 8).toUpperCase()}`;
  await server.database.db.insert(promoCodes).values({ code, ...values });
  return code;
}

/** Runs the queued jobs (the earnings among them) and checks the order's ledger reconciles to the cent. */
async function expectBalancedLedger(orderNumber: string) {
  await server.context.jobs.processDue();
  const [order] = await server.database.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber));
  const result = await reconcileOrderLedger({ db: server.database.db, orderId: order?.id as string });
  expect(result.problems).toEqual([]);
  expect(result.isBalanced).toBe(true);
}

async function balanceOf(code: string) {
  const [row] = await server.database.db
    .select({ balance: promoCodes.balanceCents })
    .from(promoCodes)
    .where(eq(promoCodes.code, code));
  return row?.balance;
}

/** 2 shirts at $25.00 to Albany (NY taxes 4.53 % of items and shipping), standard shipping $7.99. */
async function readyCart(token?: string) {
  const owner = token ?? (await obtainGuestTokens(server)).access_token;
  const { defaultVariant } = await buildDesign(server.database.db, { priceCents: 2500 });
  const added = await server.request("/api/v1/order_line_items", {
    method: "POST",
    token: owner,
    body: {
      order_line_item: { seller_design_product_variant_id: defaultVariant.id, size: "M", color: "black", quantity: 2 },
    },
  });
  expect(added.status, added.text).toBe(201);
  const saved = await server.request("/api/v1/addresses", {
    method: "POST",
    token: owner,
    body: addressesBody(),
  });
  expect(saved.status, saved.text).toBe(201);
  return owner;
}

function applyCode(token: string, code: string | null) {
  return server.request("/api/v1/orders", { method: "PUT", token, body: { order: { promo_code: code } } });
}

function cartOf(response: { status: number; text: string; body: unknown }) {
  expect(response.status, response.text).toBe(200);
  return shoppingCartResponseSchema.parse(toCamelKeys(response.body)).data.attributes;
}

async function place(token: string) {
  const response = await server.request("/api/v1/orders", { method: "POST", token, body: { order: {} } });
  expect(response.status, response.text).toBe(201);
  return placedOrderResponseSchema.parse(toCamelKeys(response.body)).data.attributes;
}

function pay(token: string, processorPaymentId: string, number?: string) {
  return server.request("/api/v1/order_payments", {
    method: "POST",
    token,
    headers: { "idempotency-key": randomUUID() },
    body: {
      order_payment: { processor_payment_id: processorPaymentId },
      ...(number ? { credit_card_params: { credit_card_number: number, expiration_date: "1239", cvc: "123" } } : {}),
    },
  });
}

describe("coupon codes", () => {
  it("refuses unknown, expired and under-minimum codes with a message under the field", async () => {
    const token = await readyCart();
    const unknown = await applyCode(token, "nope-123");
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.details).toEqual([{ field: "order.promo_code", message: PROMO_CODE_MESSAGES.unknown }]);
    const expired = await makeCode({ kind: "percent_off", percentOff: 10, endsAt: new Date(Date.now() - 1000) });
    expect((await applyCode(token, expired)).body.error.details[0].message).toBe(PROMO_CODE_MESSAGES.expired);
    const minimum = await makeCode({ kind: "amount_off", amountOffCents: 500, minimumSubtotalCents: 10_000 });
    expect((await applyCode(token, minimum)).body.error.details[0].message).toBe(
      PROMO_CODE_MESSAGES.minimumSubtotal(toCents(10_000)),
    );
    const malformed = await applyCode(token, "a");
    expect(malformed.status).toBe(422);
  });

  it("takes a percentage off the items, taxes what is paid, freezes it on the order, and counts one use per customer", async () => {
    const user = await createTestUser(server.database.db);
    const token = (await signIn(server, user.email, user.password)).access_token;
    await readyCart(token);
    const code = await makeCode({ kind: "percent_off", percentOff: 10, maxRedemptionsPerCustomer: 1 });
    // Typed in lower case with spaces: the same code.
    const cart = cartOf(await applyCode(token, `  ${code.toLowerCase()} `));
    // 10 % of $50.00 = $5.00; NY 4.53 % of 4500 = 203.85 -> 204, of shipping 799 = 36.19 -> 36.
    expect(cart).toMatchObject({
      totalBeforeTaxCents: 4500,
      totalShippingCents: 799,
      totalTaxCents: 204 + 36,
      orderTotalCents: 4500 + 799 + 240,
      amountDueCents: 4500 + 799 + 240,
      promoCode: { code, kind: "percent_off", discountCents: 500, giftCardCents: 0 },
      promoCodeError: null,
    });
    expect(cart.totalDiscountCents).toBe(500);
    const placed = await place(token);
    expect(placed).toMatchObject({
      itemTotalCents: 5000,
      totalDiscountCents: 500,
      totalShippingCents: 799,
      totalTaxCents: 240,
      orderTotalCents: 5539,
      promoCode: { code, discountCents: 500 },
    });
    const paid = await pay(token, placed.processorPaymentId as string, "4242424242424242");
    expect(paid.status, paid.text).toBe(201);
    const uses = await server.database.db
      .select({ status: promoCodeRedemptions.status, discount: promoCodeRedemptions.discountCents })
      .from(promoCodeRedemptions)
      .where(eq(promoCodeRedemptions.code, code));
    expect(uses).toEqual([{ status: "redeemed", discount: 500 }]);
    await expectBalancedLedger(placed.orderNumber);

    // The same customer's next cart cannot use it again.
    await readyCart(token);
    const again = await applyCode(token, code);
    expect(again.status).toBe(422);
    expect(again.body.error.details[0].message).toBe(PROMO_CODE_MESSAGES.usedByYou);
  });

  it("free shipping takes the shipping off, and removing the code puts it back", async () => {
    const token = await readyCart();
    const code = await makeCode({ kind: "free_shipping" });
    const cart = cartOf(await applyCode(token, code));
    expect(cart).toMatchObject({ totalShippingCents: 0, totalTaxCents: 227, orderTotalCents: 5227 });
    const removed = cartOf(await applyCode(token, ""));
    expect(removed).toMatchObject({ totalShippingCents: 799, promoCode: null, orderTotalCents: 5000 + 799 + 263 });
  });
});

describe("gift cards", () => {
  it("pay part of the order: the card pays the rest, a decline gives the balance back, a success spends it once", async () => {
    const token = await readyCart();
    const code = await makeCode({ kind: "gift_card", balanceCents: 1000 });
    const cart = cartOf(await applyCode(token, code));
    expect(cart).toMatchObject({
      orderTotalCents: 5000 + 799 + 263,
      amountDueCents: 5000 + 799 + 263 - 1000,
      promoCode: { kind: "gift_card", giftCardCents: 1000, discountCents: 0 },
    });
    const placed = await place(token);
    expect(placed.amountDueCents).toBe(placed.orderTotalCents - 1000);

    const declined = await pay(token, placed.processorPaymentId as string, "4000000000000002");
    expect(declined.status).toBe(402);
    expect(await balanceOf(code)).toBe(1000);

    const paid = await pay(token, placed.processorPaymentId as string, "4242424242424242");
    expect(paid.status, paid.text).toBe(201);
    expect(await balanceOf(code)).toBe(0);
    const charged = (await server.database.db.execute(
      sql`select amount_cents from card_charges where order_number = ${placed.orderNumber} and status = 'succeeded'`,
    )) as unknown as { rows: { amount_cents: number }[] };
    expect(charged.rows).toEqual([{ amount_cents: placed.orderTotalCents - 1000 }]);
    const uses = await server.database.db
      .select({ status: promoCodeRedemptions.status, giftCard: promoCodeRedemptions.giftCardCents })
      .from(promoCodeRedemptions)
      .where(eq(promoCodeRedemptions.code, code));
    expect(uses.sort((a, b) => a.status.localeCompare(b.status))).toEqual([
      { status: "redeemed", giftCard: 1000 },
      { status: "released", giftCard: 1000 },
    ]);
    await expectBalancedLedger(placed.orderNumber);
  });

  it("pay a whole order with no card, and keep the rest of their balance", async () => {
    const token = await readyCart();
    const code = await makeCode({ kind: "gift_card", balanceCents: 100_000 });
    cartOf(await applyCode(token, code));
    const placed = await place(token);
    expect(placed.amountDueCents).toBe(0);
    const paid = await pay(token, placed.processorPaymentId as string);
    expect(paid.status, paid.text).toBe(201);
    expect(paid.body.data.attributes.payment_method).toEqual({ kind: "gift_card", description: "Gift card" });
    expect(await balanceOf(code)).toBe(100_000 - placed.orderTotalCents);
    const [order] = await server.database.db
      .select({ state: orders.state })
      .from(orders)
      .where(eq(orders.orderNumber, placed.orderNumber));
    expect(order?.state).toBe("paid");
    await expectBalancedLedger(placed.orderNumber);
    // An order with something left to pay needs the card.
    const other = await readyCart();
    const otherPlaced = await place(other);
    const noCard = await pay(other, otherPlaced.processorPaymentId as string);
    expect(noCard.status).toBe(422);
  });

  it("show in PayPal's discount, and PayPal captures only the rest", async () => {
    const token = await readyCart();
    const code = await makeCode({ kind: "gift_card", balanceCents: 1000 });
    cartOf(await applyCode(token, code));
    const placed = await place(token);
    const created = await server.request("/api/v1/pay_pal_orders", {
      method: "POST",
      token,
      body: { pay_pal_order: { processor_payment_id: placed.processorPaymentId } },
    });
    expect(created.status, created.text).toBe(201);
    const sandbox = server.context.paypal.sandbox;
    if (!sandbox) throw new Error("no PayPal sandbox");
    const paypalOrderId = created.body.data.id as string;
    const shown = (await sandbox.findOrder(paypalOrderId)) as unknown as {
      purchase_units: { amount: { value: string; breakdown: { discount: { value: string } } } }[];
    };
    expect(shown.purchase_units[0]?.amount.breakdown.discount.value).toBe("10.00");
    expect(shown.purchase_units[0]?.amount.value).toBe(((placed.orderTotalCents - 1000) / 100).toFixed(2));
    await sandbox.approveOrder(paypalOrderId, "approve");
    const paid = await server.request("/api/v1/pay_pal_order_payments", {
      method: "POST",
      token,
      body: { request_id: paypalOrderId },
    });
    expect(paid.status, paid.text).toBe(201);
    expect(await balanceOf(code)).toBe(0);
  });
});
