import { SIZES } from "@threadfolk/contract/sizes";
import { describe, expect, it } from "vitest";
import { formatMeasurement, inchesToCentimetres, SIZE_CHARTS } from "./size-chart-data.ts";

describe("size charts", () => {
  it("list every size from XS to 5XL in order, growing in chest and length", () => {
    for (const chart of SIZE_CHARTS) {
      expect(chart.measurements.map((row) => row.size)).toEqual(SIZES);
      for (let index = 1; index < chart.measurements.length; index++) {
        const previous = chart.measurements[index - 1];
        const current = chart.measurements[index];
        expect(current?.chestInches).toBeGreaterThan(previous?.chestInches ?? Number.POSITIVE_INFINITY);
        expect(current?.lengthInches).toBeGreaterThan(previous?.lengthInches ?? Number.POSITIVE_INFINITY);
      }
    }
  });

  it("convert inches to centimetres to the nearest half", () => {
    expect(inchesToCentimetres(20)).toBe(51);
    expect(inchesToCentimetres(16.5)).toBe(42);
    expect(inchesToCentimetres(28)).toBe(71);
    expect(formatMeasurement(71)).toBe("71");
    expect(formatMeasurement(42.5)).toBe("42.5");
  });
});
