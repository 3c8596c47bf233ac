import { describe, expect, it } from "vitest";
import { analysePixels } from "./analyse-pixels.ts";

type Rgba = [number, number, number, number];

/** A width x height RGBA picture filled by `paint(x, y)`. */
function picture(width: number, height: number, paint: (x: number, y: number) => Rgba): Buffer {
  const pixels = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) pixels.set(paint(x, y), (y * width + x) * 4);
  }
  return pixels;
}

const WHITE: Rgba = [255, 255, 255, 255];
const INK: Rgba = [20, 30, 200, 255];
const CLEAR: Rgba = [0, 0, 0, 0];
const inDisc = (x: number, y: number, cx: number, cy: number, r: number) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;

describe("analysePixels", () => {
  it("finds the white rectangle around opaque art", () => {
    const pixels = picture(40, 30, (x, y) => (inDisc(x, y, 20, 15, 8) ? INK : WHITE));
    expect(analysePixels(pixels, 40, 30)).toEqual({ hasTransparency: false, opaqueBackground: true });
  });

  it("tolerates scan noise in the background and a few pixels of art on the edge", () => {
    const pixels = picture(50, 50, (x, y) => {
      if (y === 0 && x < 3) return INK;
      const noise = (x * 7 + y * 13) % 9;
      return inDisc(x, y, 25, 25, 10) ? INK : [240 + noise, 238 + noise, 236 + noise, 255];
    });
    expect(analysePixels(pixels, 50, 50).opaqueBackground).toBe(true);
  });

  it("sees no background when the art fills the picture to its edges", () => {
    const pixels = picture(40, 40, (x, y) => [x * 6, y * 6, (x + y) * 3, 255]);
    expect(analysePixels(pixels, 40, 40)).toEqual({ hasTransparency: false, opaqueBackground: false });
  });

  it("sees no background behind art cut out on transparency", () => {
    const pixels = picture(40, 40, (x, y) => (inDisc(x, y, 20, 20, 12) ? INK : CLEAR));
    expect(analysePixels(pixels, 40, 40)).toEqual({ hasTransparency: true, opaqueBackground: false });
  });

  it("finds an opaque rectangle inside a transparent margin", () => {
    const pixels = picture(60, 60, (x, y) => {
      if (x < 10 || x >= 50 || y < 10 || y >= 50) return CLEAR;
      return inDisc(x, y, 30, 30, 8) ? INK : [250, 250, 250, 255];
    });
    expect(analysePixels(pixels, 60, 60)).toEqual({ hasTransparency: true, opaqueBackground: true });
  });

  it("finds an opaque rectangle covering the edges of a picture with transparent holes", () => {
    const pixels = picture(40, 40, (x, y) => (inDisc(x, y, 20, 20, 6) ? CLEAR : [10, 10, 10, 255]));
    expect(analysePixels(pixels, 40, 40)).toEqual({ hasTransparency: true, opaqueBackground: true });
  });

  it("counts a semi-transparent edge as no opaque background, and any alpha under 255 as transparency", () => {
    const pixels = picture(20, 20, (x, y) => (x === 0 && y === 5 ? [255, 255, 255, 254] : WHITE));
    expect(analysePixels(pixels, 20, 20)).toEqual({ hasTransparency: true, opaqueBackground: false });
  });

  it("treats a fully transparent picture as having neither art nor background", () => {
    expect(
      analysePixels(
        picture(8, 8, () => CLEAR),
        8,
        8,
      ),
    ).toEqual({ hasTransparency: true, opaqueBackground: false });
  });
});
