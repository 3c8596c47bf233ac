import { composeMockup, type GarmentLayers, type PreparedPrint } from "@threadfolk/contract/mockup-compose";
import { type Box, type Placement, placeArtwork } from "@threadfolk/contract/studio";
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

// Effort 0 looks the same as effort 2 on these flat, shaded pictures and encodes about twice as fast, for
// roughly a third more bytes (about 24 KB instead of 17 KB at 1024 px): the set's time budget wins.
const WEBP_OPTIONS = { quality: 80, effort: 0, smartSubsample: false } as const;

const layerCache = new Map<string, Promise<GarmentLayers>>();
const watermarkCache = new Map<string, Promise<WatermarkLayer | undefined>>();

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

/** The margin kept between a default-placed artwork's real bounds and the print area's edges (share of its width). */
export const PRINT_SAFE_MARGIN = 0.04;

/** Alpha above which a pixel counts as artwork when its transparent padding is trimmed (3%: faint haze is padding). */
export const OPAQUE_ALPHA = 8;

export type ArtworkBounds = { left: number; top: number; width: number; height: number };

const boundsCache = new WeakMap<Buffer, Promise<ArtworkBounds>>();

async function findArtworkBounds(artwork: Buffer): Promise<ArtworkBounds> {
  const { data, info } = await sharp(artwork)
    .ensureAlpha()
    .extractChannel(3)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let first = -1;
    for (let x = 0; x < width; x++) {
      if ((data[row + x] as number) > OPAQUE_ALPHA) {
        first = x;
        break;
      }
    }
    if (first < 0) continue;
    let last = first;
    for (let x = width - 1; x > first; x--) {
      if ((data[row + x] as number) > OPAQUE_ALPHA) {
        last = x;
        break;
      }
    }
    if (first < left) left = first;
    if (last > right) right = last;
    if (y < top) top = y;
    bottom = y;
  }
  // A blank artwork keeps its whole canvas (nothing to trim to).
  if (right < 0) return { left: 0, top: 0, width, height };
  return { left, top, width: right - left + 1, height: bottom - top + 1 };
}

/**
 * The artwork's real bounds in its own pixels: the box of pixels more than `OPAQUE_ALPHA` opaque, so the
 * transparent padding around a drawing is not fitted as if it were art. Computed once per artwork buffer.
 */
export function artworkBounds(artwork: Buffer): Promise<ArtworkBounds> {
  let bounds = boundsCache.get(artwork);
  if (!bounds) {
    bounds = findArtworkBounds(artwork);
    boundsCache.set(artwork, bounds);
  }
  return bounds;
}

/**
 * Where the default placement puts an artwork whose real bounds are `bounds.width` x `bounds.height`, on a
 * canvas of `size`: as large as fits the print area less a safe margin on every side, centred, hung from the
 * top of that inner box like a real print. The box never leaves the print area.
 */
export function defaultPrintBox(garment: Garment, size: number, bounds: { width: number; height: number }) {
  return defaultBoxInArea(printAreaPixels(garment, size), bounds);
}

/**
 * The default placement's box inside `area` (a print area wherever it is drawn: on a mockup, or the whole
 * canvas of a print file): the real bounds as large as fit inside the area less the safe margin, centred, hung
 * from the top of that inner box.
 */
export function defaultBoxInArea(area: Box, bounds: { width: number; height: number }): Box {
  const inset = Math.max(1, Math.round(area.width * PRINT_SAFE_MARGIN));
  const inner = { width: area.width - 2 * inset, height: area.height - 2 * inset };
  const scale = Math.min(inner.width / bounds.width, inner.height / bounds.height);
  const width = Math.max(1, Math.min(inner.width, Math.round(bounds.width * scale)));
  const height = Math.max(1, Math.min(inner.height, Math.round(bounds.height * scale)));
  return { x: area.x + inset + Math.floor((inner.width - width) / 2), y: area.y + inset, width, height };
}

/**
 * Resizes the artwork into a garment's print area at one canvas size. With a placement (the artist's, per
 * garment: `@threadfolk/contract/studio`), the box is `placeArtwork`'s, the same arithmetic as the studio's
 * live preview, over the whole artwork as uploaded. Without one (the demo catalogue, designs never placed),
 * the default placement: the artwork's real bounds (transparent padding trimmed, `artworkBounds`) as large as
 * fits inside the print area less a safe margin, centred and hung from the top (`defaultPrintBox`), so
 * lettering near the drawing's edge is never cut by the print edge and a small drawing on a big canvas is not
 * printed small.
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
  const bounds = await artworkBounds(artwork);
  const box = defaultPrintBox(garment, size, bounds);
  const { data } = await sharp(artwork)
    .ensureAlpha()
    .extract(bounds)
    .resize(box.width, box.height, { fit: "fill", kernel: "lanczos3" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { ...box, rgba: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * The watermark policy (decision 043): how each mockup width is marked. Card-size pictures carry no mark (the
 * print is under 100 px wide there, useless for reuse, and a mark would only hide the design); the design
 * page's size carries one subtle mark across the print; the largest (the zoom) one stronger mark. No public
 * picture shows the artwork anywhere near print resolution (the print is under 300 px wide even at 1024).
 */
