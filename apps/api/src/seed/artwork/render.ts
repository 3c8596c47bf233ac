import sharp from "sharp";
import { type ArtworkFit, type ArtworkInput, generateArtworkSvg } from "./families.ts";
import { CANVAS_HEIGHT, CANVAS_WIDTH, escapeXml } from "./svg.ts";

/** Renders an SVG document to PNG at its own width and height (fast zlib settings: seed time matters). */
export async function renderPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer();
}

/**
 * The inked width in pixels of one line of text as librsvg lays it out (real glyph widths and kerning, which
 * the estimate in svg.ts only approximates), at `size` pixels in the given font.
 */
export async function measureTextWidth(
  content: string,
  font: { family: string; weight: string },
  size: number,
): Promise<number> {
  const width = Math.ceil(size * Math.max(1, [...content].length) * 1.4 + 2 * size);
  const height = Math.ceil(size * 2);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><text x="${size}" y="${Math.round(size * 1.4)}" font-family="${font.family}" font-weight="${font.weight}" font-size="${size}" fill="#000">${escapeXml(content)}</text></svg>`;
  const ink = await inkBounds(svg);
  return ink ? ink.right - ink.left + 1 : 0;
}

/** The first and last inked column and row of an SVG rendered at its own size (undefined when nothing is inked). */
async function inkBounds(svg: string) {
  const { data, info } = await sharp(Buffer.from(svg))
    .ensureAlpha()
    .extractChannel(3)
    .raw()
    .toBuffer({ resolveWithObject: true });
  let left = info.width;
  let right = -1;
  let top = info.height;
  let bottom = -1;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if ((data[y * info.width + x] as number) === 0) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      bottom = y;
    }
  }
  return right < 0 ? undefined : { left, top, right, bottom };
}

/** The largest whole font size up to `maxSize` at which the line's ink is at most `maxWidth` pixels wide. */
export async function fitTextSize(
  content: string,
  font: { family: string; weight: string },
  maxWidth: number,
  maxSize: number,
): Promise<number> {
  let size = maxSize;
  let width = await measureTextWidth(content, font, size);
  if (width > maxWidth) size = Math.floor((maxSize * maxWidth) / width);
  // Glyph widths do not scale exactly linearly (hinting), so confirm and step down if needed.
  for (width = await measureTextWidth(content, font, size); width > maxWidth && size > 8; size--) {
    width = await measureTextWidth(content, font, size - 1);
  }
  return size;
}

/**
 * Runs `task` over `items` with at most `concurrency` in flight, keeping result order. sharp renders on
 * libuv's thread pool, so a few tasks in flight keep every core busy without flooding memory.
 */
export async function mapConcurrent<T, R>(
  items: readonly T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T, index);
    }
  });
  await Promise.all(workers);
  return results;
}

/** The room kept between a drawing and its canvas's edges, in canvas units (2% of the width). */
export const ARTWORK_CANVAS_MARGIN = 24;
const PROBE_WIDTH = 120;
const PROBE_OVERSCAN = 0.25;

/**
 * Where a drawing really is, in canvas units: a small render that also shows a quarter of the canvas beyond
 * each edge, so lettering that runs off the canvas (text widths are estimated when the SVG is written) is found.
 */
async function drawingBounds(input: ArtworkInput) {
  const ink = await inkBounds(generateArtworkSvg(input, PROBE_WIDTH, { overscan: PROBE_OVERSCAN }));
  if (!ink) return undefined;
  const { left, top, right, bottom } = ink;
  const unit = CANVAS_WIDTH / PROBE_WIDTH;
  const offsetX = PROBE_OVERSCAN * CANVAS_WIDTH;
  const offsetY = PROBE_OVERSCAN * CANVAS_HEIGHT;
  // A probe pixel is `unit` canvas units: count it whole, and one more for anti-aliasing below the threshold.
  return {
    left: left * unit - offsetX - unit,
    top: top * unit - offsetY - unit,
    right: (right + 2) * unit - offsetX,
    bottom: (bottom + 2) * unit - offsetY,
  };
}

/**
 * The SVG of an artwork as the seed stores it: when the drawing comes within `ARTWORK_CANVAS_MARGIN` of its
 * canvas's edges or runs off them (a long slogan, a caption under many lines), it is moved back inside, and
 * scaled down only if it is too big to fit, so no lettering is ever cut off at the edge of the stored PNG.
 */
export async function fitArtworkSvg(input: ArtworkInput, width: number, overscan = 0): Promise<string> {
  const bounds = await drawingBounds(input);
  const m = ARTWORK_CANVAS_MARGIN;
  if (
    !bounds ||
    (bounds.left >= m && bounds.top >= m && bounds.right <= CANVAS_WIDTH - m && bounds.bottom <= CANVAS_HEIGHT - m)
  )
    return generateArtworkSvg(input, width, { overscan });
  const boundsWidth = bounds.right - bounds.left;
  const boundsHeight = bounds.bottom - bounds.top;
  const scale = Math.min(1, (CANVAS_WIDTH - 2 * m) / boundsWidth, (CANVAS_HEIGHT - 2 * m) / boundsHeight);
  // Keep the drawing's centre where it was as far as the canvas allows.
  const place = (start: number, size: number, canvas: number) => {
    const centred = start + size / 2 - (size * scale) / 2;
    return Math.min(Math.max(centred, m), canvas - m - size * scale) - start * scale;
  };
  const fit: ArtworkFit = {
    scale,
    dx: place(bounds.left, boundsWidth, CANVAS_WIDTH),
    dy: place(bounds.top, boundsHeight, CANVAS_HEIGHT),
  };
  return generateArtworkSvg(input, width, { fit, overscan });
}
