import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { toCamelKeys } from "@threadfolk/contract/case";
import {
  ORDER_MESSAGES,
  orderPaymentResponseSchema,
  paymentSettingsResponseSchema,
  placedOrderResponseSchema,
} from "@threadfolk/contract/orders";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDesign } from "../../../test/factories/catalogue.ts";
import { addressesBody } from "../../../test/factories/checkout.ts";
import { createTestUser } from "../../../test/factories/users.ts";
import { obtainGuestTokens, signIn } from "../../../test/oauth-client.ts";
import { getTestServer, type TestResponse, type TestServer } from "../../../test/test-server.ts";
import { type CardProcessor, CardProcessorUnavailableError } from "../../adapters/card/card.ts";
import { createCardProcessor } from "../../adapters/card/create-card.ts";
import { designs, jobs, orderPayments, orders } from "../../db/schema/index.ts";
import { reconcileCardPayment } from "./reconcile-payment.ts";

const PAID_WITH = "4242424242424242";

/** A processor that charges, then loses the reply (a timeout or a crash between the charge and its commit). */
function lossyProcessor(real: () => CardProcessor): CardProcessor & { losing: boolean } {
  const wrapper = {
    name: "local" as const,
    losing: false,
    async authorizeAndCapture(request: Parameters<CardProcessor["authorizeAndCapture"]>[0]) {
      const result = await real().authorizeAndCapture(request);
      if (wrapper.losing) throw new CardProcessorUnavailableError("the reply was lost");
      return result;
    },
    refund: (request: Parameters<CardProcessor["refund"]>[0]) => real().refund(request),
    retrieve: (request: Parameters<CardProcessor["retrieve"]>[0]) => real().retrieve(request),
  };
  return wrapper;
}

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, callback) {
    logLines.push(String(chunk));
    callback();
  },
});

let server: TestServer;
let realProcessor: CardProcessor;
const processor = lossyProcessor(() => realProcessor);

beforeAll(async () => {
  server = await getTestServer({
    // Every shopper here pays from 127.0.0.1: the per-address limit is lifted so that only the per-payer one is tested.
    env: {
      LOG_LEVEL: "info",
      CARD_DECLINES_PER_PAYER: "3",
      CARD_DECLINES_PER_IP: "1000",
      PAYMENT_RECONCILE_AFTER_SECONDS: "3600",
    },
    logStream,
    cardProcessor: processor,
  });
  realProcessor = createCardProcessor({ config: server.config, db: server.database.db });
});

afterAll(async () => {
  if (process.env.DUMP_LOGS) console.log(logLines.filter((line) => line.includes('"level":50')).join("\n"));
  await server.close();
});

async function newGuest(): Promise<string> {
  return (await obtainGuestTokens(server)).access_token;
}

async function newCustomer(): Promise<string> {
  const user = await createTestUser(server.database.db);
  return (await signIn(server, user.email, user.password)).access_token;
}

async function addLine(token: string, { priceCents = 2500, quantity = 1 } = {}) {
  const built = await buildDesign(server.database.db, { priceCents });
  const response = await server.request("/api/v1/order_line_items", {
    method: "POST",
    token,
    body: {
      order_line_item: {
        seller_design_product_variant_id: built.defaultVariant.id,
        size: "M",
        color: "black",
        quantity,
      },
    },
  });
  expect(response.status, response.text).toBe(201);
  return built;
}

/** A cart with one line and both addresses and the e-mail: ready to place. */
async function readyCart(token: string, options: { priceCents?: number; quantity?: number } = {}) {
  const built = await addLine(token, options);
  const saved = await server.request("/api/v1/addresses", {
    method: "POST",
    token,
    body: addressesBody(),
  });
  expect(saved.status, saved.text).toBe(201);
  return built;
}

function place(token: string) {
  return server.request("/api/v1/orders", { method: "POST", token, body: { order: {} } });
}

function expectPlaced(response: TestResponse, status: number) {
  expect(response.status, response.text).toBe(status);
  return placedOrderResponseSchema.parse(toCamelKeys(response.body));
}

function pay(
  token: string,
  processorPaymentId: string,
  card: { number?: string; expiry?: string; cvc?: string } = {},
  key: string | null = randomUUID(),
) {
  return server.request("/api/v1/order_payments", {
    method: "POST",
    token,
    headers: key === null ? {} : { "idempotency-key": key },
    body: {
      order_payment: { processor_payment_id: processorPaymentId },
      credit_card_params: {
        credit_card_number: card.number ?? PAID_WITH,
        expiration_date: card.expiry ?? "1239",
        cvc: card.cvc ?? "123",
      },
    },
  });
}

