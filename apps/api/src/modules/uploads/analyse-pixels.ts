/** What the wizard's transparency check reads from a normalised picture's RGBA pixels. */
export type PixelAnalysis = {
  /** Any pixel less than fully opaque. */
  hasTransparency: boolean;
  /**
   * The art sits on an opaque, near-uniform rectangle (a white or coloured background the artist may not want
   * printed): the edges of the picture, or of the box that holds its non-transparent pixels, are fully opaque
   * and nearly one colour.
   */
  opaqueBackground: boolean;
};

/** How far (per channel, 0-255) an edge pixel may stray from the edge's typical colour and still count as it. */
export const BACKGROUND_TOLERANCE = 24;
/** The share of edge pixels that must be that colour (a little art touching the edge is allowed). */
export const BACKGROUND_EDGE_SHARE = 0.97;

/**
 * Transparency and the opaque background rectangle of `pixels`, 4 bytes (RGBA) per pixel, row by row.
 * The edge colour is the per-channel median of the edge pixels, so a few pixels of art reaching the edge do
 * not move it.
 */
export function analysePixels(pixels: Uint8Array | Buffer, width: number, height: number): PixelAnalysis {
  // The box holding every pixel that is not fully transparent.
  let hasTransparency = false;
  let top = height;
  let bottom = -1;
  let left = width;
  let right = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width * 4;
    for (let x = 0; x < width; x++) {
      const alpha = pixels[row + x * 4 + 3] as number;
      if (alpha < 255) hasTransparency = true;
      if (alpha > 0) {
        if (y < top) top = y;
        if (y > bottom) bottom = y;
        if (x < left) left = x;
        if (x > right) right = x;
      }
    }
  }
  if (bottom < 0) return { hasTransparency, opaqueBackground: false };
  return { hasTransparency, opaqueBackground: isOpaqueUniformFrame(pixels, width, { top, bottom, left, right }) };
}

type Box = { top: number; bottom: number; left: number; right: number };

function isOpaqueUniformFrame(pixels: Uint8Array | Buffer, width: number, box: Box): boolean {
  const { top, bottom, left, right } = box;
  // Too thin a box is a line, not a background.
  if (bottom - top < 2 || right - left < 2) return false;
  const offsets: number[] = [];
  for (let x = left; x <= right; x++) {
    offsets.push((top * width + x) * 4, (bottom * width + x) * 4);
  }
  for (let y = top + 1; y < bottom; y++) {
    offsets.push((y * width + left) * 4, (y * width + right) * 4);
  }
  for (const offset of offsets) {
    if (pixels[offset + 3] !== 255) return false;
  }
  const median = [0, 1, 2].map((channel) => {
    const values = offsets.map((offset) => pixels[offset + channel] as number).sort((a, b) => a - b);
    return values[values.length >> 1] as number;
  });
  let matching = 0;
  for (const offset of offsets) {
    const close = median.every(
      (value, channel) => Math.abs((pixels[offset + channel] as number) - value) <= BACKGROUND_TOLERANCE,
    );
    if (close) matching++;
  }
  return matching / offsets.length >= BACKGROUND_EDGE_SHARE;
}
