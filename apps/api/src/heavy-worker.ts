// The entry point of a heavy work child process (lib/heavy-pool.ts, decisions 056 and 064): the CPU-heavy tasks
// the job lanes and the media route hand over, each run under the pool's time and memory limits. Bundled to
// dist/heavy-worker.js.
import fs from "node:fs/promises";
import type { ProductColor } from "@threadfolk/contract/colors";
import type { Placement, UploadPurpose } from "@threadfolk/contract/studio";
import sharp from "sharp";
import { serveHeavyTasks } from "./lib/heavy-child.ts";
import type { Garment, ImagePreset, MockupVariant } from "./modules/media/media-keys.ts";
import { renderInProcess } from "./modules/media/media-renderer.ts";
import type { GarmentPlacements } from "./modules/media/render-design-mockups.ts";
import { normaliseUpload } from "./modules/uploads/normalise-upload.ts";

// Memory held between tasks counts against the limit: libvips' operation cache is not worth it here.
sharp.cache(false);

serveHeavyTasks({
  /** Reads the upload from `inputPath`, writes the normalised PNG to `outputPath` (files: large buffers are slow over IPC). */
  normalise_upload: async (input: { inputPath: string; outputPath: string; purpose: UploadPurpose }) => {
    const result = await normaliseUpload(await fs.readFile(input.inputPath), { purpose: input.purpose });
    if (!result.ok) return result;
    const { png, ...rest } = result;
    await fs.writeFile(input.outputPath, png);
    return rest;
  },
  /** One mockup as WebP (the media route's render on first request). */
  render_mockup: async (input: {
    artworkPath: string;
    garment: Garment;
    color: ProductColor;
    width: number;
    variant: MockupVariant;
    brandName: string;
    placement?: Placement;
  }) => {
    const { artworkPath, ...rest } = input;
    return renderInProcess.mockup({ ...rest, artwork: await fs.readFile(artworkPath) });
  },
  /** A design's mockups, each pair (plain and watermarked WebP) emitted as soon as it is encoded. */
  render_mockup_set: async (
    input: {
      artworkPath: string;
      brandName: string;
      garments: Garment[];
      colors: ProductColor[];
      placements?: GarmentPlacements;
    },
    emit,
  ) => {
    const { artworkPath, ...rest } = input;
    await renderInProcess.mockupSet({ ...rest, artwork: await fs.readFile(artworkPath), onRendered: emit });
    return null;
  },
  /** The mockups' working copy of a large artwork, written to `outputPath`; false when the artwork is small enough. */
  mockup_working_copy: async (input: { inputPath: string; outputPath: string }) => {
    const artwork = await fs.readFile(input.inputPath);
    const copy = await renderInProcess.workingCopy(artwork);
    if (copy === artwork) return false;
    await fs.writeFile(input.outputPath, copy);
    return true;
  },
  /** An avatar, banner or carousel rendition as WebP. */
  render_image_rendition: async (input: { sourcePath: string; preset: ImagePreset; width: number }) => {
    const { sourcePath, ...rest } = input;
    return renderInProcess.imageRendition({ ...rest, source: await fs.readFile(sourcePath) });
  },
  /** A slide's phone rendition letterboxed from its desktop slide, as WebP. */
  render_letterboxed_slide: async (input: { sourcePath: string; width: number }) => {
    return renderInProcess.letterboxedSlide({ width: input.width, source: await fs.readFile(input.sourcePath) });
  },
});
