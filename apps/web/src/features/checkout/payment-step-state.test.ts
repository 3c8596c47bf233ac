import { describe, expect, it } from "vitest";
import { paymentStepStateOf } from "./payment-step-state.ts";

const cart = { data: { id: "x", type: "order", attributes: {} }, included: [] };

describe("paymentStepStateOf", () => {
  it("reads the cart and a known shipping method", () => {
    expect(paymentStepStateOf({ cart, shippingMethod: "express" })).toEqual({ cart, shippingMethod: "express" });
  });

  it("drops an unknown shipping method, and answers nothing for other history state", () => {
    expect(paymentStepStateOf({ cart, shippingMethod: "teleport" })).toEqual({ cart, shippingMethod: undefined });
    for (const state of [null, undefined, "x", {}, { cart: { data: { type: "user" }, included: [] } }]) {
      expect(paymentStepStateOf(state)).toBeUndefined();
    }
  });
});
