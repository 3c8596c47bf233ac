import {
  CART_MESSAGES,
  cartLineResponseSchema,
  deleteCartLineResponseSchema,
  MAX_CART_LINES,
  ORDER_NUMBER_PATTERN,
  shoppingCartResponseSchema,
} from "@threadfolk/contract/cart";
import { toCamelKeys } from "@threadfolk/contract/case";
import { PRODUCT_COLORS } from "@threadfolk/contract/colors";
import { NO_ADDRESS_TAX_LABEL } from "@threadfolk/contract/tax-constants";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDesign, buildSale } from "../../../test/factories/catalogue.ts";
import { addressesBody } from "../../../test/factories/checkout.ts";
import { createTestUser } from "../../../test/factories/users.ts";
import { clientCredentials, obtainGuestTokens, requestToken, signIn } from "../../../test/oauth-client.ts";
import { getTestServer, type TestResponse, type TestServer } from "../../../test/test-server.ts";
import { designs, marketplaceSales, orderLineItems, orders } from "../../db/schema/index.ts";

let server: TestServer;

beforeAll(async () => {
  server = await getTestServer();
});

afterAll(async () => {
  await server.close();
});

type Line = { seller_design_product_variant_id: unknown; size?: unknown; color?: unknown; quantity?: unknown };

async function newGuest(): Promise<string> {
  return (await obtainGuestTokens(server)).access_token;
}

async function newCustomer(guestToken?: string) {
  const user = await createTestUser(server.database.db);
  const tokens = await signIn(server, user.email, user.password, guestToken);
  return { user, token: tokens.access_token };
}

function addLine(token: string | undefined, line: Partial<Line> | Record<string, unknown>) {
  return server.request("/api/v1/order_line_items", { method: "POST", token, body: { order_line_item: line } });
}

function updateLine(token: string | undefined, id: number | string, line: Record<string, unknown>) {
  return server.request(`/api/v1/order_line_items/${id}`, { method: "PUT", token, body: { order_line_item: line } });
}

function deleteLine(token: string | undefined, id: number | string) {
  return server.request(`/api/v1/order_line_items/${id}`, { method: "DELETE", token });
}

async function readCart(token: string) {
  const response = await server.request("/api/v1/shopping_cart", { token });
  expect(response.status, response.text).toBe(200);
  // Every reply is checked against the contract the web client imports.
  shoppingCartResponseSchema.parse(toCamelKeys(response.body));
  return response.body;
}

/** The cart's lines as `variant size color x quantity`, in cart order. */
async function cartSummary(token: string): Promise<string[]> {
  const cart = await readCart(token);
  return cart.included.map(
    (line: { attributes: Record<string, unknown> }) =>
      `${line.attributes.seller_design_product_variant_id} ${line.attributes.size} ${line.attributes.color} x${line.attributes.quantity}`,
  );
}

function expectAdded(response: TestResponse) {
  expect(response.status, response.text).toBe(201);
  cartLineResponseSchema.parse(toCamelKeys(response.body));
  return response.body;
}

function expectFieldError(response: TestResponse, field: string, message: string) {
  expect(response.status, response.text).toBe(422);
  expect(response.body.error.code).toBe("validation_failed");
  expect(response.body.error.details).toContainEqual({ field, message });
}

