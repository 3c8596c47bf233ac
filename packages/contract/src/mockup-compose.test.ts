import { describe, expect, it } from "vitest";
import {
  composeFabric,
  composeMockup,
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
