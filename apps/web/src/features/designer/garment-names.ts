import type { StudioGarment } from "@threadfolk/contract/studio";
import type { GarmentStyle } from "./api/types.ts";

/** A garment drawing named by the styles that use it ("Men's T-Shirt"), or a plain name when none does. */
export function garmentName(garment: StudioGarment, styles: readonly GarmentStyle[]): string {
  const names = styles.filter((style) => style.attributes.garment === garment).map((style) => styleName(style, styles));
  if (names.length > 0) return names.join(" / ");
  return {
    tee: "T-Shirt",
    "womens-tee": "Women's T-Shirt",
    "long-sleeve": "Long Sleeve",
    hoodie: "Hoodie",
    "tank-top": "Tank Top",
  }[garment];
}

/** Inches to a tenth: rounded, or rounded down for a largest size that must not be overstated. */
export function formatInches(value: number, mode: "round" | "floor" = "round"): string {
  const tenths = mode === "floor" ? Math.floor(value * 10 + 1e-9) : Math.round(value * 10);
  return (tenths / 10).toFixed(1);
}

/** A style's name, with its fit in front when another style has the same name ("Men's T-Shirt"). */
export function styleName(style: GarmentStyle, styles: readonly GarmentStyle[]): string {
  const { displayName, fit } = style.attributes;
  const shared = styles.some((other) => other !== style && other.attributes.displayName === displayName);
  if (!shared) return displayName;
  return fit === "Men" ? `Men's ${displayName}` : fit === "Women" ? `Women's ${displayName}` : `${fit} ${displayName}`;
}