describe("adding to the cart", () => {
  it("answers 201 with the line, priced and pictured, and the cart count; quantity defaults to 1", async () => {
    const token = await newGuest();
    const { design, defaultVariant } = await buildDesign(server.database.db, {
      displayName: "Space Cat",
      priceCents: 2499,
    });
    const response = await addLine(token, {
      seller_design_product_variant_id: defaultVariant.id,
      size: "L",
      color: "royal_blue",
    });
    const body = expectAdded(response);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(body.shopping_cart_count).toBe(1);
    expect(body.data).toEqual({
      id: expect.any(Number),
      type: "order_line_item",
      attributes: {
        uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        display_name: "Space Cat",
        garment_style: "T-Shirt",
        gender: "Men",
        size: "L",
        color: "royal_blue",
        quantity: 1,
        price: "$24.99",
        price_cents: 2499,
        total: "$24.99",
        total_cents: 2499,
        total_discount: "$0.00",
        total_discount_cents: 0,
        on_sale: false,
        sales_price: "$0",
        sales_price_cents: null,
        hex_color: "#2a4fa8",
        watermarked_design: expect.stringContaining(`/media/designs/${design.id}/watermarked/tee-black-640.webp?exp=`),
        design_on_shirt: expect.stringContaining(
          `/media/designs/${design.id}/watermarked/tee-royal_blue-640.webp?exp=`,
        ),
        item_description: "Men's T-Shirt in Royal Blue, size L",
        seller_design_product_variant_id: defaultVariant.id,
        design_uuid: design.id,
        design_slug: "space-cat",
      },
    });
    // The same signed mockup the design page shows for that colour on that garment.
    const detail = await server.request(`/api/v1/designs/${design.id}`);
    expect(body.data.attributes.design_on_shirt).toBe(
      detail.body.data.attributes.images.tee.royal_blue.watermarked.src,
    );
  });

  it("adds to the line already holding a variant, size and colour; another size is another line", async () => {
    const token = await newGuest();
    const { defaultVariant } = await buildDesign(server.database.db);
    const line = { seller_design_product_variant_id: defaultVariant.id, size: "M", color: "black" };
    const first = expectAdded(await addLine(token, { ...line, quantity: 2 }));
    const again = expectAdded(await addLine(token, { ...line, quantity: 3 }));
    expect(again.data.id).toBe(first.data.id);
    expect(again.data.attributes.quantity).toBe(5);
    expect(again.shopping_cart_count).toBe(5);
    const other = expectAdded(await addLine(token, { ...line, size: "XL" }));
    expect(other.data.id).not.toBe(first.data.id);
    expect(other.shopping_cart_count).toBe(6);
    expect(await cartSummary(token)).toEqual([`${defaultVariant.id} M black x5`, `${defaultVariant.id} XL black x1`]);
  });

  it("accepts the client's spellings: a quantity as digits, a lower-case size, a camelCase colour", async () => {
    const token = await newGuest();
    const { defaultVariant } = await buildDesign(server.database.db);
    const body = expectAdded(
      await addLine(token, {
        seller_design_product_variant_id: String(defaultVariant.id),
        size: "2xl",
        color: "softPink",
        quantity: "2",
      }),
    );
    expect(body.data.attributes).toMatchObject({ size: "2XL", color: "soft_pink", quantity: 2 });
  });

  it("works for a customer as for a guest, and the customer's cart is the same on two devices", async () => {
    const user = await createTestUser(server.database.db);
    const laptop = (await signIn(server, user.email, user.password)).access_token;
    const phone = (await signIn(server, user.email, user.password)).access_token;
    const { defaultVariant } = await buildDesign(server.database.db);
    expectAdded(
      await addLine(laptop, { seller_design_product_variant_id: defaultVariant.id, size: "S", color: "white" }),
    );
    expect(await cartSummary(phone)).toEqual([`${defaultVariant.id} S white x1`]);
  });
});

