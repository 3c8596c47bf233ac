import { describe, expect, it } from "vitest";
import { buildCart, buildCartLine } from "./cart-test-factories.ts";
import { checkoutNavigationState } from "./checkout-navigation.ts";

describe("checkoutNavigationState", () => {
  it("hands over the order and its lines, with no addresses before the checkout has set them", () => {
    const lines = [buildCartLine({ id: 1 }), buildCartLine({ id: 2, size: "XL" })];
    const cart = buildCart(lines);
    expect(checkoutNavigationState(cart)).toEqual({
      billingAddress: null,
      shippingAddress: null,
      order: cart.data,
      lineItems: lines,
    });
  });

  it("takes the addresses from the included records once the cart has them, and only lines as line items", () => {
    const line = buildCartLine({ id: 1 });
    const shipping = { id: 3, type: "shipping_address", attributes: { fullName: "Ada Lovelace" } };
    const billing = { id: 4, type: "billing_address", attributes: { fullName: "Ada King" } };
    const cart = buildCart([line]);
    // The checkout issue widens `included`; the state must already pick the addresses out of it.
    (cart.included as unknown[]).push(shipping, billing);
    const state = checkoutNavigationState(cart);
    expect(state.shippingAddress).toEqual(shipping);
    expect(state.billingAddress).toEqual(billing);
    expect(state.lineItems).toEqual([line]);
  });
});
