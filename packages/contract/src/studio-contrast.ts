import { COLOR_HEX, colorDisplayName, DARK_COLORS, type ProductColor } from "./colors.ts";

/**
 * The Colours step's contrast warning (issue 14): on which garment colours much of the artwork's ink nearly
 * vanishes. Ink vanishes when it is close to the fabric both in lightness (WCAG contrast ratio) and in colour
 * (CIELAB delta E): black on navy does, a saturated red on navy or orange on pink does not. The spec's colour sets say which ink is at risk
 * and give the words: on its dark colours the dark ink (black lines on navy), on its light colours the light
 * ink (cream or white lines on white, yellow or creme). Pure: the studio runs it on the artwork's pixels.
 */

/** Under this contrast ratio ink and fabric are close in lightness. */
export const VANISHING_CONTRAST_RATIO = 1.5;
/** Under this colour difference (CIE76 delta E) they are close in hue and saturation too. */
export const VANISHING_DELTA_E = 30;
/** A colour is flagged when at least this share of the visible ink nearly vanishes on it. */
export const CONTRAST_WARNING_SHARE = 0.1;
/** Pixels at least this opaque count as ink (0-255). */
const INK_ALPHA = 128;

export const CONTRAST_MESSAGES = {
  dark: (color: ProductColor) => `Dark parts of the artwork nearly vanish on ${colorDisplayName(color)}`,
  light: (color: ProductColor) => `Light parts of the artwork nearly vanish on ${colorDisplayName(color)}`,
} as const;

/** The artwork's ink as a histogram: colours quantised to 4 bits a channel, each with its pixel count. */
export type InkSummary = { bins: Array<{ r: number; g: number; b: number; count: number }>; total: number };

const linear = (channel: number) => {
  const value = channel / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
};

/** WCAG relative luminance of an sRGB colour (0-1). */
export function relativeLuminance(r: number, g: number, b: number): number {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio of two relative luminances (1-21). */
export function contrastRatio(first: number, second: number): number {
  return (Math.max(first, second) + 0.05) / (Math.min(first, second) + 0.05);
}

/** CIELAB (D65) of an sRGB colour. */
export function toLab(r: number, g: number, b: number): [number, number, number] {
  const [lr, lg, lb] = [linear(r), linear(g), linear(b)];
  const x = (0.4124 * lr + 0.3576 * lg + 0.1805 * lb) / 0.95047;
  const y = 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
  const z = (0.0193 * lr + 0.1192 * lg + 0.9505 * lb) / 1.08883;
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** CIE76 colour difference of two CIELAB colours (about 2.3 is just noticeable; 30 is clearly different). */
export function deltaE(first: [number, number, number], second: [number, number, number]): number {
  return Math.hypot(first[0] - second[0], first[1] - second[1], first[2] - second[2]);
}

/** Summarises unpremultiplied RGBA pixels (a downscaled copy of the artwork is plenty) into an ink histogram. */
export function summariseInk(rgba: ArrayLike<number>): InkSummary {
  const counts = new Map<number, { r: number; g: number; b: number; count: number }>();
  let total = 0;
  for (let index = 0; index + 3 < rgba.length; index += 4) {
    if ((rgba[index + 3] as number) < INK_ALPHA) continue;
    const r = rgba[index] as number;
    const g = rgba[index + 1] as number;
    const b = rgba[index + 2] as number;
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    const bin = counts.get(key);
    if (bin) {
      bin.r += r;
      bin.g += g;
      bin.b += b;
      bin.count++;
    } else {
      counts.set(key, { r, g, b, count: 1 });
    }
    total++;
  }
  const bins = [...counts.values()].map((bin) => ({
    r: bin.r / bin.count,
    g: bin.g / bin.count,
    b: bin.b / bin.count,
    count: bin.count,
  }));
  return { bins, total };
}

function fabricRgb(color: ProductColor): [number, number, number] {
  const value = Number.parseInt(COLOR_HEX[color].slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

/**
 * The share (0-1) of the ink that nearly vanishes on `color`: ink close to the fabric in lightness (contrast
 * ratio under `VANISHING_CONTRAST_RATIO`) and in colour (delta E under `VANISHING_DELTA_E`): orange on pink
 * has the pink's lightness but reads by its hue.
 */
export function vanishingInkShare(summary: InkSummary, color: ProductColor): number {
  if (summary.total === 0) return 0;
  const rgb = fabricRgb(color);
  const fabric = relativeLuminance(...rgb);
  const fabricLab = toLab(...rgb);
  let vanishing = 0;
  for (const bin of summary.bins) {
    const ink = relativeLuminance(bin.r, bin.g, bin.b);
    if (contrastRatio(ink, fabric) >= VANISHING_CONTRAST_RATIO) continue;
    if (deltaE(toLab(bin.r, bin.g, bin.b), fabricLab) < VANISHING_DELTA_E) vanishing += bin.count;
  }
  return vanishing / summary.total;
}

export type ContrastWarning = { color: ProductColor; share: number; message: string };

/** The colours (among `colors`) on which at least `CONTRAST_WARNING_SHARE` of the ink nearly vanishes. */
export function contrastWarnings(summary: InkSummary, colors: readonly ProductColor[]): ContrastWarning[] {
  const warnings: ContrastWarning[] = [];
  for (const color of colors) {
    const share = vanishingInkShare(summary, color);
    if (share < CONTRAST_WARNING_SHARE) continue;
    const message = DARK_COLORS.includes(color) ? CONTRAST_MESSAGES.dark(color) : CONTRAST_MESSAGES.light(color);
    warnings.push({ color, share, message });
  }
  return warnings;
}
