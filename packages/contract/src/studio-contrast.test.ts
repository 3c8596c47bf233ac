import { describe, expect, it } from "vitest";
import { DARK_COLORS, LIGHT_COLORS, PRODUCT_COLORS } from "./colors.ts";
import {
  CONTRAST_MESSAGES,
  contrastRatio,
  contrastWarnings,
  relativeLuminance,
  summariseInk,
  vanishingInkShare,
} from "./studio-contrast.ts";

/** RGBA pixels: `count` of each colour given as [r, g, b, a]. */
function pixels(...parts: Array<[number, number, number, number, number]>): Uint8Array {
  const out: number[] = [];
  for (const [r, g, b, a, count] of parts) for (let index = 0; index < count; index++) out.push(r, g, b, a);
  return Uint8Array.from(out);
}

describe("contrast arithmetic", () => {
  it("follows WCAG: black on white is 21:1, a colour on itself 1:1", () => {
    expect(contrastRatio(relativeLuminance(0, 0, 0), relativeLuminance(255, 255, 255))).toBeCloseTo(21, 5);
    expect(contrastRatio(0.3, 0.3)).toBe(1);
  });
});

describe("summariseInk", () => {
  it("counts opaque pixels only and groups near colours", () => {
    const summary = summariseInk(pixels([0, 0, 0, 255, 10], [2, 3, 1, 200, 5], [255, 255, 255, 0, 50]));
    expect(summary.total).toBe(15);
    expect(summary.bins).toHaveLength(1);
    expect(summary.bins[0]?.count).toBe(15);
  });
});

describe("contrastWarnings", () => {
  it("flags black ink on the dark colours where it vanishes, not on light ones", () => {
    const summary = summariseInk(pixels([0, 0, 0, 255, 100]));
    const warned = contrastWarnings(summary, PRODUCT_COLORS).map((warning) => warning.color);
    expect(warned).toContain("black");
    expect(warned).toContain("navy");
    expect(warned).not.toContain("white");
    expect(warned).not.toContain("yellow");
    expect(warned.every((color) => DARK_COLORS.includes(color))).toBe(true);
    expect(contrastWarnings(summary, ["black"])[0]?.message).toBe(CONTRAST_MESSAGES.dark("black"));
    expect(CONTRAST_MESSAGES.dark("navy")).toBe("Dark parts of the artwork nearly vanish on Navy");
  });

  it("flags white ink on white and creme, and never on the dark colours", () => {
    const summary = summariseInk(pixels([255, 255, 255, 255, 100]));
    const warned = contrastWarnings(summary, PRODUCT_COLORS).map((warning) => warning.color);
    expect(warned).toEqual(["white", "creme"]);
    expect(warned.every((color) => LIGHT_COLORS.includes(color))).toBe(true);
    expect(contrastWarnings(summary, ["white"])[0]?.message).toBe("Light parts of the artwork nearly vanish on White");
  });

  it("does not flag ink that reads by its lightness or by its hue", () => {
    const red = summariseInk(pixels([220, 40, 40, 255, 100]));
    expect(vanishingInkShare(red, "navy")).toBe(0);
    expect(vanishingInkShare(red, "red")).toBe(1);
    // Pink of the soft pink's lightness, and its own hue: vanishes; a yellow of the same lightness reads.
    expect(vanishingInkShare(summariseInk(pixels([244, 198, 207, 255, 10])), "soft_pink")).toBe(1);
    expect(vanishingInkShare(summariseInk(pixels([236, 214, 120, 255, 10])), "soft_pink")).toBe(0);
  });

  it("warns only when enough of the ink vanishes", () => {
    // A thin black outline (5 %) around yellow ink: fine on black; a fifth black ink: warned.
    const outline = summariseInk(pixels([0, 0, 0, 255, 5], [250, 210, 60, 255, 95]));
    expect(vanishingInkShare(outline, "black")).toBeCloseTo(0.05, 5);
    expect(contrastWarnings(outline, ["black"])).toEqual([]);
    const half = summariseInk(pixels([0, 0, 0, 255, 20], [250, 210, 60, 255, 80]));
    expect(contrastWarnings(half, ["black"])).toHaveLength(1);
  });

  it("answers nothing for an empty artwork", () => {
    const summary = summariseInk(pixels([0, 0, 0, 0, 20]));
    expect(summary.total).toBe(0);
    expect(contrastWarnings(summary, PRODUCT_COLORS)).toEqual([]);
  });
});
