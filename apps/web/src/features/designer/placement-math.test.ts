import { clampPlacement, defaultPlacement, fitScale, placeArtwork } from "@threadfolk/contract/studio";
import { describe, expect, it } from "vitest";
import {
  centrePlacement,
  dragPlacement,
  fitWidthPlacement,
  heightShare,
  placementFields,
  placementForKey,
  placementFromField,
  scalePlacement,
} from "./placement-math.ts";

const SQUARE = 1;
const start = { x: 0.2, y: 0.1, scale: 0.5 };

describe("dragPlacement", () => {
  it("turns screen pixels into shares of the print area and stays inside it", () => {
    // The tee's print area is 280 units wide: 140 px on a 500 px drawing.
    const moved = dragPlacement("tee", SQUARE, start, 14, 0, 500);
    expect(moved.x).toBeCloseTo(0.3, 10);
    expect(moved.y).toBe(0.1);
    const far = dragPlacement("tee", SQUARE, start, 10_000, 10_000, 500);
    expect(far.x).toBeCloseTo(0.5, 10);
    expect(far.y).toBeCloseTo(1 - heightShare("tee", SQUARE, 0.5), 10);
    expect(dragPlacement("tee", SQUARE, start, -10_000, -10_000, 500)).toMatchObject({ x: 0, y: 0 });
  });
});

describe("scalePlacement", () => {
  it("scales about the centre and never past what fits", () => {
    const bigger = scalePlacement("tee", SQUARE, start, 1.2);
    expect(bigger.scale).toBeCloseTo(0.6, 10);
    expect(bigger.x + bigger.scale / 2).toBeCloseTo(start.x + start.scale / 2, 10);
    expect(scalePlacement("tee", SQUARE, start, 100).scale).toBe(fitScale("tee", SQUARE));
    expect(scalePlacement("tee", SQUARE, start, 0.0001).scale).toBe(0.05);
  });
});

describe("placementForKey", () => {
  it("nudges by 1 % (5 % with Shift), scales with + and -, ignores other keys", () => {
    expect(placementForKey("tee", SQUARE, start, "ArrowRight", false)?.x).toBeCloseTo(0.21, 10);
    expect(placementForKey("tee", SQUARE, start, "ArrowLeft", true)?.x).toBeCloseTo(0.15, 10);
    expect(placementForKey("tee", SQUARE, start, "ArrowDown", false)?.y).toBeCloseTo(0.11, 10);
    expect(placementForKey("tee", SQUARE, start, "ArrowUp", true)?.y).toBe(0.05);
    expect(placementForKey("tee", SQUARE, start, "+", false)?.scale).toBeCloseTo(0.51, 10);
    expect(placementForKey("tee", SQUARE, start, "-", false)?.scale).toBeCloseTo(0.5 / 1.02, 10);
    expect(placementForKey("tee", SQUARE, start, "a", false)).toBeUndefined();
  });
});

describe("centre and fit width", () => {
  it("centres across the chest and fills the width the artwork's aspect allows", () => {
    expect(centrePlacement("tee", SQUARE, start)).toEqual({ x: 0.25, y: 0.1, scale: 0.5 });
    // A square artwork is limited by the tee's width (12 x 16 in); a tall one by the height.
    expect(fitWidthPlacement("tee", SQUARE, start)).toMatchObject({ x: 0, scale: 1 });
    const tall = fitWidthPlacement("tee", 0.5, start);
    expect(tall.scale).toBeCloseTo(fitScale("tee", 0.5), 10);
    expect(tall.x).toBeCloseTo((1 - tall.scale) / 2, 10);
  });
});

describe("numeric fields", () => {
  it("shows and takes inches or percent of the garment's print area", () => {
    expect(placementFields("tee", start, "in")).toEqual({ x: 2.4000000000000004, y: 1.6, width: 6 });
    expect(placementFields("tee", start, "%")).toEqual({ x: 20, y: 10, width: 50 });
    expect(placementFromField("tee", SQUARE, start, "width", 9, "in").scale).toBeCloseTo(0.75, 10);
    expect(placementFromField("tee", SQUARE, start, "y", 4, "in").y).toBeCloseTo(0.25, 10);
    expect(placementFromField("tee", SQUARE, start, "x", 30, "%").x).toBeCloseTo(0.3, 10);
    // Out of range values are clamped; nonsense is ignored.
    expect(placementFromField("tee", SQUARE, start, "x", 99, "in").x).toBe(0.5);
    expect(placementFromField("tee", SQUARE, start, "x", Number.NaN, "in")).toBe(start);
  });

  it("matches the server's box for the default placement", () => {
    const placement = defaultPlacement("hoodie", 0.8);
    expect(clampPlacement("hoodie", 0.8, placement)).toEqual(placement);
    const box = placeArtwork("hoodie", 0.8, placement, 1000);
    expect(box.y).toBe(314);
  });
});
