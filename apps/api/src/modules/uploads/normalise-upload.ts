import {
  ARTWORK_MIN_PIXELS,
  UPLOAD_MAX_PIXELS,
  type UploadFailureCode,
  type UploadPurpose,
  type UploadType,
} from "@threadfolk/contract/studio";
import sharp, { type OutputInfo } from "sharp";
import { analysePixels } from "./analyse-pixels.ts";
import { sanitizeSvg } from "./sanitize-svg.ts";
import { sniffUploadType } from "./sniff-type.ts";

/** The long side an SVG is rasterised to: a 15-inch print at 300 DPI. */
export const SVG_RASTER_LONG_SIDE = 4500;
/** Longest a single decode may take before the picture is called unreadable (a pathological SVG, say). */
const DECODE_TIMEOUT_SECONDS = 60;
/** zlib level of the stored PNG: level 1 writes a 24-megapixel picture in about 0.5 s, level 3 in 1.5 s (decision 036). */
const PNG_COMPRESSION_LEVEL = 1;

export type NormalisedUpload =
  | {
      ok: true;
      detectedType: UploadType;
      /** The normalised picture: sRGB, 8 bits per channel, no metadata; RGBA only when it has transparency. */
      png: Buffer;
      width: number;
      height: number;
      hasTransparency: boolean;
      opaqueBackground: boolean;
    }
  | { ok: false; detectedType: UploadType | null; code: UploadFailureCode };

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/** The SVG's rendering density that makes its long side SVG_RASTER_LONG_SIDE pixels. */
async function svgDensity(svg: Buffer): Promise<number | undefined> {
  const metadata = await sharp(svg, { limitInputPixels: false }).metadata();
  const longSide = Math.max(metadata.width ?? 0, metadata.height ?? 0);
  if (longSide <= 0) return undefined;
  return Math.min(100_000, Math.max(1, (72 * SVG_RASTER_LONG_SIDE) / longSide));
}

/**
 * Checks and converts one uploaded file: sniffs its type from the content, sanitises and rasterises an SVG,
 * refuses decompression bombs (more than UPLOAD_MAX_PIXELS, before decoding them), damaged files and artwork
 * too small to print, applies the EXIF orientation, converts any colour space or ICC profile (CMYK included)
 * to sRGB, drops all metadata, and measures transparency and an opaque background rectangle.
 */
export async function normaliseUpload(bytes: Buffer, options: { purpose: UploadPurpose }): Promise<NormalisedUpload> {
  const detectedType = sniffUploadType(bytes);
  if (!detectedType) return { ok: false, detectedType: null, code: "unsupported_type" };

  let input = bytes;
  let density: number | undefined;
  if (detectedType === "svg") {
    const sanitized = sanitizeSvg(bytes.toString("utf8"));
    if (!sanitized.ok) return { ok: false, detectedType, code: sanitized.code };
    input = Buffer.from(sanitized.svg, "utf8");
    try {
      density = await svgDensity(input);
    } catch {
      return { ok: false, detectedType, code: "unreadable" };
    }
    if (density === undefined) return { ok: false, detectedType, code: "unreadable" };
  }

  const open = () =>
    sharp(input, {
      limitInputPixels: UPLOAD_MAX_PIXELS,
      failOn: "error",
      ...(density ? { density } : {}),
    }).timeout({ seconds: DECODE_TIMEOUT_SECONDS });

  let width: number;
  let height: number;
  try {
    const metadata = await sharp(input, { limitInputPixels: false, ...(density ? { density } : {}) }).metadata();
    // The header's claim is checked before anything is decoded.
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > UPLOAD_MAX_PIXELS) {
      return { ok: false, detectedType, code: "too_many_pixels" };
    }
    const oriented = (metadata.orientation ?? 1) >= 5;
    width = (oriented ? metadata.height : metadata.width) ?? 0;
    height = (oriented ? metadata.width : metadata.height) ?? 0;
  } catch (error) {
    return { ok: false, detectedType, code: isPixelLimitError(error) ? "too_many_pixels" : "unreadable" };
  }
  if (width <= 0 || height <= 0) return { ok: false, detectedType, code: "unreadable" };
  if (options.purpose === "artwork" && Math.max(width, height) < ARTWORK_MIN_PIXELS) {
    return { ok: false, detectedType, code: "too_small" };
  }

  let pixels: Buffer;
  let info: OutputInfo;
  try {
    ({ data: pixels, info } = await open()
      .rotate()
      .toColourspace("srgb")
      .ensureAlpha()
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true }));
  } catch (error) {
    return { ok: false, detectedType, code: isPixelLimitError(error) ? "too_many_pixels" : "unreadable" };
  }
  if (info.channels !== 4) return { ok: false, detectedType, code: "unreadable" };

  const analysis = analysePixels(pixels, info.width, info.height);
  let encoder = sharp(pixels, {
    raw: { width: info.width, height: info.height, channels: 4 },
    limitInputPixels: false,
  });
  if (!analysis.hasTransparency) encoder = encoder.removeAlpha();
  const png = await encoder.png({ compressionLevel: PNG_COMPRESSION_LEVEL, adaptiveFiltering: false }).toBuffer();
  return {
    ok: true,
    detectedType,
    png,
    width: info.width,
    height: info.height,
    hasTransparency: analysis.hasTransparency,
    opaqueBackground: analysis.opaqueBackground,
  };
}
