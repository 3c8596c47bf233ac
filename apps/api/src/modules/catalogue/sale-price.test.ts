import { describe, expect, it } from "vitest";
import { salePriceCents } from "./sale-price.ts";

describe("salePriceCents", () => {
  it("takes the percentage off, rounded to the cent", () => {
    expect(salePriceCents({ priceCents: 2499, percentOff: 20 })).toBe(1999);
    expect(salePriceCents({ priceCents: 2199, percentOff: 20 })).toBe(1759);
    expect(salePriceCents({ priceCents: 3499, percentOff: 15 })).toBe(2974);
  });

  it("prefers the design's own sale price but never raises the price", () => {
    expect(salePriceCents({ priceCents: 2499, percentOff: 20, overrideCents: 1499 })).toBe(1499);
    expect(salePriceCents({ priceCents: 1299, percentOff: 20, overrideCents: 1499 })).toBe(1299);
    expect(salePriceCents({ priceCents: 2499, percentOff: 20, overrideCents: null })).toBe(1999);
  });
});
