import { describe, expect, it } from "vitest";
import { buildCartLine } from "../cart-test-factories.ts";
import {
  garmentName,
  itemCountText,
  lineColorName,
  lineDesignPath,
  lineTotalBeforeDiscount,
} from "./cart-line-facts.ts";

describe("cart line facts", () => {
  it("names the garment with its fit first", () => {
    expect(garmentName({ gender: "Men", garmentStyle: "T-Shirt" })).toBe("Men's T-Shirt");
    expect(garmentName({ gender: "Women", garmentStyle: "Tank Top" })).toBe("Women's Tank Top");
    expect(garmentName({ gender: "Unisex", garmentStyle: "Pullover Hoodie" })).toBe("Unisex Pullover Hoodie");
  });

  it("links a line to its design page in the line's colour", () => {
    const { attributes } = buildCartLine({ color: "navy" });
    expect(lineDesignPath(attributes)).toBe(`/design/${attributes.designUuid}/moth-lamp-club/navy`);
    expect(lineColorName(attributes)).toBe("Navy");
  });

  it("gives the line's regular price to strike through beside a sale total", () => {
    const { attributes } = buildCartLine({ quantity: 3, priceCents: 2500, onSale: true, salesPriceCents: 2000 });
    expect(attributes.total).toBe("$60.00");
    expect(lineTotalBeforeDiscount(attributes)).toBe("$75.00");
  });

  it("counts items in words", () => {
    expect(itemCountText(1)).toBe("1 item");
    expect(itemCountText(4)).toBe("4 items");
  });
});
