import os from "node:os";
import { PRODUCT_COLORS, type ProductColor } from "@threadfolk/contract/colors";
import type { Placement } from "@threadfolk/contract/studio";
import sharp from "sharp";
import type { MediaStorage } from "../../adapters/storage/storage.ts";
import { AppError } from "../../lib/app-error.ts";
import {
  artworkKey,
  DEFAULT_GARMENT,
  type Garment,
  IMAGE_PRESETS,
  type ImagePreset,
  MOCKUP_WIDTHS,
  type MockupVariant,
  type MockupWidth,
  mockupKey,
  mockupStorageKey,
} from "./media-keys.ts";
import {
  applyWatermark,
  composeMockup,
  encodeJpeg,
  encodeWebp,
  getGarmentLayers,
  getWatermarkLayer,
  preparePrint,
} from "./render-mockup.ts";

/** One mockup as WebP: the artwork on a garment colour at one width, watermarked or not. */
export async function renderMockupImage(options: {
  artwork: Buffer;
  garment: Garment;
  color: ProductColor;
  width: number;
  variant: MockupVariant;
  brandName: string;
  /** The artist's placement on this garment; the default placement without one. */
  placement?: Placement;
  /** WebP (the site's pictures) unless said; JPEG for e-mails. */
  format?: "webp" | "jpeg";
}): Promise<Buffer> {
  const { artwork, garment, color, width, variant, brandName, placement } = options;
  const [layers, print] = await Promise.all([
    getGarmentLayers(garment, width),
    preparePrint(artwork, garment, width, placement),
  ]);
  const image = composeMockup({ layers, color, print });
  if (variant === "watermarked")
    applyWatermark(image, width, await getWatermarkLayer(garment, width, brandName), print);
  return options.format === "jpeg" ? encodeJpeg(image, width) : encodeWebp(image, width);
}

/** An avatar, banner or carousel rendition: cropped to the preset's aspect ratio at one allowed width, WebP. */
export function renderImageRendition(options: { source: Buffer; preset: ImagePreset; width: number }): Promise<Buffer> {
  const { source, preset, width } = options;
  const height = Math.round(width / IMAGE_PRESETS[preset].aspect);
  return sharp(source)
    .resize(width, height, { fit: "cover", position: "centre" })
    .webp({ quality: 82, effort: 3 })
    .toBuffer();
}

