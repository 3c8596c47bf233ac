import { describe, expect, it } from "vitest";
import { salePriceCents, variantSalePriceCents } from "./pricing.ts";

describe("salePriceCents", () => {
  it("takes the percentage off, rounded to the cent", () => {
    expect(salePriceCents(2499, [{ percentOff: 20, salePriceCents: null }])).toBe(1999);
    expect(salePriceCents(1999, [{ percentOff: 15, salePriceCents: null }])).toBe(1699);
  });

  it("prefers a design-specific price and the lowest of several offers", () => {
    expect(salePriceCents(2499, [{ percentOff: 20, salePriceCents: 1500 }])).toBe(1500);
    expect(
      salePriceCents(2000, [
        { percentOff: 10, salePriceCents: null },
        { percentOff: 30, salePriceCents: null },
      ]),
    ).toBe(1400);
  });

  it("is undefined without offers or when an offer would not lower the price", () => {
    expect(salePriceCents(2499, [])).toBeUndefined();
    expect(salePriceCents(2499, [{ percentOff: 20, salePriceCents: 2600 }])).toBeUndefined();
  });

  it("applies only the percentage to non-default variants", () => {
    const offers = [{ percentOff: 50, salePriceCents: 100 }];
    expect(variantSalePriceCents(3000, offers, false)).toBe(1500);
    expect(variantSalePriceCents(3000, offers, true)).toBe(100);
  });
});
