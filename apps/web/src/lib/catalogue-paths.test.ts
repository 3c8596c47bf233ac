import { describe, expect, it } from "vitest";
import { artistPath, designPath, parsePageParam } from "./catalogue-paths.ts";

describe("catalogue paths", () => {
  it("builds the design and storefront routes of spec section 2", () => {
    const design = { uuid: "1b4e28ba-2fa1-41d2-883f-0016d3cca427", slug: "katana-kitty", defaultColor: "royal_blue" };
    expect(designPath(design)).toBe("/design/1b4e28ba-2fa1-41d2-883f-0016d3cca427/katana-kitty/royal_blue");
    expect(designPath(design, "navy")).toBe("/design/1b4e28ba-2fa1-41d2-883f-0016d3cca427/katana-kitty/navy");
    expect(artistPath({ uniqueUsername: "hanadoodles", uuid: "u-1" })).toBe("/artist/hanadoodles/u-1");
  });

  it("accepts whole page numbers from 1 to the deepest page only", () => {
    expect(parsePageParam("1")).toBe(1);
    expect(parsePageParam("5000")).toBe(5000);
    for (const bad of [null, "", "0", "-1", "1.5", "abc", "01", "5001", "99999999999"]) {
      expect(parsePageParam(bad)).toBeUndefined();
    }
  });
});
