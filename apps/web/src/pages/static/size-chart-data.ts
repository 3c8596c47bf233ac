import type { Size } from "@threadfolk/contract/sizes";

/** One size of a garment, measured flat in inches. */
type GarmentMeasurement = {
  size: Size;
  /** Chest width: straight across the front, 1 inch below the armholes, shirt laid flat. */
  chestInches: number;
  /** Body length: from the highest point of the shoulder to the bottom hem. */
  lengthInches: number;
};

export type SizeChart = {
  /** The garment style (`garment_styles.key`) this chart measures. */
  garmentStyleKey: string;
  /** Section id on the size charts page: the key with dashes, which `sizeChartPath` links to. */
  id: string;
  name: string;
  fit: string;
  /** Exactly the sizes the style is sold in, smallest first. */
  measurements: GarmentMeasurement[];
};

/**
 * Garment measurements of every style we print on (typical ring-spun and fleece blanks, tolerance about half
 * an inch). The sizes are the catalogue's (apps/api/drizzle/0003_catalogue_reference_data.sql); a test keeps
 * the two in step.
 */
export const SIZE_CHARTS: SizeChart[] = [
  {
    garmentStyleKey: "mens_tee",
    id: "mens-tee",
    name: "Men's T-Shirt",
    fit: "Classic straight fit with a relaxed body. Most people take their usual size.",
    measurements: [
      { size: "S", chestInches: 18, lengthInches: 28 },
      { size: "M", chestInches: 20, lengthInches: 29 },
      { size: "L", chestInches: 22, lengthInches: 30 },
      { size: "XL", chestInches: 24, lengthInches: 31 },
      { size: "2XL", chestInches: 26, lengthInches: 32 },
      { size: "3XL", chestInches: 28, lengthInches: 33 },
      { size: "4XL", chestInches: 30, lengthInches: 34 },
      { size: "5XL", chestInches: 32, lengthInches: 35 },
    ],
  },
  {
    garmentStyleKey: "womens_tee",
    id: "womens-tee",
    name: "Women's T-Shirt",
    fit: "Slimmer cut with a shaped waist and shorter body. Size up for a looser fit.",
    measurements: [
      { size: "XS", chestInches: 15.5, lengthInches: 24.5 },
      { size: "S", chestInches: 16.5, lengthInches: 25 },
      { size: "M", chestInches: 17.5, lengthInches: 25.5 },
      { size: "L", chestInches: 19, lengthInches: 26 },
      { size: "XL", chestInches: 20.5, lengthInches: 26.5 },
      { size: "2XL", chestInches: 22, lengthInches: 27 },
      { size: "3XL", chestInches: 23.5, lengthInches: 27.5 },
    ],
  },
  {
    garmentStyleKey: "hoodie",
    id: "hoodie",
    name: "Pullover Hoodie",
    fit: "Roomy unisex fleece with ribbed cuffs and waistband. Take your usual size for a relaxed fit.",
    measurements: [
      { size: "S", chestInches: 20, lengthInches: 27 },
      { size: "M", chestInches: 22, lengthInches: 28 },
      { size: "L", chestInches: 24, lengthInches: 29 },
      { size: "XL", chestInches: 26, lengthInches: 30 },
      { size: "2XL", chestInches: 28, lengthInches: 31 },
      { size: "3XL", chestInches: 30, lengthInches: 32 },
    ],
  },
  {
    garmentStyleKey: "tank_top",
    id: "tank-top",
    name: "Tank Top",
    fit: "Light unisex jersey with deep armholes and a straight body. True to size.",
    measurements: [
      { size: "XS", chestInches: 16.5, lengthInches: 26.5 },
      { size: "S", chestInches: 18, lengthInches: 27.5 },
      { size: "M", chestInches: 20, lengthInches: 28.5 },
      { size: "L", chestInches: 22, lengthInches: 29.5 },
      { size: "XL", chestInches: 24, lengthInches: 30.5 },
      { size: "2XL", chestInches: 26, lengthInches: 31.5 },
    ],
  },
  {
    garmentStyleKey: "long_sleeve",
    id: "long-sleeve",
    name: "Long Sleeve Tee",
    fit: "The classic tee's straight fit with full-length sleeves. Most people take their usual size.",
    measurements: [
      { size: "S", chestInches: 18, lengthInches: 28 },
      { size: "M", chestInches: 20, lengthInches: 29 },
      { size: "L", chestInches: 22, lengthInches: 30 },
      { size: "XL", chestInches: 24, lengthInches: 31 },
      { size: "2XL", chestInches: 26, lengthInches: 32 },
      { size: "3XL", chestInches: 28, lengthInches: 33 },
    ],
  },
];

/** Inches to centimetres, rounded to the nearest half centimetre as tape measures read. */
export function inchesToCentimetres(inches: number): number {
  return Math.round(inches * 2.54 * 2) / 2;
}

/** A measurement for display: whole numbers without decimals, halves with one. */
export function formatMeasurement(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}
