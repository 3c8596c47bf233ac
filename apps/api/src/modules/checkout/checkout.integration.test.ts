import { cartAddress, shoppingCartResponseSchema } from "@threadfolk/contract/cart";
import { toCamelKeys } from "@threadfolk/contract/case";
import { CHECKOUT_MESSAGES } from "@threadfolk/contract/checkout";
import { ESTIMATED_TAX_LABEL, NO_ADDRESS_TAX_LABEL } from "@threadfolk/contract/tax-constants";
import { MESSAGES } from "@threadfolk/contract/validation";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDesign, buildSale } from "../../../test/factories/catalogue.ts";
import { createTestUser } from "../../../test/factories/users.ts";
import { obtainGuestTokens, signIn } from "../../../test/oauth-client.ts";
import { getTestServer, type TestResponse, type TestServer } from "../../../test/test-server.ts";
import { orderAddresses, orders, shippingRates } from "../../db/schema/index.ts";

let server: TestServer;

beforeAll(async () => {
  server = await getTestServer();
});

afterAll(async () => {
  await server.close();
});

const ST_PAUL = {
  first_name: "Ada",
  last_name: "Lovelace",
  address1: "75 Rev Dr Martin Luther King Jr Blvd",
  address2: "Suite 100",
  city: "Saint Paul",
  state: "MN",
  zip: "55155",
};
const BROOKLYN = {
  first_name: "Grace",
  last_name: "Hopper",
  address1: "1 Main St",
  address2: "",
  city: "Brooklyn",
  state: "NY",
  zip: "11201-1234",
};

async function newGuest(): Promise<string> {
  return (await obtainGuestTokens(server)).access_token;
}

async function newCustomer() {
  const user = await createTestUser(server.database.db);
  return (await signIn(server, user.email, user.password)).access_token;
}

/** A cart of `quantity` units of one design at `priceCents` (one line). */
async function fillCart(token: string, { priceCents = 2500, quantity = 1 } = {}) {
  const { defaultVariant } = await buildDesign(server.database.db, { priceCents });
  const response = await server.request("/api/v1/order_line_items", {
    method: "POST",
    token,
    body: {
      order_line_item: { seller_design_product_variant_id: defaultVariant.id, size: "M", color: "black", quantity },
    },
  });
  expect(response.status, response.text).toBe(201);
  return defaultVariant;
}

function saveAddresses(token: string | undefined, addresses: Record<string, unknown>, method: "POST" | "PUT" = "POST") {
  return server.request("/api/v1/addresses", { method, token, body: { addresses } });
}

function updateOrder(token: string | undefined, order: Record<string, unknown>) {
  return server.request("/api/v1/orders", { method: "PUT", token, body: { order } });
}

function expectCart(response: TestResponse, status = 200) {
  expect(response.status, response.text).toBe(status);
  return shoppingCartResponseSchema.parse(toCamelKeys(response.body));
}

function expectFieldError(response: TestResponse, field: string, message: string) {
  expect(response.status, response.text).toBe(422);
  expect(response.body.error.code).toBe("validation_failed");
  expect(response.body.error.details).toContainEqual({ field, message });
}

const validBody = { shipping_address: ST_PAUL, billing_same_as_shipping: true, email: "ada@example.com" };

