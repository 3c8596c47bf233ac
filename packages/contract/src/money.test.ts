import { describe, expect, it } from "vitest";
import {
  applyPercentOff,
  type Cents,
  decimalAmount,
  FALLBACK_PRICE,
  formatCents,
  multiply,
  percentOf,
  splitProportionally,
  sumCents,
  toCents,
} from "./money.ts";

const cents = (value: number): Cents => toCents(value);
const total = (parts: readonly Cents[]) => parts.reduce((sum, part) => sum + part, 0);

describe("the rounding rule: exact on integers, then half-up to the cent once", () => {
  it("takes a sale percentage off odd cents (the sale price is what is rounded)", () => {
    expect(applyPercentOff(cents(1999), 25)).toBe(1499); // 1499.25
    expect(applyPercentOff(cents(2001), 25)).toBe(1501); // 1500.75
    expect(applyPercentOff(cents(2002), 25)).toBe(1502); // 1501.5: a half goes up
    expect(applyPercentOff(cents(1999), 50)).toBe(1000); // 999.5
    expect(applyPercentOff(cents(1), 33)).toBe(1); // 0.67
    expect(applyPercentOff(cents(1), 50)).toBe(1); // 0.5
    expect(applyPercentOff(cents(1), 100)).toBe(0);
    expect(applyPercentOff(cents(2499), 0)).toBe(2499);
  });

  it("rounds a percentage of an amount half-up", () => {
    expect(percentOf(cents(1999), 25)).toBe(500); // 499.75
    expect(percentOf(cents(2001), 25)).toBe(500); // 500.25
    expect(percentOf(cents(2002), 25)).toBe(501); // 500.5
    expect(percentOf(cents(1), 33)).toBe(0); // 0.33
    expect(percentOf(cents(1), 50)).toBe(1); // 0.5
  });

  it("handles tax rates with decimals exactly, where float arithmetic misrounds", () => {
    // 3000 * 9.45 / 100 is 283.49999999999994 in floats; the exact value is 283.5.
    expect(percentOf(cents(3000), 9.45)).toBe(284);
    expect(percentOf(cents(2000), 8.875)).toBe(178); // 177.5
    expect(percentOf(cents(1999), 8.875)).toBe(177); // 177.41125
    expect(percentOf(cents(201), 0.5)).toBe(1); // 1.005 is not a half
    expect(applyPercentOff(cents(1234), 12.5)).toBe(1080); // 1079.75
  });

  it("rounds a negative amount as the mirror of the positive one (a tie goes away from zero)", () => {
    expect(percentOf(cents(-2002), 25)).toBe(-501);
    expect(applyPercentOff(cents(-2002), 25)).toBe(-1502);
    expect(percentOf(cents(-1), 50)).toBe(-1);
  });

  it("refuses percentages that are negative, above 100 off, or carry float noise", () => {
    expect(() => percentOf(cents(100), -5)).toThrow(RangeError);
    expect(() => applyPercentOff(cents(100), 101)).toThrow(RangeError);
    expect(() => percentOf(cents(100), 0.1 + 0.2)).toThrow(RangeError);
    expect(() => percentOf(cents(100), Number.NaN)).toThrow(RangeError);
    expect(() => percentOf(cents(100), 1e-7)).toThrow(RangeError);
  });
});

describe("quantities, sums and splits", () => {
  it("totals large orders to the cent: 50 lines of 10 x $999.99", () => {
    const line = multiply(cents(99_999), 10);
    expect(line).toBe(999_990);
    const order = sumCents(Array.from({ length: 50 }, () => line));
    expect(order).toBe(49_999_500);
    expect(formatCents(order)).toBe("$499,995.00");
    expect(sumCents([])).toBe(0);
  });

  it("refuses fractional or negative quantities", () => {
    expect(() => multiply(cents(100), 1.5)).toThrow(RangeError);
    expect(() => multiply(cents(100), -1)).toThrow(RangeError);
    expect(multiply(cents(100), 0)).toBe(0);
  });

  it("splits so that the parts add up to the total, leftover cents to the largest remainders", () => {
    expect(splitProportionally(cents(100), [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitProportionally(cents(100), [1, 2])).toEqual([33, 67]);
    expect(splitProportionally(cents(1), [1, 1])).toEqual([1, 0]);
    expect(splitProportionally(cents(1000), [70, 30])).toEqual([700, 300]);
    expect(splitProportionally(cents(-100), [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(splitProportionally(cents(5), [0, 3])).toEqual([0, 5]);
    const lines = [cents(1999), cents(2001), cents(2002), cents(1), cents(99_999)];
    const discountShares = splitProportionally(cents(1_003), lines);
    expect(total(discountShares)).toBe(1_003);
    expect(discountShares).toEqual([19, 19, 19, 0, 946]);
  });

  it("refuses weights that cannot share anything out", () => {
    expect(() => splitProportionally(cents(100), [0, 0])).toThrow(RangeError);
    expect(() => splitProportionally(cents(100), [])).toThrow(RangeError);
    expect(() => splitProportionally(cents(100), [1, -1])).toThrow(RangeError);
  });
});

describe("safe range", () => {
  it("accepts whole cents only", () => {
    expect(toCents(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => toCents(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
    expect(() => toCents(12.5)).toThrow(RangeError);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => formatCents(12.5)).toThrow(RangeError);
  });

  it("refuses results beyond the safe range rather than losing cents", () => {
    const largest = cents(Number.MAX_SAFE_INTEGER);
    expect(() => multiply(largest, 2)).toThrow(RangeError);
    expect(() => sumCents([largest, cents(1)])).toThrow(RangeError);
    expect(() => percentOf(largest, 101)).toThrow(RangeError);
    expect(percentOf(largest, 100)).toBe(Number.MAX_SAFE_INTEGER);
    expect(applyPercentOff(largest, 50)).toBe(4_503_599_627_370_496); // 4503599627370495.5
  });
});

describe("formatCents", () => {
  it("writes amounts in the shop's currency and locale, exactly however large", () => {
    expect(formatCents(1250)).toBe("$12.50");
    expect(formatCents(5)).toBe("$0.05");
    expect(formatCents(-1250)).toBe("-$12.50");
    expect(formatCents(Number.MAX_SAFE_INTEGER)).toBe("$90,071,992,547,409.91");
  });

  it("shows the spec's fallback price without cents", () => {
    expect(FALLBACK_PRICE).toBe("$0");
  });
});

describe("decimalAmount", () => {
  it("writes cents as a plain two-place amount, exactly, for structured data", () => {
    expect(decimalAmount(2499)).toBe("24.99");
    expect(decimalAmount(5)).toBe("0.05");
    expect(decimalAmount(0)).toBe("0.00");
    expect(decimalAmount(-1250)).toBe("-12.50");
    expect(decimalAmount(Number.MAX_SAFE_INTEGER)).toBe("90071992547409.91");
    expect(() => decimalAmount(0.5)).toThrow(RangeError);
  });
});
