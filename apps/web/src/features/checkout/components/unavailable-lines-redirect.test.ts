import { CART_MESSAGES, type UnavailableLineItem } from "@threadfolk/contract/cart";
import { ORDER_MESSAGES } from "@threadfolk/contract/orders";
import { describe, expect, it } from "vitest";
import { checkoutBlockedBy } from "./unavailable-lines-redirect.tsx";

const unavailableLine = (id: number, displayName: string): UnavailableLineItem => ({
  id,
  type: "unavailable_order_line_item",
  attributes: {
    uuid: `line-${id}`,
    displayName,
    garmentStyle: "Men's T-Shirt",
    size: "L",
    color: "black",
    quantity: 1,
    designUuid: "4f1d2c3b-5a6e-4b7c-8d9e-0a1b2c3d4e5f",
    message: CART_MESSAGES.variantUnavailable,
  },
});
const cartWith = (unavailableLineItems: UnavailableLineItem[] | undefined) => ({
  data: { attributes: { unavailableLineItems } },
});

describe("checkoutBlockedBy", () => {
  it("names the designs no longer available, in the server's words for refusing to place the order", () => {
    expect(checkoutBlockedBy(cartWith([unavailableLine(1, "Night Heron")]))).toBe(
      "Night Heron is no longer available: remove it from your cart",
    );
    expect(checkoutBlockedBy(cartWith([unavailableLine(1, "Night Heron"), unavailableLine(2, "Owl")]))).toBe(
      ORDER_MESSAGES.designUnavailable(["Night Heron", "Owl"]),
    );
  });

  it("is null when every line can be bought, or the reply has no such field", () => {
    expect(checkoutBlockedBy(cartWith([]))).toBeNull();
    expect(checkoutBlockedBy(cartWith(undefined))).toBeNull();
  });
});
