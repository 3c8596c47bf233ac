/** The three shipping speeds every order offers, cheapest first (spec section 9). Prices come from data. */
export const SHIPPING_OPTIONS = [
  { key: "standard", displayName: "Standard", deliveryEstimate: "7-12 business days" },
  { key: "expedited", displayName: "Expedited", deliveryEstimate: "6-8 business days" },
  { key: "express", displayName: "Express", deliveryEstimate: "4-6 business days" },
] as const;

export type ShippingServiceKey = (typeof SHIPPING_OPTIONS)[number]["key"];

export const SHIPPING_SERVICE_KEYS = SHIPPING_OPTIONS.map((option) => option.key) as ShippingServiceKey[];

/** Delivery estimates include printing and processing time. */
export const DELIVERY_ESTIMATE_NOTE = "Delivery estimates include printing and processing time.";

export function isShippingServiceKey(value: unknown): value is ShippingServiceKey {
  return typeof value === "string" && (SHIPPING_SERVICE_KEYS as string[]).includes(value);
}
