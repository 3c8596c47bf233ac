import { composeMockup, type GarmentLayers, type PreparedPrint } from "@threadfolk/contract/mockup-compose";
import { type Placement, placeArtwork } from "@threadfolk/contract/studio";
import sharp from "sharp";
import { addFabricGrain } from "./fabric.ts";
import { backdropSvg, coverSvg, lightSvg, maskSvg, printAreaOf, shadeSvg } from "./garment-art.ts";
import type { Garment } from "./media-keys.ts";

/**
 * The mockup compositor. The garment drawing is rasterised once per garment and size into colour-free
 * layers (kept in memory: about 6 bytes a pixel, 7 for the hoodie whose drawstrings cover the print, so
 * 9-11 MB per garment for all widths); each colour is then a fast pass over those layers, the artwork is
 * laid on the chest under the fabric's folds and texture, and only the WebP encoding (in libvips'
 * threads) costs real time. The per-colour pass is `@threadfolk/contract/mockup-compose` (the studio's live
 * colour grid runs the same code in the browser).
 */

export { composeMockup, type GarmentLayers, type PreparedPrint };

/** A watermark over the print area: unpremultiplied RGBA covering `area` of the canvas. */
export type WatermarkLayer = { x: number; y: number; width: number; height: number; rgba: Uint8Array };

// Effort 0 looks the same as effort 2 on these flat, shaded pictures and encodes about twice as fast, for
// roughly a third more bytes (about 24 KB instead of 17 KB at 1024 px): the set's time budget wins.
const WEBP_OPTIONS = { quality: 80, effort: 0, smartSubsample: false } as const;

const layerCache = new Map<string, Promise<GarmentLayers>>();
const watermarkCache = new Map<string, Promise<WatermarkLayer>>();

async function rasteriseGrey(svg: string): Promise<Uint8Array> {
  const data = await sharp(Buffer.from(svg)).extractChannel(0).raw().toBuffer();
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}

async function buildGarmentLayers(garment: Garment, size: number): Promise<GarmentLayers> {
  const cover = coverSvg(garment, size);
  const [mask, shade, light, backdropRaw, covered] = await Promise.all([
    rasteriseGrey(maskSvg(garment, size)),
    rasteriseGrey(shadeSvg(garment, size)),
    rasteriseGrey(lightSvg(garment, size)),
    sharp(Buffer.from(backdropSvg(garment, size)))
      .removeAlpha()
      .raw()
      .toBuffer(),
    cover === undefined ? undefined : rasteriseGrey(cover),
  ]);
  let printMask = mask;
  if (covered) {
    printMask = new Uint8Array(mask.length);
    for (let index = 0; index < mask.length; index++) {
      printMask[index] = Math.round(((mask[index] as number) * (255 - (covered[index] as number))) / 255);
    }
  }
  addFabricGrain({ size, mask, shade, light });
  return {
    size,
    mask,
    printMask,
    shade,
    light,
    backdrop: new Uint8Array(backdropRaw.buffer, backdropRaw.byteOffset, backdropRaw.length),
  };
}

/** The colour-free layers of a garment at one size, rasterised once per process. */
export function getGarmentLayers(garment: Garment, size: number): Promise<GarmentLayers> {
  const key = `${garment}:${size}`;
  let layers = layerCache.get(key);
  if (!layers) {
    layers = buildGarmentLayers(garment, size);
    layerCache.set(key, layers);
    layers.catch(() => layerCache.delete(key));
  }
  return layers;
}

/** The print area of a garment in pixels of a canvas of `size`. */
export function printAreaPixels(garment: Garment, size: number) {
  const area = printAreaOf(garment);
  const scale = size / 1000;
  return {
    x: Math.round(area.x * scale),
    y: Math.round(area.y * scale),
    width: Math.round(area.width * scale),
    height: Math.round(area.height * scale),
  };
}

/**
 * Resizes the artwork into a garment's print area at one canvas size. With a placement (the artist's, per
 * garment: `@threadfolk/contract/studio`), the box is `placeArtwork`'s, the same arithmetic as the studio's
 * live preview. Without one, the default placement: the artwork kept whole, as large as fits, centred and hung
 * from the top like a real print (libvips' own fit, so designs without a placement render exactly as they
 * always did; `placeArtwork(defaultPlacement)` agrees to within a pixel of rounding).
 */
