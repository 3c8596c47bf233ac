/** Garment sizes and their sort order (spec section 9). */
export const SIZE_ORDER = {
  XS: 1,
  S: 2,
  M: 3,
  L: 4,
  XL: 5,
  "2XL": 6,
  "3XL": 7,
  "4XL": 8,
  "5XL": 9,
} as const;

export type Size = keyof typeof SIZE_ORDER;

export const SIZES = Object.keys(SIZE_ORDER) as Size[];

export function compareSizes(a: Size, b: Size): number {
  return SIZE_ORDER[a] - SIZE_ORDER[b];
}
