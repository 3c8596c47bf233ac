import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SIZE_CHARTS } from "../../pages/static/size-chart-data.ts";
import { GARMENT_FACTS } from "./garment-facts.ts";

/** The garment style keys the catalogue migration inserts. */
function catalogueStyleKeys(): string[] {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const sql = fs.readFileSync(path.resolve(here, "../../../../api/drizzle/0003_catalogue_reference_data.sql"), "utf8");
  return [...sql.matchAll(/\(\d+, '(\w+)', '[^']*', '(?:Men|Women|Unisex)'/g)].map((match) => match[1] as string);
}

describe("garment facts on the design page", () => {
  it("cover every garment style the catalogue sells", () => {
    const keys = catalogueStyleKeys();
    expect(keys).toHaveLength(5);
    expect(Object.keys(GARMENT_FACTS).sort()).toEqual([...keys].sort());
  });

  it("state each style's fit exactly as its size chart does", () => {
    for (const chart of SIZE_CHARTS) expect(GARMENT_FACTS[chart.garmentStyleKey]?.fit, chart.name).toBe(chart.fit);
  });

  it("name the fabric the size chart names for the hoodie and the tank", () => {
    for (const [key, word] of [
      ["hoodie", "fleece"],
      ["tank_top", "jersey"],
    ] as const) {
      const chart = SIZE_CHARTS.find((candidate) => candidate.garmentStyleKey === key);
      expect(chart?.fit.toLowerCase()).toContain(word);
      expect(GARMENT_FACTS[key]?.fabric.toLowerCase()).toContain(word);
    }
  });
});
