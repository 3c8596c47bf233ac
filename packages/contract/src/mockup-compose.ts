import { COLOR_HEX, isDarkColor, type ProductColor } from "./colors.ts";

/**
 * The mockup compositor's pure part, shared by the server's renderer (apps/api media render-mockup.ts) and
 * the studio's live colour grid in the browser: what the artist sees on the 19 colours is computed by the
 * same code as the mockups the shop serves. A garment drawing is rasterised into colour-free layers; each
 * colour is then one pass over them, and the artwork is laid on the chest under the fabric's folds.
 */

export type GarmentLayers = {
  size: number;
  /** Coverage 0-255. */
  mask: Uint8Array;
  /** Coverage of the ink 0-255: the mask less what hangs over the print (the same array when nothing does). */
  printMask: Uint8Array;
  /** Multiply factor 0-255 (255 = unchanged), fabric grain included. */
  shade: Uint8Array;
  /** Screen amount 0-255 (0 = unchanged). */
  light: Uint8Array;
  /** RGB studio background with the garment's shadow. */
  backdrop: Uint8Array;
};

/** The artwork resized into a garment's print area at one size: unpremultiplied RGBA at (x, y). */
export type PreparedPrint = { x: number; y: number; width: number; height: number; rgba: Uint8Array };

function hexToRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