describe("shipping options", () => {
  it("prices the three options from the rates table for the cart's item count, standard in force", async () => {
    const token = await newGuest();
    await fillCart(token, { priceCents: 2500, quantity: 3 });
    const cart = expectCart(await server.request("/api/v1/shopping_cart", { token }));
    // standard 5.99 + 2 x 2.00, expedited 12.99 + 2 x 3.00, express 21.99 + 2 x 4.00 (migration 0012).
    expect(cart.data.attributes.orderShippingOptionsCollection).toEqual({
      firstOptionKey: "standard",
      firstOptionPrice: "$9.99",
      firstOptionPriceCents: 999,
      secondOptionKey: "expedited",
      secondOptionPrice: "$18.99",
      secondOptionPriceCents: 1899,
      thirdOptionKey: "express",
      thirdOptionPrice: "$29.99",
      thirdOptionPriceCents: 2999,
    });
    expect(cart.data.attributes.shippingCosts).toEqual({
      standard: { displayCost: "$9.99", costInCents: 999 },
      expedited: { displayCost: "$18.99", costInCents: 1899 },
      express: { displayCost: "$29.99", costInCents: 2999 },
    });
    expect(cart.data.attributes).toMatchObject({
      selectedShippingServiceKey: "standard",
      totalBeforeTaxCents: 7500,
      totalShippingCents: 999,
      totalShipping: "$9.99",
      totalTaxCents: 0,
      orderTotalCents: 8499,
      orderTotal: "$84.99",
    });
  });

  it("changes the option with PUT /orders, and the totals follow; an unknown key is a 422", async () => {
    const token = await newGuest();
    await fillCart(token, { priceCents: 2000 });
    const changed = expectCart(await updateOrder(token, { selected_shipping_service_key: "express" }));
    expect(changed.data.attributes).toMatchObject({
      selectedShippingServiceKey: "express",
      totalShippingCents: 2199,
      orderTotalCents: 4199,
    });
    expectFieldError(
      await updateOrder(token, { selected_shipping_service_key: "overnight" }),
      "order.selected_shipping_service_key",
      CHECKOUT_MESSAGES.shippingServiceUnknown,
    );
    const unchanged = expectCart(await server.request("/api/v1/shopping_cart", { token }));
    expect(unchanged.data.attributes.selectedShippingServiceKey).toBe("express");
  });

  it("hides an option priced at zero and refuses it; a chosen option that stops being offered falls back", async () => {
    const token = await newGuest();
    await fillCart(token);
    expectCart(await updateOrder(token, { selected_shipping_service_key: "expedited" }));
    const db = server.database.db;
    const [saved] = await db.select().from(shippingRates).where(eq(shippingRates.key, "expedited"));
    try {
      await db
        .update(shippingRates)
        .set({ firstItemCents: 0, additionalItemCents: 0 })
        .where(eq(shippingRates.key, "expedited"));
      const cart = expectCart(await server.request("/api/v1/shopping_cart", { token }));
      expect(cart.data.attributes.orderShippingOptionsCollection.secondOptionPriceCents).toBeNull();
      expect(Object.keys(cart.data.attributes.shippingCosts)).toEqual(["standard", "express"]);
      expect(cart.data.attributes.selectedShippingServiceKey).toBe("standard");
      expectFieldError(
        await updateOrder(token, { selected_shipping_service_key: "expedited" }),
        "order.selected_shipping_service_key",
        CHECKOUT_MESSAGES.shippingServiceNotOffered,
      );
    } finally {
      await db
        .update(shippingRates)
        .set({ firstItemCents: saved?.firstItemCents, additionalItemCents: saved?.additionalItemCents })
        .where(eq(shippingRates.key, "expedited"));
    }
  });

  it("sets the e-mail with PUT /orders and refuses an empty change or an empty cart", async () => {
    const token = await newGuest();
    const emptyCart = await updateOrder(token, { email: "ada@example.com" });
    expect(emptyCart.status, emptyCart.text).toBe(409);
    expect(emptyCart.body.error.message).toBe(CHECKOUT_MESSAGES.cartEmpty);
    await fillCart(token);
    const cart = expectCart(await updateOrder(token, { email: "  ada@example.com " }));
    expect(cart.data.attributes.email).toBe("ada@example.com");
    expectFieldError(await updateOrder(token, { email: "not-an-email" }), "order.email", MESSAGES.emailInvalid);
    const nothing = await updateOrder(token, {});
    expect(nothing.status).toBe(422);
    expect(nothing.body.error.details[0].message).toBe(CHECKOUT_MESSAGES.nothingToUpdate);
  });
});