function cartCount(token: string) {
  return server
    .request("/api/v1/shopping_cart", { token })
    .then((response) => response.body.data.attributes.shopping_cart_count as number);
}

describe("placing an order", () => {
  it("copies the cart into an order awaiting payment; again unchanged answers the same quote; a change re-quotes", async () => {
    const token = await newCustomer();
    await readyCart(token, { priceCents: 2500, quantity: 2 });
    const first = expectPlaced(await place(token), 201);
    // 2 x $25.00, standard shipping 5.99 + 2.00; New York's 4.53 % on items (227) and shipping (36).
    expect(first.data.attributes).toMatchObject({
      state: "payment_pending",
      itemTotalCents: 5000,
      totalShippingCents: 799,
      totalDiscountCents: 0,
      selectedShippingServiceKey: "standard",
      shippingServiceName: "Standard",
      deliveryEstimate: "7-12 business days",
      email: "ada@example.com",
      paymentMethod: null,
    });
    const attributes = first.data.attributes;
    expect(attributes.orderTotalCents).toBe(
      attributes.itemTotalCents + attributes.totalShippingCents + attributes.totalTaxCents,
    );
    expect(attributes.totalTaxCents).toBe(227 + 36);
    expect(attributes.processorPaymentId).toMatch(/^pq_[0-9a-f]{24}$/);
    expect(first.data.attributes.timeline.map((step) => step.state)).toEqual(["payment_pending"]);

    const again = expectPlaced(await place(token), 200);
    expect(again.data.attributes.processorPaymentId).toBe(attributes.processorPaymentId);
    expect(again.data.attributes.orderNumber).toBe(attributes.orderNumber);

    // The order is its own record (decision 053): the cart stays a cart, and a change to it leaves the order as
    // placed but makes its quote stale.
    await addLine(token, { priceCents: 1000 });
    const [kept] = await server.database.db
      .select({ state: orders.state, processorPaymentId: orders.processorPaymentId })
      .from(orders)
      .where(eq(orders.orderNumber, attributes.orderNumber));
    expect(kept).toEqual({ state: "payment_pending", processorPaymentId: attributes.processorPaymentId });
    expect(await cartCount(token)).toBe(3);
    const paidOld = await pay(token, attributes.processorPaymentId as string);
    expect(paidOld.status, paidOld.text).toBe(409);
    expect(paidOld.body.error.message).toBe(ORDER_MESSAGES.orderChanged);

    const requoted = expectPlaced(await place(token), 201);
    expect(requoted.data.attributes.orderNumber).toBe(attributes.orderNumber);
    expect(requoted.data.attributes.processorPaymentId).not.toBe(attributes.processorPaymentId);
    expect(requoted.data.attributes.itemTotalCents).toBe(6000);
  });

  it("names what is missing: an empty cart, the addresses and e-mail, a design no longer on sale", async () => {
    const token = await newGuest();
    const empty = await place(token);
    expect(empty.status, empty.text).toBe(409);
    expect(empty.body.error.message).toBe(ORDER_MESSAGES.cartEmpty);

    const built = await addLine(token);
    const noAddress = await place(token);
    expect(noAddress.status, noAddress.text).toBe(409);
    expect(noAddress.body.error.details).toEqual(
      expect.arrayContaining([
        { field: "shipping_address", message: ORDER_MESSAGES.shippingAddressMissing },
        { field: "email", message: ORDER_MESSAGES.emailMissing },
      ]),
    );

    await server.request("/api/v1/addresses", {
      method: "POST",
      token,
      body: addressesBody(),
    });
    await server.database.db.update(designs).set({ status: "deactivated" }).where(eq(designs.id, built.design.id));
    const gone = await place(token);
    expect(gone.status, gone.text).toBe(409);
    expect(gone.body.error.message).toBe(ORDER_MESSAGES.designUnavailable([built.design.displayName]));
  });

  it("rejects a body that is not the spec's order envelope", async () => {
    const token = await newGuest();
    const response = await server.request("/api/v1/orders", { method: "POST", token, body: { order: { id: 1 } } });
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe("validation_failed");
  });
});

