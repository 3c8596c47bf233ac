import { DARK_COLORS, PRODUCT_COLORS } from "@threadfolk/contract/colors";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { MediaStorage } from "../../adapters/storage/storage.ts";
import { printAreaOf } from "./garment-art.ts";
import { getMediaObject } from "./get-media-object.ts";
import {
  artworkKey,
  GARMENTS,
  MOCKUP_RENDER_VERSION,
  MOCKUP_WIDTHS,
  mockupKey,
  mockupStorageKey,
} from "./media-keys.ts";
import { renderInProcess } from "./media-renderer.ts";
import { renderDesignMockups } from "./render-design-mockups.ts";
import {
  applyWatermark,
  composeMockup,
  getGarmentLayers,
  getWatermarkLayer,
  PRINT_SAFE_MARGIN,
  preparePrint,
  printAreaPixels,
  UNMARKED_MAX_WIDTH,
} from "./render-mockup.ts";
import { renderSampleArtwork } from "./sample-artwork.ts";

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
  it("renders the tee in every colour at every width, plain and watermarked, by default", async () => {
    const { storage, objects } = createMemoryStorage();
    await storage.put(artworkKey(DESIGN), artwork, "image/png");
    const result = await renderDesignMockups({ designUuid: DESIGN, storage, brandName: "Threadfolk" });
    expect(result.keys).toHaveLength(PRODUCT_COLORS.length * MOCKUP_WIDTHS.length * 2);
    expect(result.keys.every((key) => key.includes("/tee-"))).toBe(true);
    expect(objects.size).toBe(1 + result.keys.length);
  }, 180_000);

  // The tee in every colour at every width is the test above. Every other garment is rendered here at every
  // width in a light and a dark colour (the same code lays every colour), and composed in every colour at the
  // smallest width, where each must be its own picture: 60 WebP encodings instead of 570.
  it("renders every garment at every width, plain and watermarked, as WebP of the right size, and each garment in each colour as its own picture", async () => {
    const { storage, objects } = createMemoryStorage();
    await storage.put(artworkKey(DESIGN), artwork, "image/png");
    const colors = ["white", "navy"] as const;
    const result = await renderDesignMockups({
      designUuid: DESIGN,
      storage,
      brandName: "Threadfolk",
      garments: GARMENTS,
      colors,
    });
    expect(result.keys).toHaveLength(GARMENTS.length * colors.length * MOCKUP_WIDTHS.length * 2);
    for (const garment of GARMENTS) {
      for (const color of colors) {
        for (const width of MOCKUP_WIDTHS) {
          for (const variant of ["mockups", "watermarked"] as const) {
            const key = mockupStorageKey({ designUuid: DESIGN, variant, garment, color, width });
            const object = objects.get(key);
            expect(object, key).toBeDefined();
            expect(object?.contentType).toBe("image/webp");
            const metadata = await sharp(object?.body).metadata();
            expect(metadata.format, key).toBe("webp");
            expect([metadata.width, metadata.height], key).toEqual([width, width]);
          }
        }
      }
    }
    // Each garment in each colour is its own picture.
    const pictures = new Set<string>();
    for (const garment of GARMENTS) {
      const layers = await getGarmentLayers(garment, 320);
      const print = await preparePrint(artwork, garment, 320);
      for (const color of PRODUCT_COLORS) {
        pictures.add(Buffer.from(composeMockup({ layers, color, print })).toString("base64"));
      }
    }
    expect(pictures.size).toBe(GARMENTS.length * PRODUCT_COLORS.length);
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
  let square: Buffer;

  beforeAll(async () => {
    square = await sharp({ create: { width: 400, height: 400, channels: 4, background: "#000000ff" } })
      .png()
      .toBuffer();
  });

  it("keeps dark ink legible on dark garments and true on light ones, on every garment", async () => {
    for (const garment of GARMENTS) {
      const layers = await getGarmentLayers(garment, size);
      const ink = await preparePrint(square, garment, size);
      // Inside the print, beside the hoodie's drawstrings, and bare fabric just below it.
      const inkX = ink.x + Math.floor(ink.width / 2);
      const inkY = ink.y + Math.floor(ink.height * 0.8);
      const fabricY = ink.y + ink.height + 6;
      for (const color of DARK_COLORS) {
        const image = composeMockup({ layers, color, print: ink });
        const gap = luminanceAt(image, size, inkX, inkY) - luminanceAt(image, size, inkX, fabricY);
        expect(Math.abs(gap), `${garment} ${color}`).toBeGreaterThan(0.15);
      }
      // Black ink on black fabric is lifted to a visible charcoal.
      const black = composeMockup({ layers, color: "black", print: ink });
      expect(luminanceAt(black, size, inkX, inkY), garment).toBeGreaterThan(
        luminanceAt(black, size, inkX, fabricY) + 0.15,
      );
      const white = composeMockup({ layers, color: "white", print: ink });
      expect(luminanceAt(white, size, inkX, inkY), garment).toBeLessThan(0.1);
      expect(luminanceAt(white, size, inkX, fabricY), garment).toBeGreaterThan(0.8);
    }
  });

  it("keeps light ink legible on light garments, on every garment", async () => {
    const whiteSquare = await sharp({ create: { width: 400, height: 400, channels: 4, background: "#fffdf5ff" } })
      .png()
      .toBuffer();
    const lightColors = PRODUCT_COLORS.filter((color) => !DARK_COLORS.includes(color));
    for (const garment of GARMENTS) {
      const layers = await getGarmentLayers(garment, size);
      const ink = await preparePrint(whiteSquare, garment, size);
      const inkX = ink.x + Math.floor(ink.width / 2);
      const inkY = ink.y + Math.floor(ink.height * 0.8);
      const fabricY = ink.y + ink.height + 6;
      for (const color of lightColors) {
        const image = composeMockup({ layers, color, print: ink });
        const gap = luminanceAt(image, size, inkX, inkY) - luminanceAt(image, size, inkX, fabricY);
        expect(Math.abs(gap), `${garment} ${color}`).toBeGreaterThan(0.15);
      }
      // Mid tones keep their colour: a cream print on a red shirt (printed over an underbase) stays cream.
      const red = composeMockup({ layers, color: "red", print: ink });
      expect(luminanceAt(red, size, inkX, inkY), garment).toBeGreaterThan(0.8);
    }
  });

  it("keeps the ink under the hoodie's drawstrings, which hang over the print", async () => {
    const layers = await getGarmentLayers("hoodie", size);
    const ink = await preparePrint(square, "hoodie", size);
    const image = composeMockup({ layers, color: "white", print: ink });
    let covered = 0;
    for (let y = ink.y; y < ink.y + ink.height; y++) {
      for (let x = ink.x; x < ink.x + ink.width; x++) {
        const index = y * size + x;
        if ((layers.printMask[index] as number) > 0) continue;
        covered++;
        // The cord shows the fabric (white), the ink beside it is black.
        expect(luminanceAt(image, size, x, y)).toBeGreaterThan(0.5);
      }
    }
    expect(covered).toBeGreaterThan(size / 20);
    expect(luminanceAt(image, size, ink.x + Math.floor(ink.width / 2), ink.y + 4)).toBeLessThan(0.1);
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

  it("marks the design page's sizes once over the artwork only, and leaves card-size pictures unmarked", async () => {
    for (const width of MOCKUP_WIDTHS) {
      const layers = await getGarmentLayers("tee", width);
      const print = await preparePrint(artwork, "tee", width);
      const plain = composeMockup({ layers, color: "white", print });
      const watermarked = Uint8Array.from(plain);
      applyWatermark(watermarked, width, await getWatermarkLayer("tee", width, "Threadfolk"), print);
      let changedInside = 0;
      let changedOutside = 0;
      for (let y = 0; y < width; y++) {
        for (let x = 0; x < width; x++) {
          const pixel = (y * width + x) * 3;
          const changed = Math.abs((plain[pixel] as number) - (watermarked[pixel] as number)) > 2;
          const inside = x >= print.x && x < print.x + print.width && y >= print.y && y < print.y + print.height;
          if (changed && inside) changedInside++;
          if (changed && !inside) changedOutside++;
        }
      }
      const area = print.width * print.height;
      if (width <= UNMARKED_MAX_WIDTH) {
        expect(changedInside + changedOutside, `${width}`).toBe(0);
        continue;
      }
      // One mark, not a grid: it changes a visible part of the print but leaves most of it as printed.
      expect(changedInside, `${width}`).toBeGreaterThan(area * 0.02);
      expect(changedInside, `${width}`).toBeLessThan(area * 0.3);
      // Only the feathered edge just outside the artwork may change.
      expect(changedOutside, `${width}`).toBeLessThan(area * 0.05);
    }
  });
});

describe("preparePrint without a placement", () => {
  it("fits the artwork's real bounds, not its transparent padding, inside the print area less a safe margin", async () => {
    // A small opaque block far off-centre on a big transparent canvas.
    const block = await sharp({ create: { width: 1200, height: 1500, channels: 4, background: "#00000000" } })
      .composite([
        {
          input: await sharp({ create: { width: 300, height: 200, channels: 4, background: "#c8102eff" } })
            .png()
            .toBuffer(),
          left: 820,
          top: 1200,
        },
      ])
      .png()
      .toBuffer();
    for (const garment of GARMENTS) {
      for (const width of MOCKUP_WIDTHS) {
        const area = printAreaPixels(garment, width);
        const inset = Math.round(area.width * PRINT_SAFE_MARGIN);
        const print = await preparePrint(block, garment, width);
        const where = `${garment} at ${width}`;
        // Width-limited (3:2): it spans the inner width, centred, hung from the top of the inner box.
        expect(print.width, where).toBe(area.width - 2 * inset);
        expect(print.x, where).toBe(area.x + inset);
        expect(print.y, where).toBe(area.y + inset);
        expect(Math.abs(print.height - (print.width * 2) / 3), where).toBeLessThanOrEqual(1);
        // The block fills the box: its corners are opaque.
        expect(print.rgba[3], where).toBeGreaterThan(200);
        expect(print.rgba[(print.width * print.height - 1) * 4 + 3], where).toBeGreaterThan(200);
      }
    }
  });
});

describe("garment drawings", () => {
  const at = (layers: { mask: Uint8Array; size: number }, x: number, y: number) =>
    layers.mask[Math.round((y * layers.size) / 1000) * layers.size + Math.round((x * layers.size) / 1000)] as number;

  it("lays every garment's print area inside its silhouette, large enough to read, at every width", async () => {
    for (const garment of GARMENTS) {
      for (const width of MOCKUP_WIDTHS) {
        const layers = await getGarmentLayers(garment, width);
        const area = printAreaPixels(garment, width);
        let outside = 0;
        for (let y = area.y; y < area.y + area.height; y++) {
          for (let x = area.x; x < area.x + area.width; x++) {
            if (layers.mask[y * width + x] !== 255) outside++;
          }
        }
        expect(outside, `${garment} at ${width}`).toBe(0);
        expect(area.width, garment).toBeGreaterThanOrEqual(width * 0.24);
        expect(area.height, garment).toBeGreaterThanOrEqual(width * 0.28);
      }
      // The print is centred on the chest.
      const { x, width } = printAreaOf(garment);
      expect(x + width / 2, garment).toBe(500);
    }
  });

  it("draws a hood and long sleeves on the hoodie and bare shoulders on the tank top", async () => {
    const tee = await getGarmentLayers("tee", 320);
    const hoodie = await getGarmentLayers("hoodie", 320);
    const tankTop = await getGarmentLayers("tank-top", 320);
    // The hood stands above the neckline.
    expect(at(hoodie, 500, 50)).toBe(255);
    expect(at(tee, 500, 50)).toBe(0);
    // Sleeves down to the wrist.
    expect(at(hoodie, 180, 760)).toBe(255);
    expect(at(tee, 180, 760)).toBe(0);
    // No sleeves on the tank top: where the tee has its sleeve and shoulder is bare, the chest is not.
    expect(at(tee, 200, 280)).toBe(255);
    expect(at(tankTop, 200, 280)).toBe(0);
    expect(at(tankTop, 300, 200)).toBe(0);
    expect(at(tankTop, 500, 400)).toBe(255);
  });
});

describe("getMediaObject", () => {
  it("renders an absent rendition once, stores it under its render version, and serves it from storage afterwards", async () => {
    const { storage, puts } = createMemoryStorage();
    await storage.put(artworkKey(DESIGN), artwork, "image/png");
    const spec = {
      designUuid: DESIGN,
      variant: "watermarked",
      garment: "womens-tee",
      color: "teal",
      width: 320,
    } as const;
    const key = mockupKey(spec);
    const stored = mockupStorageKey(spec);
    expect(stored).toBe(`designs/${DESIGN}/watermarked/r${MOCKUP_RENDER_VERSION}/womens-tee-teal-320.webp`);
    const [first, second] = await Promise.all([
      getMediaObject({ key, storage, brandName: "Threadfolk", renderer: renderInProcess }),
      getMediaObject({ key, storage, brandName: "Threadfolk", renderer: renderInProcess }),
    ]);
    expect(first?.contentType).toBe("image/webp");
    expect(second?.body.equals(first?.body as Buffer)).toBe(true);
    expect(puts.filter((put) => put === stored)).toHaveLength(1);
    await getMediaObject({ key, storage, brandName: "Threadfolk", renderer: renderInProcess });
    expect(puts.filter((put) => put === stored)).toHaveLength(1);
  });

  it("renders again, instead of serving, a mockup stored by an older render version", async () => {
    const { storage, puts } = createMemoryStorage();
    await storage.put(artworkKey(DESIGN), artwork, "image/png");
    const spec = { designUuid: DESIGN, variant: "watermarked", garment: "tee", color: "navy", width: 640 } as const;
    // What an older pipeline left: the unversioned key (version 1) and an older versioned folder.
    const stale = await sharp({ create: { width: 640, height: 640, channels: 3, background: "#ff00ff" } })
      .webp()
      .toBuffer();
    await storage.put(mockupKey(spec), stale, "image/webp");
    await storage.put(
      `designs/${DESIGN}/watermarked/r${MOCKUP_RENDER_VERSION - 1}/tee-navy-640.webp`,
      stale,
      "image/webp",
    );
    const served = await getMediaObject({
      key: mockupKey(spec),
      storage,
      brandName: "Threadfolk",
      renderer: renderInProcess,
    });
    expect(served?.body.equals(stale)).toBe(false);
    expect(puts).toContain(mockupStorageKey(spec));
    // The fresh picture is the navy tee, not the stale magenta square.
    const { data } = await sharp(served?.body).raw().toBuffer({ resolveWithObject: true });
    const corner = [data[0] as number, data[1] as number, data[2] as number];
    const middle = ((320 * 640 + 320) * 3) as number;
    expect(corner).not.toEqual([255, 0, 255]);
    expect(data[middle + 2] as number).toBeGreaterThan(data[middle] as number);
    expect((await storage.get(mockupStorageKey(spec)))?.body.equals(served?.body as Buffer)).toBe(true);
  });

  it("returns nothing for unknown keys, disallowed widths and missing sources", async () => {
    const { storage, puts } = createMemoryStorage();
    await storage.put(artworkKey(DESIGN), artwork, "image/png");
    const other = "5d2c9b0e-1111-4a51-9d6e-2f7f3f0c9a10";
    for (const key of [
      `designs/${DESIGN}/mockups/tee-white-333.webp`,
      `designs/${DESIGN}/mockups/tee-magenta-320.webp`,
      `designs/${DESIGN}/mockups/sweater-white-320.webp`,
      `designs/${DESIGN}/mockups/tank_top-white-320.webp`,
      `designs/${other}/mockups/tee-white-320.webp`,
      `artists/${other}/avatar-64.webp`,
      "somewhere/else.png",
    ]) {
      expect(
        await getMediaObject({ key, storage, brandName: "Threadfolk", renderer: renderInProcess }),
        key,
      ).toBeUndefined();
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
      const object = await getMediaObject({ key, storage, brandName: "Threadfolk", renderer: renderInProcess });
      const metadata = await sharp(object?.body).metadata();
      expect([metadata.format, metadata.width, metadata.height], key).toEqual(["webp", width, height]);
    }
  });
});