/** Runs tasks with at most `limit` in flight. */
async function runLimited<T>(tasks: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  async function worker() {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await (tasks[index] as () => Promise<T>)();
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

export type RenderDesignMockupsResult = { keys: string[]; bytes: number; milliseconds: number };

/** A design's placements by garment drawing, as stored on the design (missing garments use the default). */
export type GarmentPlacements = Partial<Record<Garment, Placement>>;

/** One garment colour at one width, plain and watermarked, encoded as WebP. */
export type RenderedMockupPair = {
  garment: Garment;
  color: ProductColor;
  width: MockupWidth;
  plain: Buffer;
  watermarked: Buffer;
};

export type MockupSetOptions = {
  artwork: Buffer;
  brandName: string;
  garments: readonly Garment[];
  colors: readonly ProductColor[];
  placements?: GarmentPlacements;
  /** Told of each pair as soon as it is encoded; the set waits for it (so a slow consumer slows the set). */
  onRendered: (pair: RenderedMockupPair) => Promise<void> | void;
};

/**
 * Renders every mockup of a set (each garment x colour x width, plain and watermarked). Colour passes run on
 * the calling thread while earlier images encode in libvips' threads; a bounded number of images is in flight.
 * In the server this runs in a heavy work child process (media-renderer.ts, decision 064).
 */
export async function renderMockupSet(options: MockupSetOptions & { concurrency?: number }): Promise<void> {
  const { artwork, brandName, garments, colors } = options;
  const concurrency = options.concurrency ?? Math.max(2, os.availableParallelism() * 2);
  const tasks: Array<() => Promise<void>> = [];
  for (const garment of garments) {
    for (const width of MOCKUP_WIDTHS) {
      // The garment layers, the fitted print and the watermark are shared by every colour at this width.
      let shared: Promise<[Awaited<ReturnType<typeof getGarmentLayers>>, Awaited<ReturnType<typeof preparePrint>>]>;
      const getShared = () => {
        shared ??= Promise.all([
          getGarmentLayers(garment, width),
          preparePrint(artwork, garment, width, options.placements?.[garment]),
        ]);
        return shared;
      };
      for (const color of colors) {
        tasks.push(async () => {
          const [layers, print] = await getShared();
          const plain = composeMockup({ layers, color, print });
          const watermarked = Uint8Array.from(plain);
          applyWatermark(watermarked, width, await getWatermarkLayer(garment, width, brandName), print);
          const [plainWebp, watermarkedWebp] = await Promise.all([
            encodeWebp(plain, width),
            encodeWebp(watermarked, width),
          ]);
          await options.onRendered({ garment, color, width, plain: plainWebp, watermarked: watermarkedWebp });
        });
      }
    }
  }
  // Largest widths first, so the long encodes start early and the small ones fill the gaps.
  tasks.reverse();
  await runLimited(tasks, concurrency);
}

/**
 * Pre-renders every mockup of one design (each colour x width, plain and watermarked) from its stored
 * artwork and stores them, e.g. right after an artist uploads. `renderSet` draws them: the heavy work pool's
 * in the server (media-renderer.ts), `renderMockupSet` in this process by default (tests, benchmarks).
 * `onColorStored` is told when a garment's colour is stored at every width, plain and watermarked.
 */
export async function renderDesignMockups(options: {
  designUuid: string;
  storage: MediaStorage;
  brandName: string;
  garments?: readonly Garment[];
  colors?: readonly ProductColor[];
  concurrency?: number;
  placements?: GarmentPlacements;
  /** The artwork's bytes when the caller already read them (saves a storage read per call). */
  artwork?: Buffer;
  renderSet?: (options: MockupSetOptions) => Promise<void>;
  onColorStored?: (garment: Garment, color: ProductColor) => void | Promise<void>;
}): Promise<RenderDesignMockupsResult> {
  const started = performance.now();
  const { designUuid, storage, brandName } = options;
  const garments = options.garments ?? [DEFAULT_GARMENT];
  const colors = options.colors ?? PRODUCT_COLORS;
  const source = options.artwork ? { body: options.artwork } : await storage.get(artworkKey(designUuid));
  if (!source) throw AppError.notFound("Design artwork");
  const renderSet =
    options.renderSet ??
    ((setOptions: MockupSetOptions) => renderMockupSet({ ...setOptions, concurrency: options.concurrency }));
  const widthsLeft = new Map<string, number>();
  for (const garment of garments) {
    for (const color of colors) widthsLeft.set(`${garment}:${color}`, MOCKUP_WIDTHS.length);
  }
  const keys: string[] = [];
  let bytes = 0;
  await renderSet({
    artwork: source.body,
    brandName,
    garments,
    colors,
    placements: options.placements,
    async onRendered({ garment, color, width, plain, watermarked }) {
      await Promise.all([
        storage.put(mockupStorageKey({ designUuid, variant: "mockups", garment, color, width }), plain, "image/webp"),
        storage.put(
          mockupStorageKey({ designUuid, variant: "watermarked", garment, color, width }),
          watermarked,
          "image/webp",
        ),
      ]);
      keys.push(
        mockupKey({ designUuid, variant: "mockups", garment, color, width }),
        mockupKey({ designUuid, variant: "watermarked", garment, color, width }),
      );
      bytes += plain.length + watermarked.length;
      const left = (widthsLeft.get(`${garment}:${color}`) ?? 1) - 1;
      widthsLeft.set(`${garment}:${color}`, left);
      if (left === 0) await options.onColorStored?.(garment, color);
    },
  });
  return { keys, bytes, milliseconds: performance.now() - started };
}

/**
 * The largest side the renderer needs: the biggest print box is under 400 px on the 1024 px mockup, so 1600 px
 * keeps every downscale at 4x or more (the same look) while a 20 MB upload is decoded once, not once per width.
 */
const WORKING_SIDE = 1600;

/** The artwork at most WORKING_SIDE on each side (PNG, uncompressed), or the artwork itself when it is that small. */
export async function mockupWorkingCopy(artwork: Buffer): Promise<Buffer> {
  const meta = await sharp(artwork).metadata();
  if ((meta.width ?? 0) <= WORKING_SIDE && (meta.height ?? 0) <= WORKING_SIDE) return artwork;
  return sharp(artwork)
    .ensureAlpha()
    .resize(WORKING_SIDE, WORKING_SIDE, { fit: "inside", kernel: "lanczos3" })
    .png({ compressionLevel: 0 })
    .toBuffer();
}