describe("the shopping cart", () => {
  it("answers the spec's shape: attributes with totals as $ strings and cents, the lines in included", async () => {
    const token = await newGuest();
    const tee = await buildDesign(server.database.db, { displayName: "Tee One", priceCents: 2500 });
    const hoodie = await buildDesign(server.database.db, {
      displayName: "Hoodie One",
      garmentStyleKeys: ["hoodie"],
      priceCents: 4000,
    });
    const first = expectAdded(
      await addLine(token, {
        seller_design_product_variant_id: tee.defaultVariant.id,
        size: "M",
        color: "red",
        quantity: 2,
      }),
    );
    const second = expectAdded(
      await addLine(token, { seller_design_product_variant_id: hoodie.defaultVariant.id, size: "L", color: "navy" }),
    );
    const cart = await readCart(token);
    expect(cart.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: "order",
      attributes: {
        order_number: expect.stringMatching(ORDER_NUMBER_PATTERN),
        email: null,
        total_before_tax: "$90.00",
        total_before_tax_cents: 9000,
        // Standard shipping for 3 items: $5.99 + 2 x $2.00 (the shipping_rates of migration 0012).
        total_shipping: "$9.99",
        total_shipping_cents: 999,
        total_tax: "$0.00",
        total_tax_cents: 0,
        tax_label: NO_ADDRESS_TAX_LABEL,
        total_discount: "$0.00",
        total_discount_cents: 0,
        order_total: "$99.99",
        order_total_cents: 9999,
        item_total_without_discount: "$90.00",
        item_total_without_discount_cents: 9000,
        selected_shipping_service_key: "standard",
        order_shipping_options_collection: {
          first_option_key: "standard",
          first_option_price: "$9.99",
          first_option_price_cents: 999,
          second_option_key: "expedited",
          second_option_price: "$18.99",
          second_option_price_cents: 1899,
          third_option_key: "express",
          third_option_price: "$29.99",
          third_option_price_cents: 2999,
        },
        shipping_costs: {
          standard: { display_cost: "$9.99", cost_in_cents: 999 },
          expedited: { display_cost: "$18.99", cost_in_cents: 1899 },
          express: { display_cost: "$29.99", cost_in_cents: 2999 },
        },
        billing_same_as_shipping: true,
        promo_code: null,
        promo_code_error: null,
        amount_due: "$99.99",
        amount_due_cents: 9999,
        shopping_cart_count: 3,
        order_line_items: [
          { id: first.data.id, type: "order_line_item" },
          { id: second.data.id, type: "order_line_item" },
        ],
        unavailable_line_items: [],
      },
    });
    expect(cart.included).toEqual([first.data, second.data]);
    expect(cart.included[1].attributes).toMatchObject({
      garment_style: "Pullover Hoodie",
      gender: "Unisex",
      item_description: "Unisex Pullover Hoodie in Navy, size L",
      total: "$40.00",
    });
    expect(cart.included[0].attributes.total_cents).toBe(5000);
  });

  it("is a valid empty cart for a shopper who never added anything, and after the last line is removed", async () => {
    const token = await newGuest();
    const empty = await readCart(token);
    expect(empty).toEqual({
      data: {
        id: null,
        type: "order",
        attributes: expect.objectContaining({
          order_number: null,
          total_before_tax: "$0.00",
          total_before_tax_cents: 0,
          order_total: "$0.00",
          item_total_without_discount: "$0.00",
          shopping_cart_count: 0,
          order_line_items: [],
        }),
      },
      included: [],
    });
    const { defaultVariant } = await buildDesign(server.database.db);
    const added = expectAdded(
      await addLine(token, { seller_design_product_variant_id: defaultVariant.id, size: "M", color: "black" }),
    );
    const removed = await deleteLine(token, added.data.id);
    expect(removed.status).toBe(200);
    const emptied = await readCart(token);
    expect(emptied.data.attributes.order_number).toMatch(ORDER_NUMBER_PATTERN);
    expect(emptied.data.attributes.shopping_cart_count).toBe(0);
    expect(emptied.data.attributes.order_total).toBe("$0.00");
    expect(emptied.included).toEqual([]);
  });

  it("follows the catalogue: a sale starting lowers the prices, its end restores them", async () => {
    const token = await newGuest();
    const { design, defaultVariant } = await buildDesign(server.database.db, { priceCents: 2499 });
    expectAdded(
      await addLine(token, {
        seller_design_product_variant_id: defaultVariant.id,
        size: "M",
        color: "black",
        quantity: 3,
      }),
    );
    const sale = await buildSale(server.database.db, { percentOff: 20, designs: [{ design }] });
    const during = await readCart(token);
    expect(during.included[0].attributes).toMatchObject({
      on_sale: true,
      price: "$24.99",
      sales_price: "$19.99",
      sales_price_cents: 1999,
      total: "$59.97",
      total_cents: 5997,
      total_discount: "$15.00",
      total_discount_cents: 1500,
    });
    expect(during.data.attributes).toMatchObject({
      item_total_without_discount: "$74.97",
      item_total_without_discount_cents: 7497,
      total_discount: "$15.00",
      total_discount_cents: 1500,
      total_before_tax: "$59.97",
      total_before_tax_cents: 5997,
      // Plus standard shipping for 3 items, $9.99.
      order_total: "$69.96",
      order_total_cents: 6996,
    });
    await server.database.db
      .update(marketplaceSales)
      .set({ endsAt: sql`now() - interval '1 second'` })
      .where(eq(marketplaceSales.id, sale.id));
    const after = await readCart(token);
    expect(after.included[0].attributes).toMatchObject({
      on_sale: false,
      sales_price: "$0",
      total: "$74.97",
      total_discount: "$0.00",
    });
    expect(after.data.attributes).toMatchObject({ total_discount: "$0.00", order_total: "$84.96" });
  });

  it("leaves out the lines of a design that was deactivated, from the lines, the totals and the count", async () => {
    const token = await newGuest();
    const kept = await buildDesign(server.database.db, { priceCents: 2000 });
    const gone = await buildDesign(server.database.db, { priceCents: 3000 });
    expectAdded(
      await addLine(token, { seller_design_product_variant_id: kept.defaultVariant.id, size: "M", color: "black" }),
    );
    expectAdded(
      await addLine(token, {
        seller_design_product_variant_id: gone.defaultVariant.id,
        size: "M",
        color: "black",
        quantity: 2,
      }),
    );
    await server.database.db.update(designs).set({ status: "deactivated" }).where(eq(designs.id, gone.design.id));
    const cart = await readCart(token);
    expect(cart.included).toHaveLength(1);
    // $20.00 and standard shipping for the one item left ($5.99).
    expect(cart.data.attributes).toMatchObject({ shopping_cart_count: 1, order_total: "$25.99" });
    const another = expectAdded(
      await addLine(token, { seller_design_product_variant_id: kept.defaultVariant.id, size: "L", color: "black" }),
    );
    expect(another.shopping_cart_count).toBe(2);
  });
});

