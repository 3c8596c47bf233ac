/**
 * The artwork in the browser: decoded once (downscaled to at most `MAX_ARTWORK_SIDE`, plenty for a
 * 480 px preview and a 240 px grid), then resized to each placed box as unpremultiplied RGBA, as the
 * server's `preparePrint` hands its compositor.
 */

export const MAX_ARTWORK_SIDE = 1024;

const bitmaps = new Map<string, Promise<ImageBitmap>>();

export function loadArtworkBitmap(url: string): Promise<ImageBitmap> {
  let bitmap = bitmaps.get(url);
  if (!bitmap) {
    bitmap = (async () => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`The artwork could not be loaded (${response.status})`);
      const blob = await response.blob();
      const full = await createImageBitmap(blob, { colorSpaceConversion: "none", premultiplyAlpha: "none" });
      const longest = Math.max(full.width, full.height);
      if (longest <= MAX_ARTWORK_SIDE) return full;
      const ratio = MAX_ARTWORK_SIDE / longest;
      const small = await createImageBitmap(full, {
        resizeWidth: Math.max(1, Math.round(full.width * ratio)),
        resizeHeight: Math.max(1, Math.round(full.height * ratio)),
        resizeQuality: "high",
        premultiplyAlpha: "none",
      });
      full.close();
      return small;
    })();
    bitmaps.set(url, bitmap);
    bitmap.catch(() => bitmaps.delete(url));
  }
  return bitmap;
}

type Scratch = {
  canvas: OffscreenCanvas | HTMLCanvasElement;
  context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
};
let scratch: Scratch | undefined;

function scratchCanvas(width: number, height: number): Scratch {
  if (!scratch) {
    const canvas =
      typeof OffscreenCanvas === "undefined" ? document.createElement("canvas") : new OffscreenCanvas(width, height);
    const context = canvas.getContext("2d", { willReadFrequently: true }) as Scratch["context"] | null;
    if (!context) throw new Error("This browser cannot draw the preview");
    scratch = { canvas, context };
  }
  if (scratch.canvas.width < width) scratch.canvas.width = width;
  if (scratch.canvas.height < height) scratch.canvas.height = height;
  return scratch;
}

/** Keeps the latest few sizes: a drag redraws the grid at one size many times. */
const resized = new Map<string, Uint8Array>();
const RESIZED_KEPT = 8;
const bitmapIds = new WeakMap<ImageBitmap, number>();
let nextBitmapId = 1;

/** The artwork resized to `width` x `height` as unpremultiplied RGBA. */
export function artworkRgba(bitmap: ImageBitmap, width: number, height: number): Uint8Array {
  let id = bitmapIds.get(bitmap);
  if (id === undefined) {
    id = nextBitmapId++;
    bitmapIds.set(bitmap, id);
  }
  const key = `${id}:${width}x${height}`;
  const kept = resized.get(key);
  if (kept) return kept;
  const { context } = scratchCanvas(width, height);
  context.clearRect(0, 0, width, height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, width, height);
  const data = context.getImageData(0, 0, width, height).data;
  const rgba = new Uint8Array(data.buffer, data.byteOffset, data.length);
  resized.set(key, rgba);
  if (resized.size > RESIZED_KEPT) {
    const oldest = resized.keys().next().value;
    if (oldest !== undefined) resized.delete(oldest);
  }
  return rgba;
}