export async function preparePrint(
  artwork: Buffer,
  garment: Garment,
  size: number,
  placement?: Placement,
): Promise<PreparedPrint> {
  if (placement) {
    const meta = await sharp(artwork).metadata();
    const aspect = (meta.width ?? 1) / (meta.height ?? 1);
    const box = placeArtwork(garment, aspect, placement, size);
    const { data } = await sharp(artwork)
      .ensureAlpha()
      .resize(box.width, box.height, { fit: "fill", kernel: "lanczos3" })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { ...box, rgba: new Uint8Array(data.buffer, data.byteOffset, data.length) };
  }
  const area = printAreaPixels(garment, size);
  const { data, info } = await sharp(artwork)
    .ensureAlpha()
    .resize(area.width, area.height, { fit: "inside", kernel: "lanczos3" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    x: area.x + Math.floor((area.width - info.width) / 2),
    y: area.y,
    width: info.width,
    height: info.height,
    rgba: new Uint8Array(data.buffer, data.byteOffset, data.length),
  };
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

async function buildWatermark(garment: Garment, size: number, brandName: string): Promise<WatermarkLayer> {
  const area = printAreaOf(garment);
  const margin = 24;
  const box = {
    x: area.x - margin,
    y: area.y - margin,
    width: area.width + 2 * margin,
    height: area.height + 2 * margin,
  };
  const label = escapeXml(brandName.toUpperCase());
  // Rows of the name on a diagonal, alternate rows offset; white text with a faint dark edge reads on any
  // print. Text stays at least ~11 px tall, so small thumbnails get fewer, larger words instead of noise.
  const k = Math.max(1, 11 / ((19 * size) / 1000));
  const fontSize = 19 * k;
  const letterSpacing = 3 * k;
  const column = label.length * (0.72 * fontSize + letterSpacing) + 80 * k;
  const step = 64 * k;
  const rows: string[] = [];
  const rowCount = Math.ceil(box.height / step) + 8;
  const columnCount = Math.ceil(box.width / column) + 4;
  for (let row = -4; row < rowCount; row++) {
    const offset = row % 2 === 0 ? 0 : column / 2;
    for (let index = -3; index < columnCount; index++) {
      rows.push(`<text x="${box.x + index * column + offset}" y="${box.y + row * step}">${label}</text>`);
    }
  }
  const scale = size / 1000;
  const pixelBox = {
    x: Math.round(box.x * scale),
    y: Math.round(box.y * scale),
    width: Math.round(box.width * scale),
    height: Math.round(box.height * scale),
  };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${pixelBox.width}" height="${pixelBox.height}" viewBox="${box.x} ${box.y} ${box.width} ${box.height}">
    <g transform="rotate(-30 ${area.x + area.width / 2} ${area.y + area.height / 2})" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="700" font-size="${fontSize}" letter-spacing="${letterSpacing}" fill="#ffffff" fill-opacity="0.42" stroke="#000000" stroke-opacity="0.22" stroke-width="${0.7 * k}">
      ${rows.join("")}
    </g></svg>`;
  const data = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer();
  return { ...pixelBox, rgba: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/** The brand watermark over a garment's print area at one size, rendered once per process. */
export function getWatermarkLayer(garment: Garment, size: number, brandName: string): Promise<WatermarkLayer> {
  const key = `${garment}:${size}:${brandName}`;
  let layer = watermarkCache.get(key);
  if (!layer) {
    layer = buildWatermark(garment, size, brandName);
    watermarkCache.set(key, layer);
    layer.catch(() => watermarkCache.delete(key));
  }
  return layer;
}

/**
 * Lays the watermark over the placed artwork (not the bare fabric around it), fading out at the
 * artwork's edges. Changes `image` in place.
 */
export function applyWatermark(image: Uint8Array, size: number, watermark: WatermarkLayer, print: PreparedPrint): void {
  const feather = Math.max(4, Math.round(size / 60));
  const left = Math.max(watermark.x, print.x - feather);
  const top = Math.max(watermark.y, print.y - feather);
  const right = Math.min(watermark.x + watermark.width, print.x + print.width + feather, size);
  const bottom = Math.min(watermark.y + watermark.height, print.y + print.height + feather, size);
  for (let y = top; y < bottom; y++) {
    const edgeY = Math.min(y - (print.y - feather), print.y + print.height + feather - y) / (2 * feather);
    for (let x = left; x < right; x++) {
      const edgeX = Math.min(x - (print.x - feather), print.x + print.width + feather - x) / (2 * feather);
      const fade = Math.max(0, Math.min(1, edgeX, edgeY));
      const source = ((y - watermark.y) * watermark.width + (x - watermark.x)) * 4;
      const alpha = ((watermark.rgba[source + 3] as number) / 255) * fade;
      if (alpha <= 0) continue;
      const pixel = (y * size + x) * 3;
      image[pixel] = (image[pixel] as number) * (1 - alpha) + (watermark.rgba[source] as number) * alpha;
      image[pixel + 1] = (image[pixel + 1] as number) * (1 - alpha) + (watermark.rgba[source + 1] as number) * alpha;
      image[pixel + 2] = (image[pixel + 2] as number) * (1 - alpha) + (watermark.rgba[source + 2] as number) * alpha;
    }
  }
}

/** Encodes a raw RGB square as WebP (runs in libvips' thread pool). */
export function encodeWebp(image: Uint8Array, size: number): Promise<Buffer> {
  return sharp(image, { raw: { width: size, height: size, channels: 3 } })
    .webp(WEBP_OPTIONS)
    .toBuffer();
}
