import { DARK_COLORS, PRODUCT_COLORS } from "@threadfolk/contract/colors";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { getMediaObject } from "./get-media-object.ts";
import { artworkKey, MOCKUP_WIDTHS, mockupKey } from "./media-keys.ts";
import { renderDesignMockups } from "./render-design-mockups.ts";
import {
  applyWatermark,
  composeMockup,
  getGarmentLayers,
  getWatermarkLayer,
  type PreparedPrint,
  preparePrint,
} from "./render-mockup.ts";
import { renderSampleArtwork } from "./sample-artwork.ts";
import type { MediaStorage } from "./storage.ts";

/** Storage in a Map that counts writes, so tests can see what was rendered. */
function createMemoryStorage() {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const puts: string[] = [];
  const storage: MediaStorage = {
    async put(key, body, contentType) {
      puts.push(key);
      objects.set(key, { body, contentType });
    },
    async get(key) {
      return objects.get(key);
    },
    async exists(key) {
      return objects.has(key);
    },
    async delete(key) {
      objects.delete(key);
    },
  };
  return { storage, objects, puts };
}

const luminanceAt = (image: Uint8Array, size: number, x: number, y: number) => {
  const pixel = (y * size + x) * 3;
  return (
    (0.2126 * (image[pixel] as number) +
      0.7152 * (image[pixel + 1] as number) +
      0.0722 * (image[pixel + 2] as number)) /
    255
  );
};

const DESIGN = "0b9f1c7e-3c1a-4a51-9d6e-2f7f3f0c9a10";
let artwork: Buffer;

beforeAll(async () => {
  artwork = await renderSampleArtwork("TEST", 600);
});

describe("renderDesignMockups", () => {
  it("renders every colour at every width, plain and watermarked, as WebP of the right size", async () => {
    const { storage, objects } = createMemoryStorage();
    await storage.put(artworkKey(DESIGN), artwork, "image/png");
    const result = await renderDesignMockups({ designUuid: DESIGN, storage, brandName: "Threadfolk" });
    expect(result.keys).toHaveLength(PRODUCT_COLORS.length * MOCKUP_WIDTHS.length * 2);
    for (const color of PRODUCT_COLORS) {
      for (const width of MOCKUP_WIDTHS) {
        for (const variant of ["mockups", "watermarked"] as const) {
          const key = mockupKey({ designUuid: DESIGN, variant, garment: "tee", color, width });
          const object = objects.get(key);
          expect(object, key).toBeDefined();
          expect(object?.contentType).toBe("image/webp");
          const metadata = await sharp(object?.body).metadata();
          expect(metadata.format, key).toBe("webp");
          expect([metadata.width, metadata.height], key).toEqual([width, width]);
        }
      }
    }
    // Each colour is its own picture.
    const sizes = new Set(
      PRODUCT_COLORS.map((color) =>
        objects
          .get(mockupKey({ designUuid: DESIGN, variant: "mockups", garment: "tee", color, width: 320 }))
          ?.body.toString("base64"),
      ),
    );
    expect(sizes.size).toBe(PRODUCT_COLORS.length);
  }, 180_000);

  it("fails clearly when the design has no artwork", async () => {
    const { storage } = createMemoryStorage();
    await expect(renderDesignMockups({ designUuid: DESIGN, storage, brandName: "Threadfolk" })).rejects.toMatchObject({
      code: "not_found",
    });
  });
});