describe("paying by card", () => {
  it("a decline is a 402 failure and the order stays payable; the test card then pays it once", async () => {
    const token = await newCustomer();
    await readyCart(token);
    const placed = expectPlaced(await place(token), 201);
    const ppid = placed.data.attributes.processorPaymentId as string;

    const declined = await pay(token, ppid, { number: "4000000000000002" });
    expect(declined.status, declined.text).toBe(402);
    expect(declined.body.error.code).toBe("payment_declined");
    const failure = orderPaymentResponseSchema.parse(toCamelKeys({ data: declined.body.data }));
    expect(failure.data.attributes).toMatchObject({ status: "failure", declineCode: "card_declined" });

    const key = randomUUID();
    const paid = await pay(token, ppid, {}, key);
    expect(paid.status, paid.text).toBe(201);
    const success = orderPaymentResponseSchema.parse(toCamelKeys(paid.body));
    expect(success.data.attributes).toMatchObject({
      status: "success",
      message: ORDER_MESSAGES.thankYou,
      orderNumber: placed.data.attributes.orderNumber,
      paymentMethod: { kind: "card", description: "Visa ending 4242" },
      shoppingCartCount: 0,
    });
    expect(await cartCount(token)).toBe(0);

    // The same press again answers the stored reply; the same key with another card is refused.
    const replay = await pay(token, ppid, {}, key);
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(paid.body);
    const reused = await pay(token, ppid, { number: "5555555555554444" }, key);
    expect(reused.status, reused.text).toBe(422);
    expect(reused.body.error.message).toBe(ORDER_MESSAGES.idempotencyKeyReused);
    const again = await pay(token, ppid);
    expect(again.status, again.text).toBe(409);
    expect(again.body.error.message).toBe(ORDER_MESSAGES.alreadyPaid);

    const [order] = await server.database.db
      .select({ id: orders.id, state: orders.state, paidAt: orders.paidAt, totalCents: orders.totalCents })
      .from(orders)
      .where(eq(orders.orderNumber, placed.data.attributes.orderNumber));
    expect(order?.state).toBe("paid");
    expect(order?.paidAt).not.toBeNull();
    const queued = await server.database.db
      .select({ kind: jobs.kind })
      .from(jobs)
      .where(eq(jobs.dedupeKey, order?.id as string));
    expect(queued.map((job) => job.kind).sort()).toEqual([
      "record_order_earnings",
      "send_order_confirmation",
      "start_order_fulfilment",
    ]);
    const charges = await server.database.db.execute(
      sql`select amount_cents, status from card_charges where order_number = ${placed.data.attributes.orderNumber} order by created_at`,
    );
    expect((charges as unknown as { rows: unknown[] }).rows).toEqual([
      { amount_cents: order?.totalCents, status: "declined" },
      { amount_cents: order?.totalCents, status: "succeeded" },
    ]);
  });

  it.each([
    ["4000000000000002", "card_declined"],
    ["4000000000009995", "insufficient_funds"],
    ["4000000000000069", "expired_card"],
    ["4000000000000127", "incorrect_cvc"],
    ["4000000000000119", "processing_error"],
    ["4242424242424241", "incorrect_number"],
  ])("answers the test card %s with a 402 %s, the order still payable", async (number, declineCode) => {
    const token = await newGuest();
    await readyCart(token);
    const ppid = expectPlaced(await place(token), 201).data.attributes.processorPaymentId as string;
    const declined = await pay(token, ppid, { number });
    expect(declined.status, declined.text).toBe(402);
    expect(declined.body.data.attributes).toMatchObject({ status: "failure", decline_code: declineCode });
    expect(declined.body.error.message).toContain(ORDER_MESSAGES.paymentFailure);
    expect((await pay(token, ppid)).status).toBe(201);
  });

  it("10 concurrent payments of one order make exactly one charge and one paid order", async () => {
    const token = await newGuest();
    await readyCart(token);
    const placed = expectPlaced(await place(token), 201);
    const ppid = placed.data.attributes.processorPaymentId as string;
    const replies = await Promise.all(Array.from({ length: 10 }, () => pay(token, ppid)));
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(1);
    expect(replies.filter((reply) => reply.status === 409)).toHaveLength(9);
    const charges = (await server.database.db.execute(
      sql`select count(*)::int as count from card_charges where order_number = ${placed.data.attributes.orderNumber} and status = 'succeeded'`,
    )) as unknown as { rows: { count: number }[] };
    expect(charges.rows[0]?.count).toBe(1);
    const succeeded = await server.database.db
      .select({ id: orderPayments.id })
      .from(orderPayments)
      .innerJoin(orders, eq(orders.id, orderPayments.orderId))
      .where(
        sql`${orders.orderNumber} = ${placed.data.attributes.orderNumber} and ${orderPayments.status} = 'succeeded'`,
      );
    expect(succeeded).toHaveLength(1);
  });

  it("a charge whose reply was lost is reconciled by the job: the order is paid, once", async () => {
    const token = await newGuest();
    await readyCart(token);
    const placed = expectPlaced(await place(token), 201);
    const ppid = placed.data.attributes.processorPaymentId as string;
    processor.losing = true;
    const lost = await pay(token, ppid);
    processor.losing = false;
    expect(lost.status, lost.text).toBe(503);
    // Meanwhile the order cannot be paid twice nor its cart changed.
    const meanwhile = await pay(token, ppid);
    expect(meanwhile.status).toBe(409);
    expect(meanwhile.body.error.message).toBe(ORDER_MESSAGES.paymentInProgress);

    const [payment] = await server.database.db
      .select({ id: orderPayments.id, status: orderPayments.status })
      .from(orderPayments)
      .innerJoin(orders, eq(orders.id, orderPayments.orderId))
      .where(eq(orders.orderNumber, placed.data.attributes.orderNumber));
    expect(payment?.status).toBe("processing");
    const later = () => new Date(Date.now() + 3_600_000);
    const settled = await reconcileCardPayment({
      db: server.database.db,
      cardProcessor: realProcessor,
      config: server.config,
      paymentId: payment?.id as string,
      now: later,
    });
    expect(settled.outcome).toBe("succeeded");
    const [order] = await server.database.db
      .select({ state: orders.state })
      .from(orders)
      .where(eq(orders.orderNumber, placed.data.attributes.orderNumber));
    expect(order?.state).toBe("paid");
    // Running it again finds nothing to do.
    const twice = await reconcileCardPayment({
      db: server.database.db,
      cardProcessor: realProcessor,
      config: server.config,
      paymentId: payment?.id as string,
      now: later,
    });
    expect(twice.outcome).toBe("already_succeeded");
  });

  it("limits repeated declines per payer (card testing)", async () => {
    const token = await newGuest();
    await readyCart(token);
    const ppid = expectPlaced(await place(token), 201).data.attributes.processorPaymentId as string;
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await pay(token, ppid, { number: "4000000000009995" })).status).toBe(402);
    }
    const limited = await pay(token, ppid, { number: "4000000000009995" });
    expect(limited.status, limited.text).toBe(429);
    expect(limited.body.error.message).toBe(ORDER_MESSAGES.tooManyDeclines);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("needs an Idempotency-Key, and another shopper cannot pay (or see) an order that is not theirs", async () => {
    const owner = await newCustomer();
    await readyCart(owner);
    const ppid = expectPlaced(await place(owner), 201).data.attributes.processorPaymentId as string;
    const noKey = await pay(owner, ppid, {}, null);
    expect(noKey.status).toBe(400);
    expect(noKey.body.error.message).toBe(ORDER_MESSAGES.idempotencyKeyMissing);
    const stranger = await newCustomer();
    const theirs = await pay(stranger, ppid);
    expect(theirs.status).toBe(409);
    expect(theirs.body.error.message).toBe(ORDER_MESSAGES.orderChanged);
    const guest = await newGuest();
    expect((await pay(guest, ppid)).status).toBe(409);
  });

  it("never stores or logs the card number or the CVC", async () => {
    const token = await newGuest();
    await readyCart(token);
    const ppid = expectPlaced(await place(token), 201).data.attributes.processorPaymentId as string;
    expect((await pay(token, ppid, { number: "4000000000000069", cvc: "987" })).status).toBe(402);
    expect((await pay(token, ppid, { number: "5555555555554444", cvc: "987" })).status).toBe(201);
    const tables = (await server.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: { table_name: string }[] };
    for (const { table_name } of tables.rows) {
      const dump = (await server.database.db.execute(
        sql`select coalesce(string_agg(t::text, ' '), '') as text from ${sql.identifier(table_name)} t`,
      )) as unknown as { rows: { text: string }[] };
      const text = dump.rows[0]?.text ?? "";
      expect(text, table_name).not.toContain("5555555555554444");
      expect(text, table_name).not.toContain("4000000000000069");
    }
    const log = logLines.join("");
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain("5555555555554444");
    expect(log).not.toContain("4000000000000069");
    expect(log).not.toMatch(/"cvc":"987"/);
  });

  it("tells the payment step which processor takes cards and how PayPal loads", async () => {
    const token = await newGuest();
    const response = await server.request("/api/v1/payment_settings", { token });
    expect(response.status, response.text).toBe(200);
    const settings = paymentSettingsResponseSchema.parse(toCamelKeys(response.body));
    expect(settings.data.attributes).toMatchObject({
      cardProcessor: "local",
      cardNotice: "Test processor: no real card is charged",
      paypal: { sandbox: true },
    });
  });
});
