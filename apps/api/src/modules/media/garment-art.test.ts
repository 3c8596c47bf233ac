import { COLOR_HEX, PRODUCT_COLORS, type ProductColor } from "@threadfolk/contract/colors";
import { composeFabric, composeMockup, drapePrint, reliefOf } from "@threadfolk/contract/mockup-compose";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { GARMENTS, type Garment } from "./media-keys.ts";
import { getGarmentLayers, preparePrint, printAreaPixels } from "./render-mockup.ts";

const SIZE = 320;

const luminance = (image: Uint8Array, index: number) =>
  (0.2126 * (image[index * 3] as number) +
    0.7152 * (image[index * 3 + 1] as number) +
    0.0722 * (image[index * 3 + 2] as number)) /
  255;

const hexLuminance = (color: ProductColor) => {
  const value = Number.parseInt(COLOR_HEX[color].slice(1), 16);
  return (0.2126 * ((value >> 16) & 0xff) + 0.7152 * ((value >> 8) & 0xff) + 0.0722 * (value & 0xff)) / 255;
};

/** Luminances of the bare fabric over a garment's print area. */
async function printAreaLuminances(garment: Garment, color: ProductColor): Promise<number[]> {
  const layers = await getGarmentLayers(garment, SIZE);
  const image = composeFabric({ layers, color });
  const area = printAreaPixels(garment, SIZE);
  const values: number[] = [];
  for (let y = area.y; y < area.y + area.height; y++) {
    for (let x = area.x; x < area.x + area.width; x++) values.push(luminance(image, y * SIZE + x));
  }
  return values.sort((a, b) => a - b);
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const percentile = (sorted: number[], share: number) => sorted[Math.floor((sorted.length - 1) * share)] as number;

describe("garment shading on every colour", () => {
  it("keeps a white garment white where the print goes: folds darken, the fabric does not go grey", async () => {
    for (const garment of GARMENTS) {
      const values = await printAreaLuminances(garment, "white");
      const fabric = hexLuminance("white");
      expect(mean(values), garment).toBeGreaterThan(fabric * 0.945);
      // Most of the chest is the fabric's own white; only folds are darker.
      expect(percentile(values, 0.75), garment).toBeGreaterThan(fabric * 0.97);
    }
  }, 60_000);

  it("keeps a black garment black, yet shows its form (highlights and folds)", async () => {
    for (const garment of GARMENTS) {
      const layers = await getGarmentLayers(garment, SIZE);
      const image = composeFabric({ layers, color: "black" });
      const values = (await printAreaLuminances(garment, "black")).slice();
      expect(mean(values), garment).toBeLessThan(0.19);
      // Over the whole garment, the lit parts stand out from the folds.
      const garmentValues: number[] = [];
      for (let index = 0; index < SIZE * SIZE; index++) {
        if (layers.mask[index] === 255) garmentValues.push(luminance(image, index));
      }
      garmentValues.sort((a, b) => a - b);
      expect(percentile(garmentValues, 0.95) - percentile(garmentValues, 0.05), garment).toBeGreaterThan(0.06);
    }
  }, 60_000);

  it("renders every garment in every colour close to the colour itself", async () => {
    for (const garment of GARMENTS) {
      for (const color of PRODUCT_COLORS) {
        const values = await printAreaLuminances(garment, color);
        const fabric = hexLuminance(color);
        expect(values.length, `${garment} ${color}`).toBeGreaterThan(SIZE * 10);
        // The chest's median within a small step of the fabric: neither greyed nor washed out.
        expect(Math.abs(percentile(values, 0.5) - fabric), `${garment} ${color}`).toBeLessThan(0.06);
      }
    }
  }, 60_000);
});

describe("garment proportions", () => {
  /** The garment's left edge (first covered pixel) on row `y` of the square, or -1. */
  const leftEdge = (mask: Uint8Array, size: number, y: number) => {
    for (let x = 0; x < size; x++) if (mask[y * size + x] === 255) return x;
    return -1;
  };
  /** The width of the first run of covered pixels from the left on row `y` (the left sleeve on a long sleeve). */
  const firstRun = (mask: Uint8Array, size: number, y: number) => {
    const start = leftEdge(mask, size, y);
    let end = start;
    while (end < size && mask[y * size + end] === 255) end++;
    return end - start;
  };

  it("hangs the tee's sleeves down from sloping shoulders instead of spreading them like wings", async () => {
    const size = 500;
    const { mask } = await getGarmentLayers("tee", size);
    let top = 0;
    while (leftEdge(mask, size, top) < 0) top++;
    let farthest = size;
    let farthestRow = 0;
    for (let y = top; y < size; y++) {
      const edge = leftEdge(mask, size, y);
      if (edge >= 0 && edge < farthest) {
        farthest = edge;
        farthestRow = y;
      }
    }
    // The sleeve's farthest point is its hem, well below the shoulders.
    expect((farthestRow - top) / size).toBeGreaterThan(0.24);
  }, 60_000);

  it("tapers the long sleeve from the upper arm to the cuff, apart from the body", async () => {
    const size = 500;
    const { mask } = await getGarmentLayers("long-sleeve", size);
    const upperArm = firstRun(mask, size, Math.round(size * 0.42));
    const forearm = firstRun(mask, size, Math.round(size * 0.74));
    expect(forearm).toBeLessThan(upperArm * 0.85);
    // Below the armpit the sleeve and the body are separate: the backdrop shows between them.
    const row = Math.round(size * 0.7);
    expect(leftEdge(mask, size, row) + firstRun(mask, size, row)).toBeLessThan(size * 0.26);
  }, 60_000);
});

describe("the print following the fabric", () => {
  /** Horizontal stripes of black ink, one pixel of transparency around them. */
  async function stripes(): Promise<Buffer> {
    const rows = Array.from({ length: 20 }, (_, index) => `<rect x="0" y="${index * 40}" width="600" height="16"/>`);
    return sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800">${rows.join("")}</svg>`))
      .png()
      .toBuffer();
  }

  it("bends the print a little over the folds, inside its own box, the same for every colour", async () => {
    const size = 640;
    for (const garment of GARMENTS) {
      const layers = await getGarmentLayers(garment, size);
      const print = await preparePrint(await stripes(), garment, size);
      const draped = drapePrint(layers, print);
      expect(draped).toBe(drapePrint(layers, print));
      expect([draped.x, draped.y, draped.width, draped.height]).toEqual([print.x, print.y, print.width, print.height]);
      let moved = 0;
      let inkBefore = 0;
      let inkAfter = 0;
      for (let index = 3; index < print.rgba.length; index += 4) {
        if (Math.abs((print.rgba[index] as number) - (draped.rgba[index] as number)) > 64) moved++;
        if ((print.rgba[index] as number) > 127) inkBefore++;
        if ((draped.rgba[index] as number) > 127) inkAfter++;
      }
      // Stripe edges move somewhere over the chest…
      expect(moved, garment).toBeGreaterThan(print.width);
      // …but gently: the stripes are bent, not wiped out, doubled or pushed out of the box (resampling a bent
      // edge moves a few percent of its pixels across half alpha; losing or doubling stripes would move half).
      expect(Math.abs(inkAfter - inkBefore) / inkBefore, garment).toBeLessThan(0.1);
      const relief = reliefOf(layers);
      let deepest = 0;
      for (let row = 0; row < print.height; row++) {
        for (let column = 0; column < print.width; column++) {
          const value = Math.abs(relief[(print.y + row) * size + print.x + column] as number);
          deepest = Math.max(deepest, value);
        }
      }
      expect(deepest, garment).toBeGreaterThan(4);
      const onWhite = composeMockup({ layers, color: "white", print });
      const onNavy = composeMockup({ layers, color: "navy", print });
      expect(onWhite.length).toBe(size * size * 3);
      expect(onNavy.length).toBe(size * size * 3);
    }
  }, 60_000);
});
