import { toCents } from "@threadfolk/contract/money";
import { describe, expect, it } from "vitest";
import { computeCartTotals } from "./compute-cart-totals.ts";
import { quoteShippingOptions, shippingOptionInForce } from "./shipping-costs.ts";

const RATES = [
  { key: "standard", firstItemCents: 599, additionalItemCents: 200 },
  { key: "expedited", firstItemCents: 1299, additionalItemCents: 300 },
  { key: "express", firstItemCents: 2199, additionalItemCents: 400 },
];

describe("quoteShippingOptions", () => {
  it("charges the first item's price plus the additional price for each further unit", () => {
    expect(quoteShippingOptions(RATES, 1)).toEqual({ standard: 599, expedited: 1299, express: 2199 });
    expect(quoteShippingOptions(RATES, 4)).toEqual({ standard: 1199, expedited: 2199, express: 3399 });
  });

  it("offers nothing for an empty cart, and not an option priced at zero or missing from the table", () => {
    expect(quoteShippingOptions(RATES, 0)).toEqual({ standard: null, expedited: null, express: null });
    const free = [{ key: "standard", firstItemCents: 0, additionalItemCents: 0 }, RATES[2] as (typeof RATES)[number]];
    expect(quoteShippingOptions(free, 2)).toEqual({ standard: null, expedited: null, express: 2599 });
  });
});

describe("shippingOptionInForce", () => {
  const quotes = quoteShippingOptions(RATES, 1);

  it("keeps the shopper's choice while it is offered, else starts with the first offered option", () => {
    expect(shippingOptionInForce("express", quotes)).toBe("express");
    expect(shippingOptionInForce(null, quotes)).toBe("standard");
    expect(shippingOptionInForce("express", { ...quotes, express: null })).toBe("standard");
    expect(shippingOptionInForce(null, { standard: null, expedited: toCents(1299), express: null })).toBe("expedited");
    expect(shippingOptionInForce("standard", { standard: null, expedited: null, express: null })).toBeNull();
  });
});

describe("the total rule", () => {
  it("is items after discounts + the chosen shipping + tax, to the cent (spec section 9 without tax)", () => {
    const lines = [
      { unitPriceCents: 2499, unitSalePriceCents: 1999, quantity: 3 },
      { unitPriceCents: 4000, unitSalePriceCents: undefined, quantity: 1 },
    ];
    const untaxed = computeCartTotals({ lines, shippingCents: 999 });
    expect(untaxed).toMatchObject({ totalBeforeTaxCents: 9997, totalShippingCents: 999, orderTotalCents: 10996 });
    const taxed = computeCartTotals({ lines, shippingCents: 999, taxCents: 887 });
    expect(taxed.orderTotalCents).toBe(9997 + 999 + 887);
    expect(() => computeCartTotals({ lines, shippingCents: -1 })).toThrow(RangeError);
    expect(() => computeCartTotals({ lines, taxCents: 0.5 })).toThrow(RangeError);
  });
});