describe("addresses", () => {
  it("creates both addresses and the e-mail (201), billing copied from shipping, in the cart's included list", async () => {
    const token = await newCustomer();
    await fillCart(token);
    const cart = expectCart(await saveAddresses(token, validBody), 201);
    expect(cart.data.attributes.email).toBe("ada@example.com");
    expect(cart.data.attributes.billingSameAsShipping).toBe(true);
    const addresses = cart.included.filter((record) => record.type !== "order_line_item");
    expect(addresses).toEqual([
      {
        id: expect.any(Number),
        type: "shipping_address",
        attributes: {
          firstName: "Ada",
          lastName: "Lovelace",
          fullName: "Ada Lovelace",
          address1: ST_PAUL.address1,
          address2: "Suite 100",
          city: "Saint Paul",
          state: "MN",
          zip: "55155",
          longFormAddress: "75 Rev Dr Martin Luther King Jr Blvd, Suite 100, Saint Paul, MN 55155",
          country: "UNITED STATES",
        },
      },
      expect.objectContaining({
        type: "billing_address",
        attributes: expect.objectContaining({ fullName: "Ada Lovelace", city: "Saint Paul" }),
      }),
    ]);
  });

  it("updates with PUT (a separate billing address), and a repeated POST replaces instead of failing", async () => {
    const token = await newGuest();
    await fillCart(token);
    const updateFirst = await saveAddresses(token, validBody, "PUT");
    expect(updateFirst.status).toBe(409);
    expect(updateFirst.body.error.message).toBe(CHECKOUT_MESSAGES.addressesMissing);
    expectCart(await saveAddresses(token, validBody), 201);
    expectCart(await saveAddresses(token, validBody), 200);
    const updated = expectCart(
      await saveAddresses(
        token,
        {
          shipping_address: ST_PAUL,
          billing_address: BROOKLYN,
          billing_same_as_shipping: false,
          email: "grace@example.com",
        },
        "PUT",
      ),
    );
    expect(updated.data.attributes.billingSameAsShipping).toBe(false);
    const billing = updated.included.find((record) => record.type === "billing_address");
    expect(billing?.attributes).toMatchObject({
      fullName: "Grace Hopper",
      zip: "11201-1234",
      longFormAddress: "1 Main St, Brooklyn, NY 11201-1234",
    });
    const stored = await server.database.db
      .select({ kind: orderAddresses.kind })
      .from(orderAddresses)
      .innerJoin(orders, eq(orders.id, orderAddresses.orderId))
      .where(eq(orders.email, "grace@example.com"));
    expect(stored.map((row) => row.kind).sort()).toEqual(["billing", "shipping"]);
  });

  it("answers every rule of spec section 5 with its message, naming the field", async () => {
    const token = await newGuest();
    await fillCart(token);
    const blank = { first_name: "", last_name: " ", address1: "", address2: "", city: "", state: "", zip: "" };
    const response = await saveAddresses(token, { shipping_address: blank, billing_same_as_shipping: true, email: "" });
    expectFieldError(response, "addresses.shipping_address.first_name", MESSAGES.firstNameRequired);
    expectFieldError(response, "addresses.shipping_address.last_name", MESSAGES.lastNameRequired);
    expectFieldError(response, "addresses.shipping_address.address1", MESSAGES.addressRequired);
    expectFieldError(response, "addresses.shipping_address.city", MESSAGES.cityRequired);
    expectFieldError(response, "addresses.shipping_address.state", MESSAGES.stateRequired);
    expectFieldError(response, "addresses.shipping_address.zip", MESSAGES.zipFormat);
    expectFieldError(response, "addresses.email", MESSAGES.emailRequired);
    for (const [state, zip] of [
      ["ZZ", "55155"],
      ["MN", "5515"],
      ["MN", "55155-12"],
      ["MN", "551551234"],
    ]) {
      const bad = await saveAddresses(token, { ...validBody, shipping_address: { ...ST_PAUL, state, zip } });
      expect(bad.status, `${state} ${zip}`).toBe(422);
    }
    expectFieldError(
      await saveAddresses(token, { ...validBody, billing_same_as_shipping: false }),
      "addresses.billing_address",
      CHECKOUT_MESSAGES.billingAddressRequired,
    );
    expectFieldError(
      await saveAddresses(token, {
        ...validBody,
        billing_same_as_shipping: false,
        billing_address: { ...BROOKLYN, city: "" },
      }),
      "addresses.billing_address.city",
      MESSAGES.cityRequired,
    );
    expectFieldError(
      await saveAddresses(token, { ...validBody, email: "ada@" }),
      "addresses.email",
      MESSAGES.emailInvalid,
    );
    // Nothing was saved by any refused request.
    const cart = expectCart(await server.request("/api/v1/shopping_cart", { token }));
    expect(cart.included.filter((record) => record.type !== "order_line_item")).toEqual([]);
  });

  it("refuses an empty cart with 409 and a request without a token with 401", async () => {
    const token = await newGuest();
    const empty = await saveAddresses(token, validBody);
    expect(empty.status).toBe(409);
    expect(empty.body.error.message).toBe(CHECKOUT_MESSAGES.cartEmpty);
    expect((await saveAddresses(undefined, validBody)).status).toBe(401);
    expect((await updateOrder(undefined, { email: "a@example.com" })).status).toBe(401);
  });

  it("keeps each shopper's addresses their own: another customer or guest neither reads nor changes them", async () => {
    const owner = await newCustomer();
    await fillCart(owner);
    expectCart(await saveAddresses(owner, validBody), 201);
    const intruder = await newCustomer();
    const guest = await newGuest();
    for (const token of [intruder, guest]) {
      const theirs = expectCart(await server.request("/api/v1/shopping_cart", { token }));
      expect(theirs.included).toEqual([]);
      expect(theirs.data.attributes.email).toBeNull();
      // Their writes land on their own (empty) cart, never the owner's.
      expect((await saveAddresses(token, { ...validBody, email: "intruder@example.com" }, "PUT")).status).toBe(409);
      expect((await updateOrder(token, { email: "intruder@example.com" })).status).toBe(409);
    }
    const mine = expectCart(await server.request("/api/v1/shopping_cart", { token: owner }));
    expect(mine.data.attributes.email).toBe("ada@example.com");
    expect(cartAddress(mine, "shipping_address")?.attributes.fullName).toBe("Ada Lovelace");
  });

  it("keeps a sale's discount in the totals alongside shipping", async () => {
    const token = await newGuest();
    const { design, defaultVariant } = await buildDesign(server.database.db, { priceCents: 3000 });
    await buildSale(server.database.db, { percentOff: 20, designs: [{ design }] });
    const added = await server.request("/api/v1/order_line_items", {
      method: "POST",
      token,
      body: {
        order_line_item: {
          seller_design_product_variant_id: defaultVariant.id,
          size: "M",
          color: "black",
          quantity: 2,
        },
      },
    });
    expect(added.status, added.text).toBe(201);
    const cart = expectCart(await saveAddresses(token, validBody), 201);
    expect(cart.data.attributes).toMatchObject({
      itemTotalWithoutDiscountCents: 6000,
      totalDiscountCents: 1200,
      totalBeforeTaxCents: 4800,
      totalShippingCents: 799,
    });
    expect(cart.data.attributes.orderTotalCents).toBe(4800 + 799 + cart.data.attributes.totalTaxCents);
  });
});