describe("composeMockup", () => {
  const size = 320;
  let blackInk: PreparedPrint;

  beforeAll(async () => {
    const square = await sharp({ create: { width: 400, height: 400, channels: 4, background: "#000000ff" } })
      .png()
      .toBuffer();
    blackInk = await preparePrint(square, "tee", size);
  });

  it("keeps dark ink legible on dark garments and true on light ones", async () => {
    const layers = await getGarmentLayers("tee", size);
    const centreX = blackInk.x + Math.floor(blackInk.width / 2);
    const centreY = blackInk.y + Math.floor(blackInk.height / 2);
    // Bare fabric just below the print.
    const fabricY = blackInk.y + blackInk.height + 12;
    for (const color of DARK_COLORS) {
      const image = composeMockup({ layers, color, print: blackInk });
      const gap = luminanceAt(image, size, centreX, centreY) - luminanceAt(image, size, centreX, fabricY);
      expect(Math.abs(gap), color).toBeGreaterThan(0.15);
    }
    // Black ink on black fabric is lifted to a visible charcoal.
    const black = composeMockup({ layers, color: "black", print: blackInk });
    expect(luminanceAt(black, size, centreX, centreY)).toBeGreaterThan(
      luminanceAt(black, size, centreX, fabricY) + 0.15,
    );
    const white = composeMockup({ layers, color: "white", print: blackInk });
    expect(luminanceAt(white, size, centreX, centreY)).toBeLessThan(0.1);
    expect(luminanceAt(white, size, centreX, fabricY)).toBeGreaterThan(0.8);
  });

  it("draws the garment differently per colour and leaves the backdrop alone", async () => {
    const layers = await getGarmentLayers("tee", size);
    const navy = composeMockup({ layers, color: "navy" });
    const yellow = composeMockup({ layers, color: "yellow" });
    expect(luminanceAt(yellow, size, size / 2, size / 2)).toBeGreaterThan(
      luminanceAt(navy, size, size / 2, size / 2) + 0.4,
    );
    expect(luminanceAt(navy, size, 2, 2)).toBeCloseTo(luminanceAt(yellow, size, 2, 2), 5);
  });

  it("watermarks the artwork area only", async () => {
    const layers = await getGarmentLayers("tee", size);
    const print = await preparePrint(artwork, "tee", size);
    const plain = composeMockup({ layers, color: "white", print });
    const watermarked = Uint8Array.from(plain);
    applyWatermark(watermarked, size, await getWatermarkLayer("tee", size, "Threadfolk"), print);
    let changedInside = 0;
    let changedOutside = 0;
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const pixel = (y * size + x) * 3;
        const changed = Math.abs((plain[pixel] as number) - (watermarked[pixel] as number)) > 2;
        const inside = x >= print.x && x < print.x + print.width && y >= print.y && y < print.y + print.height;
        if (changed && inside) changedInside++;
        if (changed && !inside) changedOutside++;
      }
    }
    expect(changedInside).toBeGreaterThan(print.width * print.height * 0.05);
    // Only the feathered edge just outside the artwork may change.
    expect(changedOutside).toBeLessThan(print.width * print.height * 0.05);
  });
});

describe("getMediaObject", () => {
  it("renders an absent rendition once, stores it, and serves it from storage afterwards", async () => {
    const { storage, puts } = createMemoryStorage();
    await storage.put(artworkKey(DESIGN), artwork, "image/png");
    const key = mockupKey({
      designUuid: DESIGN,
      variant: "watermarked",
      garment: "womens-tee",
      color: "teal",
      width: 320,
    });
    const [first, second] = await Promise.all([
      getMediaObject({ key, storage, brandName: "Threadfolk" }),
      getMediaObject({ key, storage, brandName: "Threadfolk" }),
    ]);
    expect(first?.contentType).toBe("image/webp");
    expect(second?.body.equals(first?.body as Buffer)).toBe(true);
    expect(puts.filter((put) => put === key)).toHaveLength(1);
    await getMediaObject({ key, storage, brandName: "Threadfolk" });
    expect(puts.filter((put) => put === key)).toHaveLength(1);
  });

  it("returns nothing for unknown keys, disallowed widths and missing sources", async () => {
    const { storage, puts } = createMemoryStorage();
    await storage.put(artworkKey(DESIGN), artwork, "image/png");
    const other = "5d2c9b0e-1111-4a51-9d6e-2f7f3f0c9a10";
    for (const key of [
      `designs/${DESIGN}/mockups/tee-white-333.webp`,
      `designs/${DESIGN}/mockups/tee-magenta-320.webp`,
      `designs/${DESIGN}/mockups/hoodie-white-320.webp`,
      `designs/${other}/mockups/tee-white-320.webp`,
      `artists/${other}/avatar-64.webp`,
      "somewhere/else.png",
    ]) {
      expect(await getMediaObject({ key, storage, brandName: "Threadfolk" }), key).toBeUndefined();
    }
    expect(puts).toEqual([artworkKey(DESIGN)]);
  });

  it("resizes avatars, banners and carousel slides to allow-listed widths and their aspect ratio", async () => {
    const { storage } = createMemoryStorage();
    const artist = "7a0c2d4e-2222-4b51-8d6e-2f7f3f0c9a10";
    const picture = await sharp({ create: { width: 900, height: 700, channels: 3, background: "#3366aa" } })
      .png()
      .toBuffer();
    await storage.put(`artists/${artist}/avatar.png`, picture, "image/png");
    await storage.put(`artists/${artist}/banner.png`, picture, "image/png");
    await storage.put("carousels/spring-sale.png", picture, "image/png");
    const cases: Array<[string, number, number]> = [
      [`artists/${artist}/avatar-128.webp`, 128, 128],
      [`artists/${artist}/banner-640.webp`, 640, 160],
      ["carousels/spring-sale-1152.webp", 1152, 300],
    ];
    for (const [key, width, height] of cases) {
      const object = await getMediaObject({ key, storage, brandName: "Threadfolk" });
      const metadata = await sharp(object?.body).metadata();
      expect([metadata.format, metadata.width, metadata.height], key).toEqual(["webp", width, height]);
    }
  });
});
