import type { OrderLineItem, ShoppingCartResponse, UnavailableLineItem } from "@threadfolk/contract/cart";
import { colorDisplayName } from "@threadfolk/contract/colors";
import { formatCents } from "@threadfolk/contract/money";
import { designPath } from "../../../lib/catalogue-paths.ts";

type LineAttributes = OrderLineItem["attributes"];

const FIT_NAMES: Record<LineAttributes["gender"], string> = { Men: "Men's", Women: "Women's", Unisex: "Unisex" };

/** The garment as shoppers read it, its fit first: "Men's T-Shirt", "Unisex Pullover Hoodie". */
export function garmentName(line: Pick<LineAttributes, "gender" | "garmentStyle">): string {
  return `${FIT_NAMES[line.gender]} ${line.garmentStyle}`;
}

/** The line's design page, showing the line's colour. */
export function lineDesignPath(line: Pick<LineAttributes, "designUuid" | "designSlug" | "color">): string {
  return designPath({ uuid: line.designUuid, slug: line.designSlug, defaultColor: line.color });
}

/** The line's colour by name ("Royal Blue"). */
export function lineColorName(line: Pick<LineAttributes, "color">): string {
  return colorDisplayName(line.color);
}

/** The line at the catalogue price (struck through beside the total when a sale lowers it). */
export function lineTotalBeforeDiscount(line: Pick<LineAttributes, "totalCents" | "totalDiscountCents">): string {
  return formatCents(line.totalCents + line.totalDiscountCents);
}

/** "1 item", "3 items". */
export function itemCountText(count: number): string {
  return `${count} ${count === 1 ? "item" : "items"}`;
}

/** The cart's lines whose design is no longer available (issue 14: its artist deactivated it), oldest first. */
export function unavailableLines(cart: Pick<ShoppingCartResponse, "data">): UnavailableLineItem[] {
  return cart.data.attributes.unavailableLineItems ?? [];
}
