import type { StudioGarment } from "@threadfolk/contract/studio";
import type { GarmentStyle } from "./api/types.ts";

/** A garment drawing named by the styles that use it ("Men's T-Shirt"), or a plain name when none does. */
export function garmentName(garment: StudioGarment, styles: readonly GarmentStyle[]): string {
  const names = styles
    .filter((style) => style.attributes.garment === garment)
    .map((style) => style.attributes.displayName);
  if (names.length > 0) return names.join(" / ");
  return {
    tee: "T-Shirt",
    "womens-tee": "Women's T-Shirt",
    "long-sleeve": "Long Sleeve",
    hoodie: "Hoodie",
    "tank-top": "Tank Top",
  }[garment];
}

export function formatInches(value: number): string {
  return `${(Math.floor(value * 10) / 10).toFixed(1)}`;
}
