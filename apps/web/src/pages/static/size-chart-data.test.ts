import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compareSizes } from "@threadfolk/contract/sizes";
import { describe, expect, it } from "vitest";
import { sizeChartPath } from "../../lib/size-chart-path.ts";
import { formatMeasurement, inchesToCentimetres, SIZE_CHARTS } from "./size-chart-data.ts";

/** Each garment style's sizes as the catalogue migration inserts them. */
function catalogueSizes(): Map<string, string[]> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const sql = fs.readFileSync(path.resolve(here, "../../../../api/drizzle/0003_catalogue_reference_data.sql"), "utf8");
  const styles = new Map<string, string[]>();
  for (const match of sql.matchAll(/\(\d+, '(\w+)', '[^']*', '[^']*', \d+,\s*ARRAY\[([^\]]*)\]/g)) {
    const [, key, sizes] = match;
    if (key && sizes)
      styles.set(
        key,
        [...sizes.matchAll(/'([^']+)'/g)].map((size) => size[1] as string),
      );
  }
  return styles;
}

describe("size charts", () => {
  it("cover every garment style in exactly the sizes it is sold in", () => {
    const styles = catalogueSizes();
    expect(styles.size).toBe(5);
    expect(SIZE_CHARTS.map((chart) => chart.garmentStyleKey).sort()).toEqual([...styles.keys()].sort());
    for (const chart of SIZE_CHARTS) {
      expect(
        chart.measurements.map((row) => row.size),
        chart.name,
      ).toEqual(styles.get(chart.garmentStyleKey));
    }
  });

  it("grow in chest and length from size to size", () => {
    for (const chart of SIZE_CHARTS) {
      for (let index = 1; index < chart.measurements.length; index++) {
        const previous = chart.measurements[index - 1];
        const current = chart.measurements[index];
        if (!previous || !current) throw new Error("missing row");
        expect(compareSizes(previous.size, current.size)).toBeLessThan(0);
        expect(current.chestInches).toBeGreaterThan(previous.chestInches);
        expect(current.lengthInches).toBeGreaterThan(previous.lengthInches);
      }
    }
  });

  it("are where the design page's link for each style points", () => {
    for (const chart of SIZE_CHARTS) expect(sizeChartPath(chart.garmentStyleKey)).toBe(`/size-charts#${chart.id}`);
    expect(sizeChartPath("womens_tee")).toBe("/size-charts#womens-tee");
    expect(sizeChartPath(undefined)).toBe("/size-charts");
  });

  it("convert inches to centimetres to the nearest half", () => {
    expect(inchesToCentimetres(20)).toBe(51);
    expect(inchesToCentimetres(16.5)).toBe(42);
    expect(inchesToCentimetres(28)).toBe(71);
    expect(formatMeasurement(71)).toBe("71");
    expect(formatMeasurement(42.5)).toBe("42.5");
  });
});