describe("validation", () => {
  let token: string;
  let variantId: number;
  let hoodieVariantId: number;

  beforeAll(async () => {
    token = await newGuest();
    variantId = (await buildDesign(server.database.db, { garmentStyleKeys: ["womens_tee"] })).defaultVariant.id;
    hoodieVariantId = (await buildDesign(server.database.db, { garmentStyleKeys: ["hoodie"] })).defaultVariant.id;
  });

  it("refuses a size the garment style is not sold in, and a size that is no size", async () => {
    expectFieldError(
      await addLine(token, { seller_design_product_variant_id: variantId, size: "4XL", color: "black" }),
      "order_line_item.size",
      CART_MESSAGES.sizeNotSold("4XL", "Women's T-Shirt"),
    );
    expectFieldError(
      await addLine(token, { seller_design_product_variant_id: variantId, size: "XXL", color: "black" }),
      "order_line_item.size",
      CART_MESSAGES.sizeUnknown,
    );
    expectFieldError(
      await addLine(token, { seller_design_product_variant_id: variantId, color: "black" }),
      "order_line_item.size",
      CART_MESSAGES.sizeUnknown,
    );
  });

  it("refuses a colour the design is not offered in on that style, and a colour that is no product colour", async () => {
    expectFieldError(
      await addLine(token, { seller_design_product_variant_id: hoodieVariantId, size: "M", color: "orange" }),
      "order_line_item.color",
      CART_MESSAGES.colorNotOffered("Orange", "Unisex Pullover Hoodie"),
    );
    for (const color of ["plaid", "heather", 7]) {
      expectFieldError(
        await addLine(token, { seller_design_product_variant_id: hoodieVariantId, size: "M", color }),
        "order_line_item.color",
        CART_MESSAGES.colorUnknown,
      );
    }
  });

  it("names both the size and the colour when both are wrong for the style", async () => {
    const response = await addLine(token, {
      seller_design_product_variant_id: hoodieVariantId,
      size: "XS",
      color: "kelly",
    });
    expect(response.status).toBe(422);
    expect(response.body.error.details.map((detail: { field: string }) => detail.field)).toEqual([
      "order_line_item.size",
      "order_line_item.color",
    ]);
  });

  it("writes nothing for a refused choice: a shopper's first add in a size or colour not offered opens no cart", async () => {
    const fresh = await newGuest();
    const countOrders = async () => (await server.database.db.select({ id: orders.id }).from(orders)).length;
    const before = await countOrders();
    for (const choice of [
      { size: "4XL", color: "black" },
      { size: "M", color: "orange" },
    ]) {
      const response = await addLine(fresh, { seller_design_product_variant_id: hoodieVariantId, ...choice });
      expect(response.status, response.text).toBe(422);
    }
    expect(await countOrders()).toBe(before);
    const added = await addLine(fresh, {
      seller_design_product_variant_id: hoodieVariantId,
      size: "M",
      color: "black",
    });
    expect(added.status, added.text).toBe(201);
    expect(await countOrders()).toBe(before + 1);
  });

  it("refuses a quantity outside 1 to 10", async () => {
    for (const quantity of [0, -1, 11, 2.5, "ten", null, true]) {
      expectFieldError(
        await addLine(token, { seller_design_product_variant_id: variantId, size: "M", color: "black", quantity }),
        "order_line_item.quantity",
        CART_MESSAGES.quantityRange,
      );
    }
  });

  it("refuses an add that would take a line past 10, and leaves the line as it was", async () => {
    const shopper = await newGuest();
    const line = { seller_design_product_variant_id: variantId, size: "M", color: "black" };
    expectAdded(await addLine(shopper, { ...line, quantity: 8 }));
    expectFieldError(
      await addLine(shopper, { ...line, quantity: 3 }),
      "order_line_item.quantity",
      CART_MESSAGES.lineQuantityOverCap(8),
    );
    expect(await cartSummary(shopper)).toEqual([`${variantId} M black x8`]);
    expect(expectAdded(await addLine(shopper, { ...line, quantity: 2 })).data.attributes.quantity).toBe(10);
  });

  it(`refuses a line past ${MAX_CART_LINES}, but still adds to a line the full cart holds`, async () => {
    const shopper = await newGuest();
    const { defaultVariant } = await buildDesign(server.database.db);
    const first = expectAdded(
      await addLine(shopper, { seller_design_product_variant_id: defaultVariant.id, size: "S", color: "white" }),
    );
    const [line] = await server.database.db
      .select({ orderId: orderLineItems.orderId })
      .from(orderLineItems)
      .where(eq(orderLineItems.id, first.data.id));
    // The 49 other lines straight into the table: every size and colour the tee is sold in, in order.
    const combinations = ["S", "M", "L", "XL", "2XL", "3XL", "4XL", "5XL"].flatMap((size) =>
      PRODUCT_COLORS.map((color) => ({ size, color })),
    );
    await server.database.db.insert(orderLineItems).values(
      combinations.slice(1, MAX_CART_LINES).map(({ size, color }) => ({
        orderId: line?.orderId as string,
        sellerDesignProductVariantId: defaultVariant.id,
        size,
        color,
        quantity: 1,
      })),
    );
    const extra = combinations[MAX_CART_LINES] as { size: string; color: string };
    expectFieldError(
      await addLine(shopper, { seller_design_product_variant_id: defaultVariant.id, ...extra }),
      "order_line_item",
      CART_MESSAGES.tooManyLines,
    );
    const more = expectAdded(
      await addLine(shopper, { seller_design_product_variant_id: defaultVariant.id, size: "S", color: "white" }),
    );
    expect(more.data.attributes.quantity).toBe(2);
    expect(more.shopping_cart_count).toBe(MAX_CART_LINES + 1);
  });

  it("refuses an unknown, deactivated or unpublished variant, naming the variant field", async () => {
    const deactivated = await buildDesign(server.database.db, { status: "deactivated" });
    const scheduled = await buildDesign(server.database.db, { publishedAt: new Date(Date.now() + 3600_000) });
    for (const id of [2_000_000_000, deactivated.defaultVariant.id, scheduled.defaultVariant.id]) {
      expectFieldError(
        await addLine(token, { seller_design_product_variant_id: id, size: "M", color: "black" }),
        "order_line_item.seller_design_product_variant_id",
        CART_MESSAGES.variantUnavailable,
      );
    }
    for (const id of ["abc", 0, -3, undefined]) {
      expectFieldError(
        await addLine(token, { seller_design_product_variant_id: id, size: "M", color: "black" }),
        "order_line_item.seller_design_product_variant_id",
        "seller_design_product_variant_id must be a positive integer",
      );
    }
  });

  it("refuses a missing or unwrapped body and unknown fields", async () => {
    const missing = await server.request("/api/v1/order_line_items", { method: "POST", token });
    expect(missing.status).toBe(400);
    const flat = await server.request("/api/v1/order_line_items", {
      method: "POST",
      token,
      body: { seller_design_product_variant_id: variantId, size: "M", color: "black" },
    });
    expect(flat.status).toBe(422);
    expect(flat.body.error.details).toContainEqual({
      field: "seller_design_product_variant_id",
      message: "Unknown field",
    });
    expectFieldError(
      await addLine(token, { seller_design_product_variant_id: variantId, size: "M", color: "black", price_cents: 1 }),
      "order_line_item.price_cents",
      "Unknown field",
    );
  });

  it("checks a change as it checks an add", async () => {
    const shopper = await newGuest();
    const added = expectAdded(
      await addLine(shopper, { seller_design_product_variant_id: variantId, size: "M", color: "black" }),
    );
    const id = added.data.id;
    for (const quantity of [0, 11]) {
      expectFieldError(
        await updateLine(shopper, id, { quantity }),
        "order_line_item.quantity",
        CART_MESSAGES.quantityRange,
      );
    }
    expectFieldError(await updateLine(shopper, id, {}), "order_line_item", CART_MESSAGES.nothingToUpdate);
    expectFieldError(
      await updateLine(shopper, id, { quantity: 2, size: "5XL" }),
      "order_line_item.size",
      CART_MESSAGES.sizeNotSold("5XL", "Women's T-Shirt"),
    );
    expectFieldError(
      await updateLine(shopper, id, { id: id + 1, quantity: 2 }),
      "order_line_item.id",
      CART_MESSAGES.lineIdMismatch,
    );
    expectFieldError(
      await updateLine(shopper, id, { quantity: 2, seller_design_product_variant_id: variantId }),
      "order_line_item.seller_design_product_variant_id",
      "Unknown field",
    );
    expect(await cartSummary(shopper)).toEqual([`${variantId} M black x1`]);
  });

  it("asks for a token on every cart route", async () => {
    const responses = await Promise.all([
      server.request("/api/v1/shopping_cart"),
      addLine(undefined, { seller_design_product_variant_id: variantId, size: "M", color: "black" }),
      updateLine(undefined, 1, { quantity: 2 }),
      deleteLine(undefined, 1),
    ]);
    expect(responses.map((response) => response.status)).toEqual([401, 401, 401, 401]);
  });
});

