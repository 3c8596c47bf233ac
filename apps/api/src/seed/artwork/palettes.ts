import type { ProductColor } from "@threadfolk/contract/colors";

/**
 * Ink sets for prints. A palette is drawn for either dark or light garments (light ink on dark cotton and
 * the reverse), and names the garment colours it looks good on, so a design's default colour suits its art.
 */
export type Palette = {
  name: string;
  ink: string;
  accents: readonly [string, string, string, string];
  garments: readonly ProductColor[];
};

export const PALETTES: readonly Palette[] = [
  {
    name: "retro-sunset",
    ink: "#fdf1d6",
    accents: ["#f9a03f", "#f25c54", "#ffd166", "#2ec4b6"],
    garments: ["black", "navy", "asphalt", "purple"],
  },
  {
    name: "neon-night",
    ink: "#ffffff",
    accents: ["#ff4fa3", "#3df2e0", "#ffe14d", "#9b5cff"],
    garments: ["black", "asphalt", "navy"],
  },
  {
    name: "pan-african",
    ink: "#f4e9d8",
    accents: ["#e0a526", "#d7263d", "#2e9e5b", "#f4e9d8"],
    garments: ["black", "asphalt", "brown", "military_green"],
  },
  {
    name: "pastel-dream",
    ink: "#fff6e9",
    accents: ["#ffb3c6", "#a0e7e5", "#fbe7a1", "#c3b1e1"],
    garments: ["black", "navy", "slate", "purple", "asphalt"],
  },
  {
    name: "ember",
    ink: "#fff3e0",
    accents: ["#ff6b35", "#f7c548", "#e63946", "#ffd6a5"],
    garments: ["black", "asphalt", "maroon", "brown"],
  },
  {
    name: "tidepool",
    ink: "#e8f6ff",
    accents: ["#4cc9f0", "#80ffdb", "#f2e863", "#ff8fab"],
    garments: ["navy", "black", "royal_blue", "slate"],
  },
  {
    name: "forest-trail",
    ink: "#f1ead2",
    accents: ["#e9b44c", "#9bc53d", "#f18f01", "#c5d86d"],
    garments: ["military_green", "brown", "black", "asphalt"],
  },
  {
    name: "ink-and-tomato",
    ink: "#1d1d2c",
    accents: ["#e63946", "#f4a261", "#2a9d8f", "#264653"],
    garments: ["white", "creme", "light_blue"],
  },
  {
    name: "playground",
    ink: "#2b2d42",
    accents: ["#ef476f", "#ffb703", "#06d6a0", "#118ab2"],
    garments: ["white", "creme", "soft_pink", "light_blue"],
  },
  {
    name: "vintage-press",
    ink: "#3d2c29",
    accents: ["#d1495b", "#edae49", "#00798c", "#30638e"],
    garments: ["creme", "white", "light_blue"],
  },
  {
    name: "heritage-light",
    ink: "#1a1a1a",
    accents: ["#c8102e", "#d99a1a", "#1f7a4d", "#1a1a1a"],
    garments: ["creme", "white", "soft_pink"],
  },
  {
    name: "bubblegum",
    ink: "#3b1f4a",
    accents: ["#ff5d8f", "#7b2cbf", "#ffbe0b", "#3a86ff"],
    garments: ["white", "soft_pink", "light_blue", "creme"],
  },
  {
    name: "citrus-pop",
    ink: "#14213d",
    accents: ["#fb5607", "#ff006e", "#8338ec", "#ffbe0b"],
    garments: ["white", "light_blue", "creme", "teal"],
  },
  {
    name: "kelly-day",
    ink: "#fffdf5",
    accents: ["#ffd23f", "#ee4266", "#3bceac", "#540d6e"],
    garments: ["kelly", "teal", "royal_blue", "red", "hot_pink"],
  },
];

export const DARK_INK_PALETTES = PALETTES.filter((palette) => isDarkInk(palette.ink));
export const LIGHT_INK_PALETTES = PALETTES.filter((palette) => !isDarkInk(palette.ink));

function isDarkInk(hex: string): boolean {
  const value = Number.parseInt(hex.slice(1), 16);
  const luminance = 0.299 * ((value >> 16) & 255) + 0.587 * ((value >> 8) & 255) + 0.114 * (value & 255);
  return luminance < 128;
}

export function findPalette(name: string): Palette {
  const palette = PALETTES.find((candidate) => candidate.name === name);
  if (!palette) throw new Error(`unknown palette ${name}`);
  return palette;
}
