import { describe, expect, it } from "vitest";
import { addCartLineBodySchema, CART_MESSAGES, ORDER_NUMBER_PATTERN, updateCartLineBodySchema } from "./cart.ts";

function messagesOf(result: { success: boolean; error?: { issues: Array<{ message: string }> } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe("addCartLineBodySchema", () => {
  it("reads the spec's body, defaulting the quantity to 1 and normalising size and colour", () => {
    expect(
      addCartLineBodySchema.parse({
        orderLineItem: { sellerDesignProductVariantId: "12", size: " xl", color: "royalBlue" },
      }),
    ).toEqual({ orderLineItem: { sellerDesignProductVariantId: 12, size: "XL", color: "royal_blue", quantity: 1 } });
  });

  it("refuses quantities outside 1 to 10 and non-numbers with one message", () => {
    for (const quantity of [0, 11, 1.5, "x", null]) {
      const result = addCartLineBodySchema.safeParse({
        orderLineItem: { sellerDesignProductVariantId: 1, size: "M", color: "black", quantity },
      });
      expect(messagesOf(result), String(quantity)).toEqual([CART_MESSAGES.quantityRange]);
    }
  });

  it("refuses sizes and colours outside the spec's lists, aliases included", () => {
    const result = addCartLineBodySchema.safeParse({
      orderLineItem: { sellerDesignProductVariantId: 1, size: "XXL", color: "heather" },
    });
    expect(messagesOf(result)).toEqual([CART_MESSAGES.sizeUnknown, CART_MESSAGES.colorUnknown]);
  });
});

describe("updateCartLineBodySchema", () => {
  it("needs at least one of quantity, size and colour", () => {
    expect(messagesOf(updateCartLineBodySchema.safeParse({ orderLineItem: { id: 3 } }))).toEqual([
      CART_MESSAGES.nothingToUpdate,
    ]);
    expect(updateCartLineBodySchema.parse({ orderLineItem: { size: "s" } })).toEqual({ orderLineItem: { size: "S" } });
  });
});

describe("order numbers", () => {
  it("match TF- and 8 unambiguous characters", () => {
    expect("TF-7KQ2M9XA").toMatch(ORDER_NUMBER_PATTERN);
    expect("TF-7KQ2M9X0").not.toMatch(ORDER_NUMBER_PATTERN);
    expect("TF-7KQ2M9X").not.toMatch(ORDER_NUMBER_PATTERN);
  });
});
