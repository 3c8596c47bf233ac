import type { SellerDesign } from "./api/types.ts";

/**
 * What the product editor takes from navigation state (spec section 2: "design data is passed along in
 * navigation state"): My Designs hands over its list entry `{ design }` (name and image, shown while the full
 * design loads); a full `SellerDesign` in `design` paints the whole editor at once. Anything else is ignored.
 */
export type EditorHandOver = {
  displayName: string | undefined;
  imageUrl: string | undefined;
  design: SellerDesign | undefined;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

export function editorHandOverOf(state: unknown, designUuid: string): EditorHandOver {
  const none = { displayName: undefined, imageUrl: undefined, design: undefined };
  if (!isRecord(state) || !isRecord(state.design)) return none;
  const design = state.design;
  if (design.id !== designUuid || !isRecord(design.attributes)) return none;
  const attributes = design.attributes;
  const displayName = typeof attributes.displayName === "string" ? attributes.displayName : undefined;
  const imageUrl = typeof attributes.imageUrl === "string" ? attributes.imageUrl : undefined;
  const isFull = design.type === "sellerDesign" && Array.isArray(attributes.products) && isRecord(attributes.artwork);
  return { displayName, imageUrl, design: isFull ? (design as unknown as SellerDesign) : undefined };
}
