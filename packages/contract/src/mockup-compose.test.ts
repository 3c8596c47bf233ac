import { describe, expect, it } from "vitest";
import {
  composeFabric,
  composeMockup,
  drapePrint,
  type GarmentLayers,
  layPrint,
  type PreparedPrint,
  packGarmentLayers,
  unpackGarmentLayers,
} from "./mockup-compose.ts";

const SIZE = 16;

/** A square "garment" covering the middle of a grey backdrop, flat shade, no light; `cover` hides a column. */
function layers(cover = false): GarmentLayers {
  const pixels = SIZE * SIZE;
  const mask = new Uint8Array(pixels);
  for (let y = 2; y < 14; y++) for (let x = 2; x < 14; x++) mask[y * SIZE + x] = 255;
  const printMask = cover ? Uint8Array.from(mask) : mask;
  if (cover) for (let y = 0; y < SIZE; y++) printMask[y * SIZE + 8] = 0;
  return {
    size: SIZE,
    mask,
    printMask,
    shade: new Uint8Array(pixels).fill(255),
    light: new Uint8Array(pixels),
    backdrop: new Uint8Array(pixels * 3).fill(200),
  };
}

/** A solid opaque print of `rgb` covering x, y 4..11. */
function solidPrint(rgb: [number, number, number]): PreparedPrint {
  const rgba = new Uint8Array(8 * 8 * 4);
  for (let index = 0; index < 64; index++) rgba.set([...rgb, 255], index * 4);
  return { x: 4, y: 4, width: 8, height: 8, rgba };
}

const at = (image: Uint8Array, x: number, y: number) =>
  Array.from(image.subarray((y * SIZE + x) * 3, (y * SIZE + x) * 3 + 3));

describe("composeMockup", () => {
  it("paints the fabric colour on the garment and leaves the backdrop", () => {
    const image = composeMockup({ layers: layers(), color: "white" });
    expect(at(image, 0, 0)).toEqual([200, 200, 200]);
    expect(at(image, 3, 3)).toEqual([0xf7, 0xf7, 0xf5]);
  });

  it("is the fabric with the print laid over it", () => {
    const print = solidPrint([10, 200, 30]);
    const whole = composeMockup({ layers: layers(), color: "navy", print });
    const parts = composeFabric({ layers: layers(), color: "navy" });
    layPrint(parts, layers(), print, "navy");
    expect(Buffer.from(whole).equals(Buffer.from(parts))).toBe(true);
    // Green ink over a white underbase keeps its colour on navy.
    expect(at(whole, 6, 6)).toEqual([10, 200, 30]);
  });

  it("lifts black ink on black fabric and keeps it near black on white fabric", () => {
    const print = solidPrint([0, 0, 0]);
    const onBlack = composeMockup({ layers: layers(), color: "black", print });
    expect(at(onBlack, 6, 6)[0]).toBeGreaterThan(at(onBlack, 3, 3)[0] as number);
    const onWhite = composeMockup({ layers: layers(), color: "white", print });
    expect(at(onWhite, 6, 6)).toEqual([0, 0, 0]);
  });

  it("keeps ink under what covers the print", () => {
    const image = composeMockup({ layers: layers(true), color: "white", print: solidPrint([0, 0, 0]) });
    expect(at(image, 8, 6)).toEqual([0xf7, 0xf7, 0xf5]);
    expect(at(image, 7, 6)).toEqual([0, 0, 0]);
  });
});

describe("packGarmentLayers", () => {
  it("round-trips the layers, with and without a cover", () => {
    for (const cover of [false, true]) {
      const original = layers(cover);
      const packed = packGarmentLayers(original);
      expect(packed.length).toBe(8 + SIZE * SIZE * (cover ? 7 : 6));
      const unpacked = unpackGarmentLayers(packed);
      expect(unpacked.size).toBe(SIZE);
      for (const key of ["mask", "printMask", "shade", "light", "backdrop"] as const) {
        expect(Array.from(unpacked[key]), key).toEqual(Array.from(original[key]));
      }
      expect(unpacked.printMask === unpacked.mask).toBe(!cover);
    }
  });

  it("refuses buffers it did not write", () => {
    expect(() => unpackGarmentLayers(new Uint8Array(10))).toThrow();
    const packed = packGarmentLayers(layers());
    expect(() => unpackGarmentLayers(packed.subarray(0, packed.length - 1))).toThrow();
  });
});

describe("drapePrint", () => {
  const BIG = 256;

  /** A flat garment over the whole square; `fold` adds a dark vertical band (a fold) through the middle. */
  function wideLayers(fold: boolean): GarmentLayers {
    const pixels = BIG * BIG;
    const mask = new Uint8Array(pixels).fill(255);
    const shade = new Uint8Array(pixels).fill(255);
    if (fold) {
      for (let y = 0; y < BIG; y++) {
        for (let x = 0; x < BIG; x++) {
          shade[y * BIG + x] = Math.round(255 - 70 * Math.exp(-(((x - 128) / 10) ** 2)));
        }
      }
    }
    return {
      size: BIG,
      mask,
      printMask: mask,
      shade,
      light: new Uint8Array(pixels),
      backdrop: new Uint8Array(pixels * 3).fill(200),
    };
  }

  /** Horizontal black stripes across a print box at (64, 64), 128 x 128. */
  function stripedPrint(): PreparedPrint {
    const width = 128;
    const height = 128;
    const rgba = new Uint8Array(width * height * 4);
    for (let row = 0; row < height; row++) {
      for (let column = 0; column < width; column++) {
        if (row % 16 < 8) rgba.set([0, 0, 0, 255], (row * width + column) * 4);
      }
    }
    return { x: 64, y: 64, width, height, rgba };
  }

  it("leaves a print on flat fabric as it is", () => {
    const print = stripedPrint();
    const draped = drapePrint(wideLayers(false), print);
    expect(Buffer.from(draped.rgba).equals(Buffer.from(print.rgba))).toBe(true);
  });

  it("bends the print where the fabric folds, and only there, gently and inside its box", () => {
    const print = stripedPrint();
    const layers = wideLayers(true);
    const draped = drapePrint(layers, print);
    expect(drapePrint(layers, print)).toBe(draped);
    const alphaAt = (image: PreparedPrint, column: number, row: number) =>
      image.rgba[(row * image.width + column) * 4 + 3] as number;
    let changedAtFold = 0;
    let changedFarAway = 0;
    for (let row = 0; row < print.height; row++) {
      // Column 64 of the print is x = 128, the fold's middle; column 2 is far from it.
      if (alphaAt(draped, 64, row) !== alphaAt(print, 64, row)) changedAtFold++;
      if (alphaAt(draped, 2, row) !== alphaAt(print, 2, row)) changedFarAway++;
    }
    expect(changedAtFold).toBeGreaterThan(8);
    expect(changedFarAway).toBe(0);
    // A stripe moves by a pixel or two at most at this size, never by a whole stripe.
    let rowsOfInk = 0;
    for (let row = 0; row < print.height; row++) if (alphaAt(draped, 64, row) > 127) rowsOfInk++;
    expect(Math.abs(rowsOfInk - print.height / 2)).toBeLessThanOrEqual(4);
  });

  it("bends the same way in the browser, from the layers as they come over the wire", () => {
    const layers = wideLayers(true);
    const overTheWire = unpackGarmentLayers(packGarmentLayers(layers));
    const print = stripedPrint();
    const server = drapePrint(layers, print);
    const browser = drapePrint(overTheWire, stripedPrint());
    expect(Buffer.from(browser.rgba).equals(Buffer.from(server.rgba))).toBe(true);
  });
});
