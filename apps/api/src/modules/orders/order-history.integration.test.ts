import { toCamelKeys } from "@threadfolk/contract/case";
import { ordersListResponseSchema } from "@threadfolk/contract/orders";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordStatements, type StatementRecorder } from "../../../test/count-statements.ts";
import { buildDesign } from "../../../test/factories/catalogue.ts";
import { buildPlacedOrder } from "../../../test/factories/placed-orders.ts";
import { createTestUser } from "../../../test/factories/users.ts";
import { obtainGuestTokens, signIn } from "../../../test/oauth-client.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { guests, orders } from "../../db/schema/index.ts";

/**
 * `GET /orders?page=N` (issue 13, deliverable 7; decision 031): the signed-in customer's placed orders, newest
 * first, ten a page, in one SQL statement after the token lookup whatever the page holds.
 */
const LIST_STATEMENTS = 2;

let server: TestServer;
let recorder: StatementRecorder;

beforeAll(async () => {
  // Every request looks its token up (no access-token cache), so the pinned counts are the same on every run.
  server = await getTestServer({ env: { ACCESS_TOKEN_CACHE_SECONDS: "0" } });
  recorder = recordStatements(server.database);
});

afterAll(async () => {
  recorder.restore();
  await server.close();
});

async function newCustomer() {
  const user = await createTestUser(server.database.db);
  const token = (await signIn(server, user.email, user.password)).access_token;
  return { user, token };
}

async function listOrders(token: string | undefined, query = "") {
  return server.request(`/api/v1/orders${query}`, { token });
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);

