/** The 19 garment colours a design can be printed on (spec section 9), in display order. */
export const PRODUCT_COLORS = [
  "white",
  "asphalt",
  "black",
  "maroon",
  "red",
  "soft_pink",
  "hot_pink",
  "brown",
  "orange",
  "yellow",
  "creme",
  "military_green",
  "kelly",
  "navy",
  "royal_blue",
  "teal",
  "slate",
  "light_blue",
  "purple",
] as const;

export type ProductColor = (typeof PRODUCT_COLORS)[number];

/** Garments dark enough that artwork needs a light print treatment. */
export const DARK_COLORS: readonly ProductColor[] = [
  "asphalt",
  "black",
  "maroon",
  "red",
  "brown",
  "military_green",
  "navy",
  "royal_blue",
  "slate",
  "purple",
];

export const LIGHT_COLORS: readonly ProductColor[] = [
  "white",
  "soft_pink",
  "hot_pink",
  "orange",
  "yellow",
  "creme",
  "kelly",
  "teal",
  "light_blue",
];

/** Fabric colours used to draw swatches and garment mockups. */
export const COLOR_HEX: Record<ProductColor, string> = {
  white: "#f7f7f5",
  asphalt: "#3f4044",
  black: "#1b1b1d",
  maroon: "#5b1f2a",
  red: "#b3202c",
  soft_pink: "#f4c6cf",
  hot_pink: "#e8559b",
  brown: "#5a3b2a",
  orange: "#f0812e",
  yellow: "#f6d44a",
  creme: "#f1e6cc",
  military_green: "#4f5a3a",
  kelly: "#2e9d57",
  navy: "#1f2a44",
  royal_blue: "#2a4fa8",
  teal: "#2b9aa0",
  slate: "#5c6b7a",
  light_blue: "#a9cbe8",
  purple: "#5a2d82",
};

/**
 * Swatch names that exist in older data but are not printable colours of their own.
 * The spec: "light_grey, heather and berry all display as black".
 */
export const SWATCH_ALIASES: Record<string, ProductColor> = {
  light_grey: "black",
  heather: "black",
  berry: "black",
};

export function isProductColor(value: string): value is ProductColor {
  return (PRODUCT_COLORS as readonly string[]).includes(value);
}

export function isDarkColor(color: ProductColor): boolean {
  return DARK_COLORS.includes(color);
}

function titleCase(name: string): string {
  return name
    .split("_")
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

/** The product colours' names, worked out once: every cart line and card asks for one. */
const PRODUCT_COLOR_NAMES = new Map<string, string>(PRODUCT_COLORS.map((color) => [color, titleCase(color)]));

/** Title-cased words: `royal_blue` -> `Royal Blue`. */
export function colorDisplayName(color: string): string {
  const known = PRODUCT_COLOR_NAMES.get(color);
  if (known !== undefined) return known;
  return titleCase(SWATCH_ALIASES[color] ?? color);
}

/** Resolves a colour name (snake_case, camelCase or an alias) to a printable colour, or undefined. */
export function resolveColor(value: string): ProductColor | undefined {
  const snake = value.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  if (isProductColor(snake)) return snake;
  return SWATCH_ALIASES[snake];
}
