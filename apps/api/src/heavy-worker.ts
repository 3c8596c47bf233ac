// The entry point of a heavy work child process (lib/heavy-pool.ts, decisions 056, 064 and 067): the CPU-heavy
// tasks the job lanes and the media route hand over (upload checks, mockups, print files, packing slips), each
// run under the pool's time and memory limits. Bundled to dist/heavy-worker.js.
import fs from "node:fs/promises";
import type { ProductColor } from "@threadfolk/contract/colors";
import type { Placement, UploadPurpose } from "@threadfolk/contract/studio";
import sharp from "sharp";
import { serveHeavyTasks } from "./lib/heavy-child.ts";
import type { PackingSlip } from "./modules/fulfilment/packing-slip.ts";
import { type PrintFileTaskResult, renderPrintFilesInProcess } from "./modules/fulfilment/print-file-renderer.ts";
import type { PrintFileSpec } from "./modules/fulfilment/render-print-file.ts";
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
  /** One mockup as WebP or JPEG (the media route's render on first request, a purchase's e-mail picture). */
  render_mockup: async (input: {
    artworkPath: string;
    garment: Garment;
    color: ProductColor;
    width: number;
    variant: MockupVariant;
    brandName: string;
    placement?: Placement;
    format?: "webp" | "jpeg";
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
  /** An order line's print file, written to `outputPath` (megabytes: a file, not the IPC channel). */
  render_print_file: async (input: {
    artworkPath: string;
    outputPath: string;
    spec: PrintFileSpec;
  }): Promise<PrintFileTaskResult> => {
    const outcome = await renderPrintFilesInProcess.printFile(await fs.readFile(input.artworkPath), input.spec);
    if (!outcome.ok) return outcome;
    await fs.writeFile(input.outputPath, outcome.png);
    return { ok: true, box: outcome.box };
  },
  /** An order's packing slip PDF. */
  render_packing_slip: async (input: { slip: PackingSlip }) => renderPrintFilesInProcess.packingSlip(input.slip),
  /** A slide's phone rendition letterboxed from its desktop slide, as WebP. */
  render_letterboxed_slide: async (input: { sourcePath: string; width: number }) => {
    return renderInProcess.letterboxedSlide({ width: input.width, source: await fs.readFile(input.sourcePath) });
  },
});
