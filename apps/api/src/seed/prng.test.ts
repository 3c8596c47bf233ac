import { describe, expect, it } from "vitest";
import { createPrng } from "./prng.ts";

describe("createPrng", () => {
  it("gives the same sequence for the same seed and a different one for another seed", () => {
    const draw = (seed: string) => {
      const rng = createPrng(seed);
      return Array.from({ length: 20 }, () => rng.next());
    };
    expect(draw("threadfolk")).toEqual(draw("threadfolk"));
    expect(draw("threadfolk")).not.toEqual(draw("threadfolk2"));
  });

  it("keeps draws inside their ranges and spreads them out", () => {
    const rng = createPrng("ranges");
    const seen = new Set<number>();
    for (let i = 0; i < 5000; i++) {
      const value = rng.next();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
      const integer = rng.int(3, 7);
      expect(integer).toBeGreaterThanOrEqual(3);
      expect(integer).toBeLessThanOrEqual(7);
      seen.add(integer);
    }
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7]);
  });

  it("makes version 4 UUIDs that repeat with the seed", () => {
    const a = createPrng("ids");
    const b = createPrng("ids");
    const ids = Array.from({ length: 200 }, () => a.uuid());
    expect(ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id))).toBe(
      true,
    );
    expect(new Set(ids).size).toBe(ids.length);
    expect(Array.from({ length: 200 }, () => b.uuid())).toEqual(ids);
  });

  it("shuffles and samples without losing or repeating items", () => {
    const rng = createPrng("shuffle");
    const items = Array.from({ length: 50 }, (_, index) => index);
    const shuffled = rng.shuffle(items);
    expect(shuffled).not.toEqual(items);
    expect([...shuffled].sort((x, y) => x - y)).toEqual(items);
    const sample = rng.sample(items, 10);
    expect(new Set(sample).size).toBe(10);
  });

  it("forks independent generators that do not depend on earlier draws", () => {
    const a = createPrng("root");
    const b = createPrng("root");
    b.next();
    b.next();
    expect(a.fork("x").next()).toBe(b.fork("x").next());
    expect(a.fork("x").next()).not.toBe(a.fork("y").next());
  });

  it("weights picks by their weight", () => {
    const rng = createPrng("weights");
    let heavy = 0;
    for (let i = 0; i < 2000; i++)
      if (
        rng.weighted([
          ["heavy", 9],
          ["light", 1],
        ] as const) === "heavy"
      )
        heavy++;
    expect(heavy).toBeGreaterThan(1650);
    expect(heavy).toBeLessThan(1950);
  });
});