describe("the tax estimate", () => {
  // Two $25.00 shirts with standard shipping ($5.99 + $2.00): items 5000, shipping 799 (migration 0012).
  // Worked by hand from apps/api/src/adapters/tax/sales-tax-table.json, the one money rule rounding half-up per line.
  it.each([
    // Minnesota exempts clothing: no tax, still an estimate for an address.
    ["MN", { ...ST_PAUL }, 0],
    // New York outside the city: under $110 a shirt pays only the 4.53 % average local share; shipping is taxed
    // with the items. 5000 x 4.53 % = 226.5 -> 227; 799 x 4.53 % = 36.19 -> 36.
    ["NY", { ...BROOKLYN, city: "Albany", zip: "12207" }, 227 + 36],
    // New York City exempts clothing under $110 from its own tax too: nothing at all.
    ["NYC", { ...BROOKLYN }, 0],
    // California: 7.25 % + 1.6 % on the items; shipping by carrier is not taxed. 5000 x 8.85 % = 442.5 -> 443.
    ["CA", { ...BROOKLYN, city: "Los Angeles", state: "CA", zip: "90012" }, 443],
    // A military post office (APO, AE) lies in no state: no sales tax; the address is stored as typed.
    ["AE", { ...BROOKLYN, address1: "Unit 2050 Box 4190", city: "APO", state: "AE", zip: "09002" }, 0],
  ])("estimates the %s tax to the cent, and the order total adds it", async (_state, address, taxCents) => {
    const token = await newGuest();
    await fillCart(token, { priceCents: 2500, quantity: 2 });
    const before = expectCart(await server.request("/api/v1/shopping_cart", { token }));
    expect(before.data.attributes).toMatchObject({ totalTaxCents: 0, taxLabel: NO_ADDRESS_TAX_LABEL });
    const cart = expectCart(await saveAddresses(token, { ...validBody, shipping_address: address }), 201);
    expect(cart.data.attributes).toMatchObject({
      totalBeforeTaxCents: 5000,
      totalShippingCents: 799,
      totalTaxCents: taxCents,
      taxLabel: ESTIMATED_TAX_LABEL,
      orderTotalCents: 5000 + 799 + taxCents,
    });
  });
});

describe("the checkout columns", () => {
  it("are stored on the order row", async () => {
    const token = await newGuest();
    await fillCart(token);
    expectCart(await saveAddresses(token, { ...validBody, email: "stored@example.com" }), 201);
    const [row] = await server.database.db
      .execute(sql`select billing_same_as_shipping from orders where email = 'stored@example.com'`)
      .then((result) => (result as unknown as { rows: { billing_same_as_shipping: boolean }[] }).rows);
    expect(row?.billing_same_as_shipping).toBe(true);
  });
});
