import { describe, expect, it } from "vitest";
import { computeCartTotals, computeLineAmounts } from "./compute-cart-totals.ts";

describe("computeLineAmounts", () => {
  it("charges the price times the quantity without a sale", () => {
    expect(computeLineAmounts({ unitPriceCents: 2499, unitSalePriceCents: undefined, quantity: 3 })).toEqual({
      unitChargedCents: 2499,
      totalWithoutDiscountCents: 7497,
      totalCents: 7497,
      totalDiscountCents: 0,
    });
  });

  it("charges the sale price and makes the discount the difference of the totals", () => {
    expect(computeLineAmounts({ unitPriceCents: 2499, unitSalePriceCents: 1999, quantity: 3 })).toEqual({
      unitChargedCents: 1999,
      totalWithoutDiscountCents: 7497,
      totalCents: 5997,
      totalDiscountCents: 1500,
    });
  });

  it("refuses what cannot be a line: a fractional quantity, a sale price above the price, fractional cents", () => {
    expect(() => computeLineAmounts({ unitPriceCents: 2499, unitSalePriceCents: undefined, quantity: 1.5 })).toThrow(
      RangeError,
    );
    expect(() => computeLineAmounts({ unitPriceCents: 2499, unitSalePriceCents: 2500, quantity: 1 })).toThrow(
      RangeError,
    );
    expect(() => computeLineAmounts({ unitPriceCents: 24.99, unitSalePriceCents: undefined, quantity: 1 })).toThrow(
      RangeError,
    );
  });
});

describe("computeCartTotals", () => {
  it("is all zeros for an empty cart", () => {
    expect(computeCartTotals({ lines: [] })).toEqual({
      itemCount: 0,
      itemTotalWithoutDiscountCents: 0,
      totalDiscountCents: 0,
      totalBeforeTaxCents: 0,
      totalShippingCents: 0,
      totalTaxCents: 0,
      orderTotalCents: 0,
      lines: [],
    });
  });

  it("adds up the lines: items at catalogue price, the sale discount, the total before tax and the order total", () => {
    const totals = computeCartTotals({
      lines: [
        { unitPriceCents: 2499, unitSalePriceCents: 1999, quantity: 3 },
        { unitPriceCents: 4000, unitSalePriceCents: undefined, quantity: 1 },
        { unitPriceCents: 1001, unitSalePriceCents: 801, quantity: 10 },
      ],
    });
    expect(totals).toMatchObject({
      itemCount: 14,
      itemTotalWithoutDiscountCents: 7497 + 4000 + 10010,
      totalDiscountCents: 1500 + 0 + 2000,
      totalBeforeTaxCents: 5997 + 4000 + 8010,
      totalShippingCents: 0,
      totalTaxCents: 0,
      orderTotalCents: 5997 + 4000 + 8010,
    });
    expect(totals.lines.map((line) => line.totalCents)).toEqual([5997, 4000, 8010]);
  });

  it("always reconciles: catalogue total - discount = total before tax = sum of the line totals", () => {
    // A spread of prices, sale prices and quantities, checked exhaustively rather than by example.
    for (let price = 1; price <= 5000; price += 97) {
      for (const quantity of [1, 2, 7, 10]) {
        const sale = price > 1 ? Math.floor(price * 0.85) : undefined;
        const totals = computeCartTotals({
          lines: [
            { unitPriceCents: price, unitSalePriceCents: sale, quantity },
            { unitPriceCents: price + 1, unitSalePriceCents: undefined, quantity: 11 - quantity },
          ],
        });
        expect(totals.itemTotalWithoutDiscountCents - totals.totalDiscountCents).toBe(totals.totalBeforeTaxCents);
        expect(totals.lines.reduce((sum, line) => sum + line.totalCents, 0)).toBe(totals.totalBeforeTaxCents);
        expect(totals.itemCount).toBe(11);
        expect(Number.isInteger(totals.orderTotalCents)).toBe(true);
      }
    }
  });
});
