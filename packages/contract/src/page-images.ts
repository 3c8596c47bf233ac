import { PRODUCT_COLORS, type ProductColor, resolveColor } from "./colors.ts";

/**
 * The image the design page shows first, shared by the page and the server, which preloads it with the HTML
 * (decision 011): both must pick the same file, or the browser downloads two. (The home carousel's `sizes` is
 * CAROUSEL_IMAGE_SIZES in discovery-constants.)
 */

/** The mockup's rendered width: the left column on wide screens, the full width on phones (`sizes`). */
export const DESIGN_MOCKUP_SIZES =
  "(min-width: 1440px) 680px, (min-width: 1024px) 48vw, (min-width: 768px) 60vw, 100vw";

/** The printable colours among a style's colours, in display order. */
export function printableColors(colors: readonly string[]): ProductColor[] {
  const available = new Set(colors.map(resolveColor).filter((color) => color !== undefined));
  return PRODUCT_COLORS.filter((color) => available.has(color));
}

/**
 * The colour the design page shows: the one the URL names when the style comes in it, otherwise the design's
 * default colour, otherwise the style's first colour.
 */
export function shownDesignColor({
  requested,
  defaultColor,
  colors,
}: {
  /** The URL's colour segment, as typed. */
  requested: string;
  defaultColor: string;
  /** The style's printable colours (`printableColors`). */
  colors: readonly ProductColor[];
}): ProductColor {
  const wanted = resolveColor(requested);
  if (wanted && colors.includes(wanted)) return wanted;
  const fallback = resolveColor(defaultColor) ?? colors[0] ?? "black";
  return colors.includes(fallback) ? fallback : (colors[0] ?? fallback);
}
