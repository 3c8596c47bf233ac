import { toCamelKeys } from "@threadfolk/contract/case";
import { placedOrderResponseSchema } from "@threadfolk/contract/orders";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDesign } from "../../../test/factories/catalogue.ts";
import { buildPlacedOrder } from "../../../test/factories/placed-orders.ts";
import { createTestUser } from "../../../test/factories/users.ts";
import { obtainGuestTokens, signIn } from "../../../test/oauth-client.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { guests, orders } from "../../db/schema/index.ts";
import { getOrderAccessSecret, signOrderAccessToken } from "./order-link.ts";

/**
 * `GET /orders/{order_number}` (issue 13, deliverable 7; decision 031): the customer's own order, a guest's
 * order through the signed link of its e-mail, and the same 404 for everything else.
 */

let server: TestServer;
let secret: Buffer;

beforeAll(async () => {
  server = await getTestServer();
  secret = await getOrderAccessSecret({ db: server.database.db, config: server.config });
});

afterAll(async () => {
  await server.close();
});

async function newCustomer() {
  const user = await createTestUser(server.database.db);
  const token = (await signIn(server, user.email, user.password)).access_token;
  return { user, token };
}

async function newGuestOrder() {
  const { db } = server.database;
  const [guest] = await db.insert(guests).values({}).returning();
  if (!guest) throw new Error("no guest row");
  return buildPlacedOrder(db, { guestId: guest.id, payment: { kind: "paypal" } });
}

function readOrder(orderNumber: string, token: string | undefined, query = "") {
  return server.request(`/api/v1/orders/${orderNumber}${query}`, { token });
}

function expectNotFound(response: Awaited<ReturnType<typeof readOrder>>) {
  expect(response.status, response.text).toBe(404);
  expect(response.body).toEqual({ error: { code: "not_found", message: "Order not found" } });
}

describe("GET /orders/{order_number}", () => {
  it("answers the customer's own order: lines, frozen totals, addresses, payment method and timeline", async () => {
    const { db } = server.database;
    const { user, token } = await newCustomer();
    const { defaultVariant, design } = await buildDesign(db, { displayName: "Moth Club", priceCents: 2500 });
    const { order } = await buildPlacedOrder(db, {
      userId: user.id,
      state: "shipped",
      lines: [{ variant: defaultVariant, quantity: 2, size: "L", color: "navy" }],
      shippingCents: 599,
      taxCents: 350,
    });

    const response = await readOrder(order.orderNumber, token);
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = placedOrderResponseSchema.parse(toCamelKeys(response.body));
    expect(body.data.attributes).toMatchObject({
      orderNumber: order.orderNumber,
      state: "shipped",
      itemTotalCents: 5000,
      totalShippingCents: 599,
      totalTaxCents: 350,
      orderTotalCents: 5949,
      orderTotal: "$59.49",
      paymentMethod: { kind: "card", description: "Visa ending 4242" },
      // Only an order awaiting payment has a quote to pay.
      processorPaymentId: null,
    });
    expect(body.data.attributes.timeline.map((entry) => entry.state)).toEqual([
      "payment_pending",
      "paid",
      "in_production",
      "shipped",
    ]);
    const [line, ...addresses] = body.included;
    expect(line).toMatchObject({
      type: "order_line_item",
      attributes: { displayName: "Moth Club", size: "L", color: "navy", quantity: 2, total: "$50.00" },
    });
    expect(line?.type === "order_line_item" && line.attributes.designOnShirt).toContain(
      `designs/${design.id}/watermarked/tee-navy-`,
    );
    expect(addresses.map((address) => address.type)).toEqual(["shipping_address", "billing_address"]);
  });

  it("reads an order number typed in lower case", async () => {
    const { user, token } = await newCustomer();
    const { order } = await buildPlacedOrder(server.database.db, { userId: user.id });
    const response = await readOrder(order.orderNumber.toLowerCase(), token);
    expect(response.status, response.text).toBe(200);
    expect(response.body.data.attributes.order_number).toBe(order.orderNumber);
  });

  it("answers another customer's order, a guest token and a cart with the 404 of a missing order", async () => {
    const { db } = server.database;
    const owner = await newCustomer();
    const other = await newCustomer();
    const { order } = await buildPlacedOrder(db, { userId: owner.user.id });
    expectNotFound(await readOrder(order.orderNumber, other.token));
    const guestToken = (await obtainGuestTokens(server)).access_token;
    expectNotFound(await readOrder(order.orderNumber, guestToken));
    // Not even with a link token signed for it: a customer's order is read signed in.
    expectNotFound(await readOrder(order.orderNumber, guestToken, `?token=${signOrderAccessToken(secret, order.id)}`));
    expectNotFound(await readOrder("TF-ZZZZZZZZ", owner.token));
    const [cart] = await db
      .insert(orders)
      .values({ orderNumber: "TF-CARTREAD", state: "cart", userId: other.user.id })
      .returning();
    expectNotFound(await readOrder(cart?.orderNumber ?? "", other.token));
    // Without any token: sign in (or get a guest token) first.
    const anonymous = await readOrder(order.orderNumber, undefined);
    expect(anonymous.status).toBe(401);
  });

  it("lets whoever holds the signed link read a guest's order, and nobody without it", async () => {
    const { order } = await newGuestOrder();
    const link = `?token=${signOrderAccessToken(secret, order.id)}`;
    const guestToken = (await obtainGuestTokens(server)).access_token;
    const customer = await newCustomer();

    const withLink = await readOrder(order.orderNumber, guestToken, link);
    expect(withLink.status, withLink.text).toBe(200);
    expect(withLink.headers.get("cache-control")).toBe("no-store");
    expect(withLink.body.data.attributes).toMatchObject({
      order_number: order.orderNumber,
      payment_method: { kind: "paypal", description: "PayPal" },
    });
    expect((await readOrder(order.orderNumber, customer.token, link)).status).toBe(200);

    expectNotFound(await readOrder(order.orderNumber, guestToken));
    expectNotFound(await readOrder(order.orderNumber, customer.token));
    // A token of another order, a changed one, and one of the wrong length.
    const another = await newGuestOrder();
    expectNotFound(
      await readOrder(order.orderNumber, guestToken, `?token=${signOrderAccessToken(secret, another.order.id)}`),
    );
    const token = signOrderAccessToken(secret, order.id);
    const changed = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expectNotFound(await readOrder(order.orderNumber, guestToken, `?token=${changed}`));
    expectNotFound(await readOrder(order.orderNumber, guestToken, "?token=short"));
    expect((await readOrder(order.orderNumber, undefined, link)).status).toBe(401);
  });

  it.each(["TF-1", "TF-0000000O", "12345", "TF-ABCDEFGH1", "%00", "a".repeat(300), "TF-ABCD%20EFG"])(
    "answers the path %s, which is no order number, with a 404",
    async (orderNumber) => {
      const { token } = await newCustomer();
      expectNotFound(await readOrder(orderNumber, token));
    },
  );

  it.each(["?page=1", "?token=a&token=b", "?token[]=a", `?token=${"x".repeat(201)}`, "?token=%00"])(
    "refuses the query %s with a 422",
    async (query) => {
      const { user, token } = await newCustomer();
      const { order } = await buildPlacedOrder(server.database.db, { userId: user.id });
      const response = await readOrder(order.orderNumber, token, query);
      expect(response.status, response.text).toBe(422);
      expect(response.body.error.code).toBe("validation_failed");
    },
  );
});