describe("while a payment of an order placed from the cart is with the processor", () => {
  it("lets the cart change and leaves the order exactly as it was placed (decision 053)", async () => {
    const token = await newGuest();
    const { defaultVariant } = await buildDesign(server.database.db);
    const added = expectAdded(
      await addLine(token, { seller_design_product_variant_id: defaultVariant.id, size: "M", color: "black" }),
    );
    expect((await server.request("/api/v1/addresses", { method: "POST", token, body: addressesBody() })).status).toBe(
      201,
    );
    const option = await server.request("/api/v1/orders", {
      method: "PUT",
      token,
      body: { order: { selected_shipping_service_key: "standard" } },
    });
    expect(option.status, option.text).toBe(200);
    const placed = await server.request("/api/v1/orders", { method: "POST", token, body: { order: {} } });
    expect(placed.status, placed.text).toBe(201);
    const orderId = placed.body.data.id as string;
    // As the card step leaves the order while the processor answers.
    await server.database.db.execute(sql`update orders set payment_started_at = now() where id = ${orderId}`);
    const before = await server.database.db
      .select({ state: orders.state, totalCents: orders.totalCents, email: orders.email })
      .from(orders)
      .where(eq(orders.id, orderId));
    const changes = [
      await addLine(token, { seller_design_product_variant_id: defaultVariant.id, size: "L", color: "black" }),
      await addLine(token, { seller_design_product_variant_id: defaultVariant.id, size: "M", color: "black" }),
      await updateLine(token, added.data.id, { quantity: 3 }),
      await server.request("/api/v1/orders", {
        method: "PUT",
        token,
        body: { order: { selected_shipping_service_key: "express", email: "ada@example.com" } },
      }),
      await server.request("/api/v1/addresses", { method: "POST", token, body: addressesBody() }),
      await deleteLine(token, added.data.id),
    ];
    for (const change of changes) expect(change.status, change.text).toBeLessThan(300);
    const after = await server.database.db
      .select({ state: orders.state, totalCents: orders.totalCents, email: orders.email })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(after).toEqual(before);
    const lines = await server.database.db
      .select({ quantity: orderLineItems.quantity, size: orderLineItems.size })
      .from(orderLineItems)
      .where(eq(orderLineItems.orderId, orderId));
    expect(lines).toEqual([{ quantity: 1, size: "M" }]);
    // The order's own lines are not the cart's: they cannot be reached through the cart's routes.
    const [orderLine] = await server.database.db
      .select({ id: orderLineItems.id })
      .from(orderLineItems)
      .where(eq(orderLineItems.orderId, orderId));
    expect((await deleteLine(token, orderLine?.id as number)).status).toBe(404);
  });
});

