import { describe, expect, it } from "vitest";
import { paymentStepStateOf } from "./payment-step-state.ts";

const cart = { data: { id: "x", type: "order", attributes: {} }, included: [] };

describe("paymentStepStateOf", () => {
  it("reads the cart handed over", () => {
    expect(paymentStepStateOf({ cart, shippingMethod: "express" })).toEqual({ cart });
  });

  it("answers nothing for other history state", () => {
    for (const state of [null, undefined, "x", {}, { cart: { data: { type: "user" }, included: [] } }]) {
      expect(paymentStepStateOf(state)).toBeUndefined();
    }
  });
});
