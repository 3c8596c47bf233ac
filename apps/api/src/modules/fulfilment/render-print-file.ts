import {
  type Box,
  type Placement,
  placeArtworkInArea,
  type StudioGarment,
  UPLOAD_MAX_PIXELS,
} from "@threadfolk/contract/studio";
import sharp from "sharp";
import { artworkBounds, defaultBoxInArea } from "../media/render-mockup.ts";

/** What one print file is: the garment's whole print area at `dpi` (contract `printFileSize`), the placement on it. */
export type PrintFileSpec = {
  garment: StudioGarment;
  /** The artist's placement on this garment at the line's artwork version; the default placement without one. */
  placement?: Placement;
  widthPx: number;
  heightPx: number;
  dpi: number;
};

/** A print file, or why the artwork could not make one (the same artwork would fail again: never retried). */
export type PrintFileOutcome = { ok: true; png: Buffer; box: Box } | { ok: false; reason: string };

/**
 * zlib level of the print file. Measured on this machine at 3600 x 4800: a photographic artwork printed the
 * whole width makes 35 MB at level 6 against 52 MB at level 1 for about a tenth more time (1.1 s against
 * 1.0 s); a flat badge, 0.9 MB against 1.6 MB in the same time. Level 9 takes twice as long for no gain.
 */
const PNG_COMPRESSION_LEVEL = 6;
const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

/** Where the artwork sits on the canvas, and which part of it (the default placement prints its real bounds). */
async function placeOnCanvas(artwork: Buffer, spec: PrintFileSpec, size: { width: number; height: number }) {
  const canvas = { x: 0, y: 0, width: spec.widthPx, height: spec.heightPx };
  if (spec.placement) {
    // The same arithmetic as the mockups and the studio's preview, over the whole artwork as uploaded.
    return { box: placeArtworkInArea(spec.garment, size.width / size.height, spec.placement, canvas), crop: undefined };
  }
  const crop = await artworkBounds(artwork);
  return { box: defaultBoxInArea(canvas, crop), crop };
}

/**
 * Renders one print file (issue 27, decision 067) from the artwork as uploaded (the normalised sRGB PNG, never a
 * mockup, never watermarked): the artwork resized with Lanczos to its placed box, on a transparent canvas of the
 * whole print area, as an sRGB PNG with an alpha channel, the sRGB profile and the print resolution in its
 * header. Runs in a heavy work child process (print-file-renderer.ts) under its time and memory limits.
 */
export async function renderPrintFile(artwork: Buffer, spec: PrintFileSpec): Promise<PrintFileOutcome> {
  let width: number;
  let height: number;
  try {
    const metadata = await sharp(artwork, { limitInputPixels: false }).metadata();
    width = metadata.width ?? 0;
    height = metadata.height ?? 0;
  } catch (error) {
    return { ok: false, reason: `its artwork could not be read (${(error as Error).message})` };
  }
  if (width <= 0 || height <= 0) return { ok: false, reason: "its artwork has no pixels" };
  // Checked before anything is decoded: uploads were held to the same limit (decision 036).
  if (width * height > UPLOAD_MAX_PIXELS) {
    return { ok: false, reason: `its artwork has more than ${UPLOAD_MAX_PIXELS / 1_000_000} megapixels` };
  }
  try {
    const { box, crop } = await placeOnCanvas(artwork, spec, { width, height });
    // The part of the box on the canvas (a placement is kept inside the print area; rounding may reach a pixel out).
    const left = Math.max(0, box.x);
    const top = Math.max(0, box.y);
    const right = Math.min(spec.widthPx, box.x + box.width);
    const bottom = Math.min(spec.heightPx, box.y + box.height);
    if (right <= left || bottom <= top) return { ok: false, reason: "its placement is outside the print area" };
    let pipeline = sharp(artwork, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: "error" }).ensureAlpha();
    if (crop) pipeline = pipeline.extract(crop);
    pipeline = pipeline.resize(box.width, box.height, { fit: "fill", kernel: "lanczos3" });
    if (left !== box.x || top !== box.y || right !== box.x + box.width || bottom !== box.y + box.height) {
      pipeline = pipeline.extract({ left: left - box.x, top: top - box.y, width: right - left, height: bottom - top });
    }
    const png = await pipeline
      .extend({ top, left, right: spec.widthPx - right, bottom: spec.heightPx - bottom, background: TRANSPARENT })
      .withIccProfile("srgb")
      .withMetadata({ density: spec.dpi })
      .png({ compressionLevel: PNG_COMPRESSION_LEVEL, adaptiveFiltering: false })
      .toBuffer();
    return { ok: true, png, box };
  } catch (error) {
    return { ok: false, reason: `its artwork could not be rendered (${(error as Error).message})` };
  }
}

/** What a stored print file really is, read back from its header. */
export type PrintFileFacts = { widthPx: number; heightPx: number; dpi: number; srgb: boolean; hasAlpha: boolean };

export async function readPrintFileFacts(png: Buffer): Promise<PrintFileFacts> {
  const metadata = await sharp(png, { limitInputPixels: false }).metadata();
  return {
    widthPx: metadata.width ?? 0,
    heightPx: metadata.height ?? 0,
    dpi: Math.round(metadata.density ?? 0),
    srgb: metadata.format === "png" && metadata.space === "srgb",
    hasAlpha: metadata.hasAlpha === true && metadata.channels === 4,
  };
}

/**
 * Why `png` is not the print file `spec` asks for (size, resolution, colour space, alpha), or undefined when it
 * is: every file is checked before it is recorded, the one just drawn and one found stored by an earlier run.
 */
export async function printFileProblem(png: Buffer, spec: PrintFileSpec): Promise<string | undefined> {
  let facts: PrintFileFacts;
  try {
    facts = await readPrintFileFacts(png);
  } catch (error) {
    return `its print file does not read as a picture (${(error as Error).message})`;
  }
  if (facts.widthPx !== spec.widthPx || facts.heightPx !== spec.heightPx) {
    return `its print file is ${facts.widthPx} x ${facts.heightPx} px, not ${spec.widthPx} x ${spec.heightPx}`;
  }
  if (facts.dpi !== spec.dpi) return `its print file says ${facts.dpi} DPI, not ${spec.dpi}`;
  if (!facts.srgb) return "its print file is not an sRGB PNG";
  if (!facts.hasAlpha) return "its print file has no transparency";
  return undefined;
}