export type WatermarkStyle = {
  /** Opacity of the mark's white letters (their dark edge is about half of it). */
  opacity: number;
  /** The mark's length as a share of the print area's width. */
  span: number;
};

/** Pictures this wide or narrower are not marked. */
export const UNMARKED_MAX_WIDTH = 320;

export function watermarkStyleFor(size: number): WatermarkStyle | undefined {
  if (size <= UNMARKED_MAX_WIDTH) return undefined;
  if (size < 1024) return { opacity: 0.32, span: 0.78 };
  return { opacity: 0.5, span: 0.9 };
}

/** One watermark: the brand name once, on a diagonal, as unpremultiplied RGBA, centred on the print when laid. */
export type WatermarkLayer = { width: number; height: number; rgba: Uint8Array };

const MARK_ANGLE = 30;

async function buildWatermark(
  garment: Garment,
  size: number,
  brandName: string,
  style: WatermarkStyle,
): Promise<WatermarkLayer> {
  const area = printAreaPixels(garment, size);
  const label = escapeXml(brandName.toUpperCase());
  const characters = Math.max(1, [...brandName].length);
  // DejaVu Sans Bold capitals advance about 0.72 em; the letter spacing adds 0.12 em each.
  const length = area.width * style.span;
  const fontSize = length / (characters * 0.84);
  const letterSpacing = fontSize * 0.12;
  const lineHeight = fontSize * 1.25;
  const radians = (MARK_ANGLE * Math.PI) / 180;
  const width = Math.ceil(length * Math.cos(radians) + lineHeight * Math.sin(radians)) + 4;
  const height = Math.ceil(length * Math.sin(radians) + lineHeight * Math.cos(radians)) + 4;
  const edge = Math.max(0.6, fontSize * 0.05);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
    <text x="${width / 2}" y="${height / 2 + fontSize * 0.36}" transform="rotate(-${MARK_ANGLE} ${width / 2} ${height / 2})" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="700" font-size="${fontSize}" letter-spacing="${letterSpacing}" fill="#ffffff" fill-opacity="${style.opacity}" stroke="#000000" stroke-opacity="${style.opacity / 2}" stroke-width="${edge}" paint-order="stroke">${label}</text></svg>`;
  const data = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer();
  return { width, height, rgba: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/**
 * The brand watermark for a garment's print area at one size (`watermarkStyleFor`), rendered once per
 * process; undefined at the sizes that are not marked.
 */
export function getWatermarkLayer(
  garment: Garment,
  size: number,
  brandName: string,
): Promise<WatermarkLayer | undefined> {
  const style = watermarkStyleFor(size);
  if (!style) return Promise.resolve(undefined);
  const key = `${garment}:${size}:${brandName}`;
  let layer = watermarkCache.get(key);
  if (!layer) {
    layer = buildWatermark(garment, size, brandName, style);
    watermarkCache.set(key, layer);
    layer.catch(() => watermarkCache.delete(key));
  }
  return layer;
}

/**
 * Lays the watermark centred on the placed artwork (never on the bare fabric around it), fading out at the
 * artwork's edges. Changes `image` in place; without a watermark (an unmarked size) nothing changes.
 */
export function applyWatermark(
  image: Uint8Array,
  size: number,
  watermark: WatermarkLayer | undefined,
  print: PreparedPrint,
): void {
  if (!watermark) return;
  const feather = Math.max(4, Math.round(size / 60));
  const originX = Math.round(print.x + print.width / 2 - watermark.width / 2);
  const originY = Math.round(print.y + print.height / 2 - watermark.height / 2);
  const left = Math.max(0, originX, print.x - feather);
  const top = Math.max(0, originY, print.y - feather);
  const right = Math.min(originX + watermark.width, print.x + print.width + feather, size);
  const bottom = Math.min(originY + watermark.height, print.y + print.height + feather, size);
  for (let y = top; y < bottom; y++) {
    const edgeY = Math.min(y - (print.y - feather), print.y + print.height + feather - y) / (2 * feather);
    for (let x = left; x < right; x++) {
      const edgeX = Math.min(x - (print.x - feather), print.x + print.width + feather - x) / (2 * feather);
      const fade = Math.max(0, Math.min(1, edgeX, edgeY));
      const source = ((y - originY) * watermark.width + (x - originX)) * 4;
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

/** Encodes a raw RGB square as JPEG: for e-mails, whose clients do not all show WebP. */
export function encodeJpeg(image: Uint8Array, size: number): Promise<Buffer> {
  return sharp(image, { raw: { width: size, height: size, channels: 3 } })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
}
