import { MAX_CART_LINES } from "@threadfolk/contract/cart";
import { describe, expect, it } from "vitest";
import { chooseLinesToMerge } from "./merge-guest-cart.ts";

const line = (size: string, color = "black", quantity = 1) => ({ variantId: 7, size, color, quantity });

describe("chooseLinesToMerge", () => {
  it("takes every guest line when there is room, the shared ones included", () => {
    const guestLines = [line("M", "black", 2), line("L")];
    expect(chooseLinesToMerge({ customerLines: [line("M", "black", 9)], guestLines })).toEqual(guestLines);
  });

  it("keeps the lines the customer shares, and new lines oldest first while the cart has room", () => {
    const colors = Array.from({ length: MAX_CART_LINES - 1 }, (_value, index) => `color-${index}`);
    const customerLines = colors.map((color) => line("S", color));
    const guestLines = [line("XL", "a"), line("S", "color-3", 4), line("XL", "b")];
    expect(chooseLinesToMerge({ customerLines, guestLines })).toEqual([line("XL", "a"), line("S", "color-3", 4)]);
  });
});