describe("GET /orders", () => {
  it("lists the customer's placed orders newest first, with total, items, thumbnail and payment method", async () => {
    const { db } = server.database;
    const { user, token } = await newCustomer();
    const { defaultVariant: tee, design } = await buildDesign(db, { displayName: "Moth Club", priceCents: 2500 });
    const older = await buildPlacedOrder(db, {
      userId: user.id,
      state: "delivered",
      placedAt: hoursAgo(48),
      lines: [{ variant: tee, quantity: 3, color: "navy" }],
      payment: { kind: "paypal" },
    });
    const newer = await buildPlacedOrder(db, {
      userId: user.id,
      state: "paid",
      placedAt: hoursAgo(1),
      lines: [
        { variant: tee, quantity: 1 },
        { variant: (await buildDesign(db)).defaultVariant, quantity: 2 },
      ],
    });
    const pending = await buildPlacedOrder(db, { userId: user.id, state: "payment_pending", placedAt: hoursAgo(0.5) });
    // Never listed: another customer's order.
    const other = await newCustomer();
    await buildPlacedOrder(db, { userId: other.user.id, placedAt: hoursAgo(0.1) });

    const response = await listOrders(token);
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = ordersListResponseSchema.parse(toCamelKeys(response.body));
    expect(body.data.map((order) => order.attributes.orderNumber)).toEqual([
      pending.order.orderNumber,
      newer.order.orderNumber,
      older.order.orderNumber,
    ]);
    expect(body.meta).toEqual({ page: 1, perPage: 10, totalCount: 3, totalPages: 1 });

    const [first, second, third] = body.data;
    expect(first?.attributes).toMatchObject({ state: "payment_pending", paidAt: null, paymentMethod: null });
    expect(second?.attributes).toMatchObject({
      state: "paid",
      itemCount: 3,
      orderTotalCents: newer.order.totalCents,
      paymentMethod: { kind: "card", description: "Visa ending 4242" },
    });
    expect(second?.attributes.orderTotal).toMatch(/^\$\d+\.\d\d$/);
    expect(third?.attributes).toMatchObject({
      state: "delivered",
      itemCount: 3,
      previewName: "Moth Club",
      paymentMethod: { kind: "paypal", description: "PayPal" },
    });
    // The thumbnail is the first line's design, on its garment, in its colour.
    expect(third?.attributes.previewImage).toContain(`designs/${design.id}/watermarked/tee-navy-`);
    expect(third?.attributes.placedAt).toBe(older.order.placedAt?.toISOString());
    // Snake case on the wire, as everywhere.
    expect(response.body.data[0].attributes).toHaveProperty("order_number");
  });

  it("pages ten at a time and answers an empty page past the end", async () => {
    const { db } = server.database;
    const { user, token } = await newCustomer();
    const { defaultVariant } = await buildDesign(db);
    const numbers: string[] = [];
    for (let index = 0; index < 23; index++) {
      const { order } = await buildPlacedOrder(db, {
        userId: user.id,
        placedAt: hoursAgo(index + 1),
        lines: [{ variant: defaultVariant }],
      });
      numbers.push(order.orderNumber);
    }
    const pages = [];
    for (const page of [1, 2, 3]) {
      const response = await listOrders(token, `?page=${page}`);
      expect(response.status, response.text).toBe(200);
      pages.push(ordersListResponseSchema.parse(toCamelKeys(response.body)));
    }
    expect(pages.map((page) => page.data.length)).toEqual([10, 10, 3]);
    expect(pages.flatMap((page) => page.data.map((order) => order.attributes.orderNumber))).toEqual(numbers);
    expect(pages[2]?.meta).toEqual({ page: 3, perPage: 10, totalCount: 23, totalPages: 3 });

    const past = await listOrders(token, "?page=9");
    expect(past.status).toBe(200);
    expect(past.body).toEqual({ data: [], meta: { page: 9, per_page: 10, total_count: 23, total_pages: 3 } });
  });

  it("never lists a cart: a customer with only a cart has an empty first page", async () => {
    const { user, token } = await newCustomer();
    await server.database.db.insert(orders).values({ orderNumber: "TF-CART2345", state: "cart", userId: user.id });
    const response = await listOrders(token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: [], meta: { page: 1, per_page: 10, total_count: 0, total_pages: 0 } });
  });

  it("runs one statement after the token lookup, however many orders and lines the page holds", async () => {
    const { db } = server.database;
    const { user, token } = await newCustomer();
    const variants = await Promise.all([1, 2, 3].map(async () => (await buildDesign(db)).defaultVariant));
    await listOrders(token); // the media URL secret is read once per database, before counting
    const one = await recorder.record(() => listOrders(token));
    for (let index = 0; index < 12; index++) {
      await buildPlacedOrder(db, {
        userId: user.id,
        placedAt: hoursAgo(index + 1),
        lines: variants.map((variant) => ({ variant })),
        payment: index % 2 === 0 ? { kind: "paypal" } : { kind: "card" },
      });
    }
    const full = await recorder.record(() => listOrders(token));
    const past = await recorder.record(() => listOrders(token, "?page=5"));
    expect(one).toHaveLength(LIST_STATEMENTS);
    expect(full).toHaveLength(LIST_STATEMENTS);
    expect(past).toHaveLength(LIST_STATEMENTS);
  });

  it("is a signed-in customer's: no token and a guest token are 401", async () => {
    const { db } = server.database;
    const [guest] = await db.insert(guests).values({}).returning();
    if (!guest) throw new Error("no guest");
    await buildPlacedOrder(db, { guestId: guest.id });
    expect((await listOrders(undefined)).status).toBe(401);
    const guestToken = (await obtainGuestTokens(server)).access_token;
    const response = await listOrders(guestToken);
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("unauthorized");
  });

  it.each([
    "?page=0",
    "?page=-1",
    "?page=abc",
    "?page=1.5",
    "?page=10001",
    "?page=1&page=2",
    "?page[]=1",
    "?per_page=50",
    "?page=%00",
  ])("refuses bad input %s with a 422 in the error shape", async (query) => {
    const { token } = await newCustomer();
    const response = await listOrders(token, query);
    expect(response.status, response.text).toBe(422);
    expect(response.body.error.code).toBe("validation_failed");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});