describe("changing and removing lines", () => {
  it("sets a line's quantity and answers the line and the new count", async () => {
    const token = await newGuest();
    const { defaultVariant } = await buildDesign(server.database.db, { priceCents: 1500 });
    const added = expectAdded(
      await addLine(token, {
        seller_design_product_variant_id: defaultVariant.id,
        size: "M",
        color: "black",
        quantity: 4,
      }),
    );
    expectAdded(
      await addLine(token, { seller_design_product_variant_id: defaultVariant.id, size: "L", color: "black" }),
    );
    // The spec's client sends the line's id in the body too ("id supplies the path").
    const response = await updateLine(token, added.data.id, { id: added.data.id, quantity: 2 });
    expect(response.status, response.text).toBe(200);
    cartLineResponseSchema.parse(toCamelKeys(response.body));
    expect(response.body.data.attributes).toMatchObject({ quantity: 2, total: "$30.00", total_cents: 3000 });
    expect(response.body.shopping_cart_count).toBe(3);
  });

  it("moves a line to another size; onto a size the cart holds, the two lines become one with the same id", async () => {
    const token = await newGuest();
    const { defaultVariant } = await buildDesign(server.database.db);
    const line = { seller_design_product_variant_id: defaultVariant.id, color: "black" };
    const medium = expectAdded(await addLine(token, { ...line, size: "M", quantity: 3 }));
    expectAdded(await addLine(token, { ...line, size: "L", quantity: 4 }));
    const moved = await updateLine(token, medium.data.id, { size: "XL", color: "navy" });
    expect(moved.status).toBe(200);
    expect(moved.body.data.attributes).toMatchObject({ size: "XL", color: "navy", quantity: 3, hex_color: "#1f2a44" });
    expect(moved.body.data.attributes.design_on_shirt).toContain("tee-navy-640.webp");
    const folded = await updateLine(token, medium.data.id, { size: "L", color: "black", quantity: 5 });
    expect(folded.status).toBe(200);
    expect(folded.body.data).toMatchObject({ id: medium.data.id, attributes: { size: "L", quantity: 9 } });
    expect(await cartSummary(token)).toEqual([`${defaultVariant.id} L black x9`]);
    const over = expectAdded(await addLine(token, { ...line, size: "M", quantity: 2 }));
    expectFieldError(
      await updateLine(token, over.data.id, { size: "L" }),
      "order_line_item.quantity",
      CART_MESSAGES.lineQuantityOverCap(9),
    );
  });

  it("removes a line and answers the spec's reply: the new count", async () => {
    const token = await newGuest();
    const { defaultVariant } = await buildDesign(server.database.db);
    const line = { seller_design_product_variant_id: defaultVariant.id, color: "black" };
    const medium = expectAdded(await addLine(token, { ...line, size: "M", quantity: 3 }));
    expectAdded(await addLine(token, { ...line, size: "L", quantity: 4 }));
    const response = await deleteLine(token, medium.data.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(deleteCartLineResponseSchema.strict().parse(toCamelKeys(response.body))).toEqual({ shoppingCartCount: 4 });
    expect(response.body).toEqual({ shopping_cart_count: 4 });
    expect((await deleteLine(token, medium.data.id)).status).toBe(404);
  });

  it("answers 404 for a malformed line id", async () => {
    const token = await newGuest();
    for (const id of ["abc", "0", "99999999999"]) {
      expect((await updateLine(token, id, { quantity: 1 })).status).toBe(404);
      expect((await deleteLine(token, id)).status).toBe(404);
    }
  });
});

describe("whose lines", () => {
  async function guestShopper() {
    return { token: await newGuest(), kind: "guest" };
  }
  async function customerShopper() {
    return { token: (await newCustomer()).token, kind: "customer" };
  }

  it.each([
    ["guest", "guest", guestShopper, guestShopper],
    ["guest", "customer", guestShopper, customerShopper],
    ["customer", "guest", customerShopper, guestShopper],
    ["customer", "customer", customerShopper, customerShopper],
  ])(
    "a %s cannot read, change or delete a %s's lines: 404, as for a line that does not exist",
    async (_a, _b, makeA, makeB) => {
      const intruder = await makeA();
      const owner = await makeB();
      const { defaultVariant } = await buildDesign(server.database.db);
      const added = expectAdded(
        await addLine(owner.token, {
          seller_design_product_variant_id: defaultVariant.id,
          size: "M",
          color: "black",
          quantity: 2,
        }),
      );
      const id = added.data.id;
      const notFound = { error: { code: "not_found", message: "Order line item not found" } };

      const change = await updateLine(intruder.token, id, { quantity: 5 });
      expect(change.status).toBe(404);
      expect(change.body).toEqual(notFound);
      const removal = await deleteLine(intruder.token, id);
      expect(removal.status).toBe(404);
      expect(removal.body).toEqual(notFound);
      // Exactly what a line that does not exist answers.
      expect((await updateLine(intruder.token, 2_000_000_000, { quantity: 5 })).body).toEqual(notFound);
      // The intruder's own cart does not show the line, and the owner's is untouched.
      expect((await readCart(intruder.token)).included).toEqual([]);
      expect(await cartSummary(owner.token)).toEqual([`${defaultVariant.id} M black x2`]);
    },
  );
});

describe("the cart follows the shopper", () => {
  it("merges the guest cart into the customer's on sign-in, once, quantities added and capped at 10", async () => {
    const { db } = server.database;
    const user = await createTestUser(db);
    const a = await buildDesign(db);
    const b = await buildDesign(db);
    const c = await buildDesign(db);
    const earlier = (await signIn(server, user.email, user.password)).access_token;
    expectAdded(
      await addLine(earlier, {
        seller_design_product_variant_id: a.defaultVariant.id,
        size: "M",
        color: "black",
        quantity: 9,
      }),
    );
    expectAdded(
      await addLine(earlier, { seller_design_product_variant_id: c.defaultVariant.id, size: "S", color: "red" }),
    );

    const guest = await newGuest();
    expectAdded(
      await addLine(guest, {
        seller_design_product_variant_id: a.defaultVariant.id,
        size: "M",
        color: "black",
        quantity: 2,
      }),
    );
    expectAdded(
      await addLine(guest, {
        seller_design_product_variant_id: b.defaultVariant.id,
        size: "L",
        color: "white",
        quantity: 3,
      }),
    );

    // The spec's client signs in with the guest's token as its bearer.
    const customer = (await signIn(server, user.email, user.password, guest)).access_token;
    const merged = [
      `${a.defaultVariant.id} M black x10`,
      `${c.defaultVariant.id} S red x1`,
      `${b.defaultVariant.id} L white x3`,
    ];
    expect(await cartSummary(customer)).toEqual(merged);
    expect((await readCart(customer)).data.attributes.shopping_cart_count).toBe(14);
    // The guest token no longer reaches it.
    expect(await cartSummary(guest)).toEqual([]);

    // A replayed sign-in with the same guest token, and two at once, do not merge again.
    await signIn(server, user.email, user.password, guest);
    await Promise.all([
      signIn(server, user.email, user.password, guest),
      signIn(server, user.email, user.password, guest),
    ]);
    expect(await cartSummary(customer)).toEqual(merged);
    const carts = await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, user.id));
    expect(carts).toHaveLength(1);
  });

  it("merges through POST /api/v1/tokens too, and a customer without a cart gets the guest's lines", async () => {
    const { db } = server.database;
    const user = await createTestUser(db);
    const { defaultVariant } = await buildDesign(db);
    const guest = await newGuest();
    expectAdded(
      await addLine(guest, { seller_design_product_variant_id: defaultVariant.id, size: "M", color: "teal" }),
    );
    const response = await server.request("/api/v1/tokens", {
      method: "POST",
      token: guest,
      body: { user: { email: user.email, password: user.password } },
    });
    expect(response.status, response.text).toBe(200);
    expect(await cartSummary(response.body.access_token)).toEqual([`${defaultVariant.id} M teal x1`]);
    expect(await cartSummary(guest)).toEqual([]);
  });

  it("leaves the cart with the account on sign-out: the new guest starts empty, signing in again finds it", async () => {
    const { db } = server.database;
    const user = await createTestUser(db);
    const { defaultVariant } = await buildDesign(db);
    const first = await signIn(server, user.email, user.password);
    expectAdded(
      await addLine(first.access_token, {
        seller_design_product_variant_id: defaultVariant.id,
        size: "M",
        color: "black",
      }),
    );
    const revoke = await server.request("/oauth/revoke", {
      method: "POST",
      body: { ...clientCredentials(server), token: first.access_token },
    });
    expect(revoke.status).toBe(200);
    const nextGuest = await newGuest();
    expect(await cartSummary(nextGuest)).toEqual([]);
    const again = await signIn(server, user.email, user.password, nextGuest);
    expect(await cartSummary(again.access_token)).toEqual([`${defaultVariant.id} M black x1`]);
  });

  it("keeps the customer's own lines first when the merge would pass the line limit", async () => {
    const { db } = server.database;
    const user = await createTestUser(db);
    const { defaultVariant } = await buildDesign(db);
    const customer = (await signIn(server, user.email, user.password)).access_token;
    const colors = PRODUCT_COLORS.slice(0, 16);
    const combos = ["S", "M", "L"].flatMap((size) => colors.map((color) => ({ size, color })));
    for (const combo of combos.slice(0, 48)) {
      expectAdded(await addLine(customer, { seller_design_product_variant_id: defaultVariant.id, ...combo }));
    }
    const guest = await newGuest();
    for (const combo of [
      { size: "S", color: "white" },
      { size: "XL", color: "white" },
      { size: "XL", color: "black" },
      { size: "XL", color: "red" },
    ]) {
      expectAdded(await addLine(guest, { seller_design_product_variant_id: defaultVariant.id, ...combo }));
    }
    const signedIn = (await signIn(server, user.email, user.password, guest)).access_token;
    const lines = await cartSummary(signedIn);
    expect(lines).toHaveLength(MAX_CART_LINES);
    expect(lines[0]).toBe(`${defaultVariant.id} S white x2`);
    expect(lines.slice(48)).toEqual([`${defaultVariant.id} XL white x1`, `${defaultVariant.id} XL black x1`]);
  });

  it("does not merge for a wrong password or without a guest token", async () => {
    const { db } = server.database;
    const user = await createTestUser(db);
    const { defaultVariant } = await buildDesign(db);
    const guest = await newGuest();
    expectAdded(
      await addLine(guest, { seller_design_product_variant_id: defaultVariant.id, size: "M", color: "black" }),
    );
    const refused = await requestToken(
      server,
      { grant_type: "password", email: user.email, password: "wrong-password-1" },
      { token: guest },
    );
    expect(refused.status).toBe(400);
    expect(await cartSummary(guest)).toEqual([`${defaultVariant.id} M black x1`]);
    const customer = await signIn(server, user.email, user.password);
    expect(await cartSummary(customer.access_token)).toEqual([]);
  });
});

