import { describe, expect, it } from "vitest";
import { computeOrderEarnings, type EarningsLine, PLATFORM_COMMISSION_PERCENT, reconcileOrder } from "./earnings.ts";

/** Two artists, three lines: a tee on sale, a hoodie at full price, women's tees on a percentage sale. */
const lines: EarningsLine[] = [
  { id: 1, quantity: 2, unitPriceCents: 2499, unitSalePriceCents: 1999, unitBaseCostCents: 1050 },
  { id: 2, quantity: 1, unitPriceCents: 4999, unitSalePriceCents: null, unitBaseCostCents: 2450 },
  { id: 3, quantity: 3, unitPriceCents: 2599, unitSalePriceCents: 2079, unitBaseCostCents: 1150 },
];
const order = { itemTotalCents: 15234, discountCents: 1500, shippingCents: 799, taxCents: 1011, totalCents: 15544 };

describe("the royalty rule", () => {
  it("pays the artist 80 % of the price paid above the garment's base cost, per line, rounded once", () => {
    expect(PLATFORM_COMMISSION_PERCENT).toBe(20);
    const [tee] = computeOrderEarnings({ lines: [lines[0] as EarningsLine], discountCents: 0 });
    // Paid 2 x 19.99 (the sale price), base cost 2 x 10.50: a margin of 18.98, 80 % of it is 15.184.
    expect(tee).toEqual({
      id: 1,
      quantity: 2,
      grossCents: 3998,
      discountCents: 0,
      productionCostCents: 2100,
      artistEarningsCents: 1518,
      platformShareCents: 380,
    });
  });

  it("rounds the artist's share half-up on the line's margin, and the platform takes the exact rest", () => {
    // A 75 % share of a 1898-cent margin is 1423.5 cents: the half goes up.
    const [line] = computeOrderEarnings({
      lines: [lines[0] as EarningsLine],
      discountCents: 0,
      artistSharePercent: 75,
    });
    expect(line?.artistEarningsCents).toBe(1424);
    expect(line?.platformShareCents).toBe(3998 - 2100 - 1424);
  });

  it("shares an order's discount over the lines in proportion to what was paid, from the platform's share only", () => {
    const earnings = computeOrderEarnings({ lines, discountCents: 1500 });
    expect(earnings.map((line) => line.discountCents)).toEqual([394, 492, 614]);
    expect(earnings.map((line) => line.artistEarningsCents)).toEqual([1518, 2039, 2230]);
    const undiscounted = computeOrderEarnings({ lines, discountCents: 0 });
    expect(undiscounted.map((line) => line.artistEarningsCents)).toEqual([1518, 2039, 2230]);
    // The platform's share can go below zero: it pays for the code.
    expect(earnings.map((line) => line.platformShareCents)).toEqual([-14, 18, -57]);
    for (const line of earnings) {
      expect(line.grossCents - line.discountCents).toBe(
        line.productionCostCents + line.artistEarningsCents + line.platformShareCents,
      );
    }
  });

  it("pays an artist nothing, and owes nothing, when a sale price falls below the base cost", () => {
    const [line] = computeOrderEarnings({
      lines: [{ id: 9, quantity: 1, unitPriceCents: 1999, unitSalePriceCents: 999, unitBaseCostCents: 1050 }],
      discountCents: 0,
    });
    expect(line?.artistEarningsCents).toBe(0);
    expect(line?.platformShareCents).toBe(-51);
  });

  it("refuses an order without lines, a bad quantity and a negative discount", () => {
    expect(() => computeOrderEarnings({ lines: [], discountCents: 0 })).toThrow(RangeError);
    expect(() =>
      computeOrderEarnings({ lines: [{ ...(lines[0] as EarningsLine), quantity: 0 }], discountCents: 0 }),
    ).toThrow(RangeError);
    expect(() => computeOrderEarnings({ lines, discountCents: -1 })).toThrow(RangeError);
  });
});

describe("reconcileOrder", () => {
  const entries = computeOrderEarnings({ lines, discountCents: order.discountCents });

  it("balances an order of two artists with sale prices and a discount to the cent", () => {
    const result = reconcileOrder({ order, charges: [15544], entries });
    expect(result.problems).toEqual([]);
    expect(result.isBalanced).toBe(true);
    expect(result.figures).toEqual({
      itemTotalCents: 15234,
      discountCents: 1500,
      shippingCents: 799,
      taxCents: 1011,
      expectedChargeCents: 15544,
      chargedCents: 15544,
      artistEarningsCents: 5787,
      platformShareCents: -53,
      productionCostCents: 8000,
      distributedCents: 15544,
    });
  });

  it("counts every tender towards what was charged (a gift card and a card capture)", () => {
    expect(reconcileOrder({ order, charges: [5000, 10544], entries }).isBalanced).toBe(true);
  });

  it("names each equation that is a cent off", () => {
    expect(reconcileOrder({ order, charges: [15543], entries }).problems).toEqual(["charged 15543, expected 15544"]);
    expect(reconcileOrder({ order: { ...order, totalCents: 15545 }, charges: [15544], entries }).problems).toEqual([
      "items - discounts + shipping + tax is 15544, the order total 15545",
    ]);
    const [first, ...rest] = entries;
    const skewed = [{ ...(first as (typeof entries)[number]), artistEarningsCents: 1519 }, ...rest];
    expect(reconcileOrder({ order, charges: [15544], entries: skewed }).problems).toEqual([
      "earnings + platform share + production + shipping + tax is 15545, expected 15544",
      "entry 1: paid less discount is 3604, parts 3605",
    ]);
    expect(reconcileOrder({ order, charges: [15544], entries: entries.slice(1) }).isBalanced).toBe(false);
  });
});