const luminance = (r: number, g: number, b: number) => (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;

/** How much of the fabric's folds and grain show through the ink (a print is on the fabric, not above it). */
const PRINT_SHADE = 0.85;
const PRINT_LIGHT = 0.75;
/** Minimum luminance gap between ink and fabric on dark garments (ink printed over a white underbase). */
export const DARK_MIN_CONTRAST = 0.2;
/** Ink darker than this counts as dark ink (outlines, black text). */
export const DARK_INK = 0.22;
/** Minimum luminance gap between ink and fabric on light garments (white ink on a white shirt). */
export const LIGHT_MIN_CONTRAST = 0.25;
/** Ink lighter than this counts as light ink (white or cream linework, pale fills). */
export const LIGHT_INK = 0.75;
/** On light garments, inks without an underbase take a little of the fabric's tint. */
const LIGHT_INK_TINT = 0.14;

export type ComposeOptions = {
  layers: GarmentLayers;
  color: ProductColor;
  print?: PreparedPrint;
};

/**
 * The bare garment in one colour as raw RGB: fabric colour through the shade (multiply) and light (screen)
 * layers over the backdrop. The studio keeps these per colour and lays each new placement over a copy.
 */
export function composeFabric({ layers, color }: { layers: GarmentLayers; color: ProductColor }): Uint8Array {
  const { size, mask, shade, light, backdrop } = layers;
  const [fabricR, fabricG, fabricB] = hexToRgb(COLOR_HEX[color]);
  const out = new Uint8Array(size * size * 3);
  for (let index = 0, pixel = 0; index < mask.length; index++, pixel += 3) {
    const coverage = mask[index] as number;
    if (coverage === 0) {
      out[pixel] = backdrop[pixel] as number;
      out[pixel + 1] = backdrop[pixel + 1] as number;
      out[pixel + 2] = backdrop[pixel + 2] as number;
      continue;
    }
    const s = shade[index] as number;
    const inverseLight = 255 - (light[index] as number);
    const r = 255 - ((255 - (fabricR * s) / 255) * inverseLight) / 255;
    const g = 255 - ((255 - (fabricG * s) / 255) * inverseLight) / 255;
    const b = 255 - ((255 - (fabricB * s) / 255) * inverseLight) / 255;
    if (coverage === 255) {
      out[pixel] = r;
      out[pixel + 1] = g;
      out[pixel + 2] = b;
    } else {
      const back = 255 - coverage;
      out[pixel] = (r * coverage + (backdrop[pixel] as number) * back) / 255;
      out[pixel + 1] = (g * coverage + (backdrop[pixel + 1] as number) * back) / 255;
      out[pixel + 2] = (b * coverage + (backdrop[pixel + 2] as number) * back) / 255;
    }
  }
  return out;
}

/**
 * One mockup as raw RGB: fabric colour through the shade (multiply) and light (screen) layers over the
 * backdrop, then the print under the same folds. Dark garments print over a white underbase, so the ink
 * keeps its own colour, and ink too close to the fabric is lifted so dark-on-dark art stays legible;
 * light garments tint the ink slightly, as water-based ink on cotton does, and deepen light ink that would
 * vanish into them, so light-on-light art stays legible too.
 */
export function composeMockup({ layers, color, print }: ComposeOptions): Uint8Array {
  const out = composeFabric({ layers, color });
  if (print) layPrint(out, layers, print, color);
  return out;
}

/**
 * Lays a prepared print over a garment image of `color` (raw RGB of the layers' size, from `composeFabric`),
 * in place, as `composeMockup` does.
 */
export function layPrint(out: Uint8Array, layers: GarmentLayers, prepared: PreparedPrint, color: ProductColor): void {
  const { size, printMask, shade, light } = layers;
  const print = drapePrint(layers, prepared);
  const [fabricR, fabricG, fabricB] = hexToRgb(COLOR_HEX[color]);
  const isDark = isDarkColor(color);
  const fabricLuminance = luminance(fabricR, fabricG, fabricB);
  const liftTarget = Math.min(1, fabricLuminance + DARK_MIN_CONTRAST);
  const deepenTarget = Math.max(0, fabricLuminance - LIGHT_MIN_CONTRAST);
  const tintR = 1 - LIGHT_INK_TINT + (LIGHT_INK_TINT * fabricR) / 255;
  const tintG = 1 - LIGHT_INK_TINT + (LIGHT_INK_TINT * fabricG) / 255;
  const tintB = 1 - LIGHT_INK_TINT + (LIGHT_INK_TINT * fabricB) / 255;
  const { rgba, width, height } = print;
  for (let row = 0; row < height; row++) {
    const y = print.y + row;
    if (y < 0 || y >= size) continue;
    for (let column = 0; column < width; column++) {
      const x = print.x + column;
      if (x < 0 || x >= size) continue;
      const source = (row * width + column) * 4;
      const index = y * size + x;
      const alpha = ((rgba[source + 3] as number) * (printMask[index] as number)) / 65025;
      if (alpha <= 0) continue;
      let r = rgba[source] as number;
      let g = rgba[source + 1] as number;
      let b = rgba[source + 2] as number;
      if (isDark) {
        // Ink over a white underbase keeps its colour. Only dark ink that would vanish into the fabric
        // (black outlines on a black or navy shirt) is lifted to a visible charcoal; mid tones stay true.
        const inkLuminance = luminance(r, g, b);
        if (inkLuminance < DARK_INK && fabricLuminance - inkLuminance < DARK_MIN_CONTRAST) {
          const lift = (liftTarget - inkLuminance) * 255;
          r = Math.min(255, r + lift);
          g = Math.min(255, g + lift);
          b = Math.min(255, b + lift);
        }
      } else {
        r *= tintR;
        g *= tintG;
        b *= tintB;
        // The mirror image: light ink that would vanish into a light fabric (cream lines on a white or
        // creme shirt) is deepened, keeping its hue, to a tone the eye can still tell from the fabric.
        const inkLuminance = luminance(r, g, b);
        if (
          inkLuminance > LIGHT_INK &&
          inkLuminance - deepenTarget > 0 &&
          fabricLuminance - inkLuminance < LIGHT_MIN_CONTRAST
        ) {
          const scale = deepenTarget / inkLuminance;
          r *= scale;
          g *= scale;
          b *= scale;
        }
      }
      // The fabric's shading and grain over the ink.
      const s = 1 - PRINT_SHADE * (1 - (shade[index] as number) / 255);
      const inverseLight = 1 - (PRINT_LIGHT * (light[index] as number)) / 255;
      r = 255 - (255 - r * s) * inverseLight;
      g = 255 - (255 - g * s) * inverseLight;
      b = 255 - (255 - b * s) * inverseLight;
      const pixel = index * 3;
      out[pixel] = (out[pixel] as number) * (1 - alpha) + r * alpha;
      out[pixel + 1] = (out[pixel + 1] as number) * (1 - alpha) + g * alpha;
      out[pixel + 2] = (out[pixel + 2] as number) * (1 - alpha) + b * alpha;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// The print following the fabric. The folds that shade the print also bend it: the fabric's relief (the
// shade layer's folds, without its grain and without the body's broad roundness) moves each pixel of the
// print a little, as a slightly raised camera sees a print on a rippled surface. Computed from the layers
// alone, so the server and the studio's browser bend a print the same way.

/** How far the print moves per unit of relief (a fold of full depth), as a share of the picture's size. */
const DRAPE_SHIFT = 0.026;
/** The most a print moves (deep folds at the armpits), as a share of the picture's size. */
const DRAPE_MAX = 0.006;
/** The direction of the move: mostly down (the camera is a little above the chest), a little sideways. */
const DRAPE_X = 0.35;
const DRAPE_Y = 1;

const reliefCache = new WeakMap<GarmentLayers, Int8Array>();

/** A box blur of `radius` along rows (`step` 1) or columns (`step` size) of a square float image. */
function boxBlur(source: Float32Array, size: number, radius: number, alongRows: boolean): Float32Array {
  const out = new Float32Array(source.length);
  const span = 2 * radius + 1;
  for (let line = 0; line < size; line++) {
    const start = alongRows ? line * size : line;
    const step = alongRows ? 1 : size;
    let sum = 0;
    for (let offset = -radius; offset <= radius; offset++) {
      sum += source[start + Math.min(size - 1, Math.max(0, offset)) * step] as number;
    }
    for (let position = 0; position < size; position++) {
      out[start + position * step] = sum / span;
      const leaving = Math.max(0, position - radius);
      const entering = Math.min(size - 1, position + radius + 1);
      sum += (source[start + entering * step] as number) - (source[start + leaving * step] as number);
    }
  }
  return out;
}

function blurred(source: Float32Array, size: number, radius: number): Float32Array {
  // Two box passes each way: close enough to a Gaussian for a smooth relief.
  let image = source;
  for (let pass = 0; pass < 2; pass++) {
    image = boxBlur(boxBlur(image, size, radius, true), size, radius, false);
  }
  return image;
}

/**
 * The fabric's relief, signed (-127 deepest fold, 0 flat, up to 127 a ridge): the shade layer averaged past
 * its grain and seams, less its broad shading (the body turning away at the sides), so only folds remain.
 * Worked out on a copy of about 256 px (folds are soft) and scaled back up, so it costs little at any size.
 */
export function reliefOf(layers: GarmentLayers): Int8Array {
  let relief = reliefCache.get(layers);
  if (relief) return relief;
  const { size, shade } = layers;
  const factor = Math.max(1, Math.floor(size / 256));
  const small = Math.ceil(size / factor);
  // Block averages (which also average the grain away).
  const sums = new Float32Array(small * small);
  const counts = new Float32Array(small * small);
  for (let y = 0; y < size; y++) {
    const row = Math.floor(y / factor) * small;
    for (let x = 0; x < size; x++) {
      const cell = row + Math.floor(x / factor);
      sums[cell] = (sums[cell] as number) + (shade[y * size + x] as number);
      counts[cell] = (counts[cell] as number) + 1;
    }
  }
  for (let cell = 0; cell < sums.length; cell++) sums[cell] = (sums[cell] as number) / (counts[cell] as number);
  const fine = blurred(sums, small, 1);
  const broad = blurred(sums, small, Math.max(2, Math.round(small / 22)));
  const lowRelief = new Float32Array(small * small);
  // Shade differences are 0-255; a fold of depth 0.25 is about -64, doubled to fill the byte.
  for (let cell = 0; cell < lowRelief.length; cell++) {
    lowRelief[cell] = ((fine[cell] as number) - (broad[cell] as number)) * 2;
  }
  relief = new Int8Array(size * size);
  for (let y = 0; y < size; y++) {
    const sy = Math.min(small - 1, Math.max(0, (y + 0.5) / factor - 0.5));
    const top = Math.floor(sy);
    const bottom = Math.min(small - 1, top + 1);
    const fy = sy - top;
    for (let x = 0; x < size; x++) {
      const sx = Math.min(small - 1, Math.max(0, (x + 0.5) / factor - 0.5));
      const left = Math.floor(sx);
      const right = Math.min(small - 1, left + 1);
      const fx = sx - left;
      const upper =
        (lowRelief[top * small + left] as number) * (1 - fx) + (lowRelief[top * small + right] as number) * fx;
      const lower =
        (lowRelief[bottom * small + left] as number) * (1 - fx) + (lowRelief[bottom * small + right] as number) * fx;
      relief[y * size + x] = Math.max(-127, Math.min(127, Math.round(upper * (1 - fy) + lower * fy)));
    }
  }
  reliefCache.set(layers, relief);
  return relief;
}

const drapedCache = new WeakMap<PreparedPrint, { layers: GarmentLayers; print: PreparedPrint }>();

/**
 * The print bent by the fabric's relief (same box, resampled bilinearly with premultiplied alpha; what falls
 * outside the box is transparent, so the ink never leaves its box). Cached per print and layers: every colour
 * of a garment lays the same bent print.
 */
export function drapePrint(layers: GarmentLayers, print: PreparedPrint): PreparedPrint {
  const cached = drapedCache.get(print);
  if (cached && cached.layers === layers) return cached.print;
  const { size } = layers;
  const relief = reliefOf(layers);
  const { width, height, rgba } = print;
  const shift = (DRAPE_SHIFT * size) / 254;
  const most = DRAPE_MAX * size;
  const out = new Uint8Array(rgba.length);
  for (let row = 0; row < height; row++) {
    const y = print.y + row;
    for (let column = 0; column < width; column++) {
      const x = print.x + column;
      const target = (row * width + column) * 4;
      // Never further than the print's own edge (DRAPE_X and DRAPE_Y are at most 1): ink at the edge of the
      // box bends less instead of being pushed out of it, so the outermost lettering is never cut.
      const room = Math.min(most, column, width - 1 - column, row, height - 1 - row);
      const amount =
        x >= 0 && x < size && y >= 0 && y < size
          ? Math.max(-room, Math.min(room, (relief[y * size + x] as number) * shift))
          : 0;
      const sourceX = column + DRAPE_X * amount;
      const sourceY = row + DRAPE_Y * amount;
      const left = Math.floor(sourceX);
      const top = Math.floor(sourceY);
      const fx = sourceX - left;
      const fy = sourceY - top;
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let corner = 0; corner < 4; corner++) {
        const cx = left + (corner & 1);
        const cy = top + (corner >> 1);
        if (cx < 0 || cx >= width || cy < 0 || cy >= height) continue;
        const weight = ((corner & 1) === 1 ? fx : 1 - fx) * (corner >> 1 === 1 ? fy : 1 - fy);
        const source = (cy * width + cx) * 4;
        const alpha = (rgba[source + 3] as number) * weight;
        r += (rgba[source] as number) * alpha;
        g += (rgba[source + 1] as number) * alpha;
        b += (rgba[source + 2] as number) * alpha;
        a += alpha;
      }
      if (a <= 0) continue;
      out[target] = r / a;
      out[target + 1] = g / a;
      out[target + 2] = b / a;
      out[target + 3] = a;
    }
  }
  const draped = { ...print, rgba: out };
  drapedCache.set(print, { layers, print: draped });
  return draped;
}

// ---------------------------------------------------------------------------------------------------------
// The layers on the wire (`GET /api/v1/garment_layers/{garment}`), for the studio's browser-side compositing.

/** Bumped whenever the drawings or the packing change: the `v` of the layers' immutable URLs. */
export const GARMENT_LAYERS_VERSION = 2;
/** The only sizes served (square, pixels): the colour grid's cells and the placement preview. */
export const GARMENT_LAYER_SIZES = [240, 320, 480] as const;
export type GarmentLayerSize = (typeof GARMENT_LAYER_SIZES)[number];

const MAGIC = [0x54, 0x46, 0x47, 0x4c]; // "TFGL"
const HEADER_BYTES = 8;
const FLAG_COVER = 1;

/**
 * Packs a garment's layers into one buffer: an 8-byte header ("TFGL", format version, flags, size as a
 * little-endian u16), then mask, shade, light (one byte a pixel each), the RGB backdrop, and the print mask
 * only when something covers the print (the hoodie's drawstrings).
 */
export function packGarmentLayers(layers: GarmentLayers): Uint8Array {
  const { size } = layers;
  const pixels = size * size;
  const hasCover = layers.printMask !== layers.mask;
  const out = new Uint8Array(HEADER_BYTES + pixels * (hasCover ? 7 : 6));
  out.set(MAGIC, 0);
  out[4] = GARMENT_LAYERS_VERSION;
  out[5] = hasCover ? FLAG_COVER : 0;
  out[6] = size & 0xff;
  out[7] = size >> 8;
  let offset = HEADER_BYTES;
  for (const layer of [layers.mask, layers.shade, layers.light, layers.backdrop]) {
    out.set(layer, offset);
    offset += layer.length;
  }
  if (hasCover) out.set(layers.printMask, offset);
  return out;
}

/** The inverse of `packGarmentLayers` (views into `bytes`, no copies); throws on a buffer it did not write. */
export function unpackGarmentLayers(bytes: Uint8Array): GarmentLayers {
  if (bytes.length < HEADER_BYTES || MAGIC.some((byte, index) => bytes[index] !== byte)) {
    throw new Error("Not a garment layers buffer");
  }
  if (bytes[4] !== GARMENT_LAYERS_VERSION) throw new Error("Unknown garment layers version");
  const hasCover = ((bytes[5] as number) & FLAG_COVER) !== 0;
  const size = (bytes[6] as number) | ((bytes[7] as number) << 8);
  const pixels = size * size;
  if (bytes.length !== HEADER_BYTES + pixels * (hasCover ? 7 : 6)) throw new Error("Truncated garment layers");
  const view = (start: number, length: number) => bytes.subarray(HEADER_BYTES + start, HEADER_BYTES + start + length);
  const mask = view(0, pixels);
  return {
    size,
    mask,
    shade: view(pixels, pixels),
    light: view(2 * pixels, pixels),
    backdrop: view(3 * pixels, 3 * pixels),
    printMask: hasCover ? view(6 * pixels, pixels) : mask,
  };
}
