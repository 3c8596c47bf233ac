/**
 * The catalogue the local Printful server knows (tests only): the products our styles are made on, each with
 * colours named as Printful's catalogue names them (a few more than we use, so that a near name such as
 * "Heather Navy" must not be taken for "Navy") and its sizes. Variant ids are numbered from `firstVariantId`,
 * colour by colour, size by size, as Printful numbers a product's variants in blocks.
 */

export type CatalogProductFixture = {
  id: number;
  name: string;
  firstVariantId: number;
  colors: readonly string[];
  sizes: readonly string[];
};

const BELLA_CANVAS_COLORS = [
  "White",
  "Black",
  "Black Heather",
  "Asphalt",
  "Maroon",
  "Red",
  "Soft Pink",
  "Berry",
  "Brown",
  "Orange",
  "Yellow",
  "Soft Cream",
  "Military Green",
  "Kelly",
  "Heather Kelly",
  "Navy",
  "Heather Navy",
  "True Royal",
  "Teal",
  "Steel Blue",
  "Light Blue",
  "Team Purple",
] as const;

export const PRINTFUL_CATALOG_FIXTURE: readonly CatalogProductFixture[] = [
  {
    id: 71,
    name: "Unisex Staple T-Shirt | Bella + Canvas 3001",
    firstVariantId: 4011,
    colors: BELLA_CANVAS_COLORS,
    sizes: ["XS", "S", "M", "L", "XL", "2XL", "3XL", "4XL", "5XL"],
  },
  {
    id: 360,
    name: "Women's Relaxed T-Shirt | Bella + Canvas 6400",
    firstVariantId: 10_001,
    colors: BELLA_CANVAS_COLORS,
    sizes: ["XS", "S", "M", "L", "XL", "2XL", "3XL"],
  },
  {
    id: 146,
    name: "Unisex Heavy Blend Hoodie | Gildan 18500",
    firstVariantId: 5521,
    colors: [
      "White",
      "Black",
      "Dark Heather",
      "Maroon",
      "Red",
      "Light Pink",
      "Military Green",
      "Navy",
      "Royal",
      "Indigo Blue",
      "Light Blue",
      "Carolina Blue",
      "Purple",
      "Sand",
    ],
    sizes: ["S", "M", "L", "XL", "2XL", "3XL", "4XL", "5XL"],
  },
  {
    id: 248,
    name: "Unisex Staple Tank Top | Bella + Canvas 3480",
    firstVariantId: 8629,
    colors: BELLA_CANVAS_COLORS,
    sizes: ["XS", "S", "M", "L", "XL", "2XL"],
  },
  {
    id: 356,
    name: "Unisex Long Sleeve Tee | Bella + Canvas 3501",
    firstVariantId: 9574,
    colors: BELLA_CANVAS_COLORS,
    sizes: ["XS", "S", "M", "L", "XL", "2XL", "3XL"],
  },
];

/** Every variant of a product as Printful lists them: id, colour, size. */
export function variantsOf(product: CatalogProductFixture): Array<{ id: number; color: string; size: string }> {
  return product.colors.flatMap((color, colorIndex) =>
    product.sizes.map((size, sizeIndex) => ({
      id: product.firstVariantId + colorIndex * product.sizes.length + sizeIndex,
      color,
      size,
    })),
  );
}
