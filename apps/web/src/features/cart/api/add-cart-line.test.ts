import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api-client.ts";
import { addCartLineErrors, addCartLineErrorTarget, addedToCartMessage } from "./add-cart-line.ts";

describe("addedToCartMessage", () => {
  it("names the design, and how many when more than one", () => {
    expect(addedToCartMessage("Moth Lamp Club", 1)).toBe("Added Moth Lamp Club to your cart");
    expect(addedToCartMessage("Moth Lamp Club", 3)).toBe("Added 3 × Moth Lamp Club to your cart");
  });
});

describe("addCartLineErrors", () => {
  const refusal = (details: Array<{ field: string; message: string }>, message = "The request body is invalid") =>
    new ApiError({ status: 422, code: "validation_failed", message, details });

  it("puts each field's message under its control and the rest under the button", () => {
    expect(addCartLineErrorTarget("order_line_item.size")).toBe("size");
    expect(addCartLineErrorTarget("order_line_item.seller_design_product_variant_id")).toBe("form");
    const errors = addCartLineErrors(
      refusal([
        { field: "order_line_item.quantity", message: "A line holds at most 10; your cart already has 8 of this item" },
        { field: "order_line_item.seller_design_product_variant_id", message: "This design is not available" },
      ]),
    );
    expect(errors).toEqual({
      quantity: "A line holds at most 10; your cart already has 8 of this item",
      form: "This design is not available",
    });
  });

  it("shows the error's own message when a refusal names no field, and nothing for other failures", () => {
    expect(addCartLineErrors(refusal([], "A cart holds at most 50 different items"))).toEqual({
      form: "A cart holds at most 50 different items",
    });
    expect(addCartLineErrors(new ApiError({ status: 500, code: "internal", message: "boom" }))).toEqual({});
    expect(addCartLineErrors(null)).toEqual({});
  });
});
