import type { Size } from "@threadfolk/contract/sizes";

/** One size of a garment, measured flat in inches. */
export type GarmentMeasurement = {
  size: Size;
  /** Chest width: straight across the front, 1 inch below the armholes, shirt laid flat. */
  chestInches: number;
  /** Body length: from the highest point of the shoulder to the bottom hem. */
  lengthInches: number;
};

export type SizeChart = {
  id: string;
  name: string;
  fit: string;
  measurements: GarmentMeasurement[];
};

/** Garment measurements of our two tees (typical ring-spun blanks, tolerance about half an inch). */
export const SIZE_CHARTS: SizeChart[] = [
  {
    id: "unisex-tee",
    name: "Unisex / Men's Tee",
    fit: "Classic straight fit with a relaxed body. Most people take their usual size.",
    measurements: [
      { size: "XS", chestInches: 16.5, lengthInches: 27 },
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
    id: "womens-tee",
    name: "Women's Tee",
    fit: "Slimmer cut with a shaped waist and shorter body. Size up for a looser fit.",
    measurements: [
      { size: "XS", chestInches: 15.5, lengthInches: 24.5 },
      { size: "S", chestInches: 16.5, lengthInches: 25 },
      { size: "M", chestInches: 17.5, lengthInches: 25.5 },
      { size: "L", chestInches: 19, lengthInches: 26 },
      { size: "XL", chestInches: 20.5, lengthInches: 26.5 },
      { size: "2XL", chestInches: 22, lengthInches: 27 },
      { size: "3XL", chestInches: 23.5, lengthInches: 27.5 },
      { size: "4XL", chestInches: 25, lengthInches: 28 },
      { size: "5XL", chestInches: 26.5, lengthInches: 28.5 },
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