describe("concurrency", () => {
  it("10 concurrent adds of the same item to a new cart leave one cart with one line of quantity 10", async () => {
    const token = await newGuest();
    const { defaultVariant } = await buildDesign(server.database.db);
    const line = { seller_design_product_variant_id: defaultVariant.id, size: "M", color: "black" };
    const responses = await Promise.all(Array.from({ length: 10 }, () => addLine(token, line)));
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(201));
    const counts = responses.map((response) => response.body.shopping_cart_count).sort((x, y) => x - y);
    expect(counts).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await cartSummary(token)).toEqual([`${defaultVariant.id} M black x10`]);
    const rows = await server.database.db
      .select({ id: orderLineItems.id })
      .from(orderLineItems)
      .where(and(eq(orderLineItems.sellerDesignProductVariantId, defaultVariant.id), eq(orderLineItems.size, "M")));
    expect(rows).toHaveLength(1);
    expectFieldError(await addLine(token, line), "order_line_item.quantity", CART_MESSAGES.lineQuantityOverCap(10));
  });

  it(`concurrent adds of new lines to a nearly full cart stop at exactly ${MAX_CART_LINES} lines`, async () => {
    const token = await newGuest();
    const { defaultVariant } = await buildDesign(server.database.db);
    const combinations = ["S", "M", "L", "XL", "2XL", "3XL", "4XL", "5XL"].flatMap((size) =>
      PRODUCT_COLORS.map((color) => ({ seller_design_product_variant_id: defaultVariant.id, size, color })),
    );
    const first = expectAdded(await addLine(token, combinations[0] as Line));
    const [cart] = await server.database.db
      .select({ orderId: orderLineItems.orderId })
      .from(orderLineItems)
      .where(eq(orderLineItems.id, first.data.id));
    const room = 5;
    await server.database.db.insert(orderLineItems).values(
      combinations.slice(1, MAX_CART_LINES - room).map(({ size, color }) => ({
        orderId: cart?.orderId as string,
        sellerDesignProductVariantId: defaultVariant.id,
        size,
        color,
        quantity: 1,
      })),
    );
    // Twice the room, at once: each add counts the lines only after it holds the cart's lock.
    const extra = combinations.slice(MAX_CART_LINES - room, MAX_CART_LINES + room);
    const responses = await Promise.all(extra.map((line) => addLine(token, line)));
    expect(responses.filter((response) => response.status === 201)).toHaveLength(room);
    for (const refused of responses.filter((response) => response.status !== 201)) {
      expectFieldError(refused, "order_line_item", CART_MESSAGES.tooManyLines);
    }
    expect(await cartSummary(token)).toHaveLength(MAX_CART_LINES);
  });

  it("concurrent adds past 10 fill the line to exactly 10 and refuse the rest", async () => {
    const token = await newGuest();
    const { defaultVariant } = await buildDesign(server.database.db);
    const line = { seller_design_product_variant_id: defaultVariant.id, size: "L", color: "red", quantity: 3 };
    const responses = await Promise.all(Array.from({ length: 5 }, () => addLine(token, line)));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 201, 201, 422, 422]);
    expect(await cartSummary(token)).toEqual([`${defaultVariant.id} L red x9`]);
  });
});
