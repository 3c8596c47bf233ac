import type { ShoppingCart } from "@threadfolk/contract/cart";
import { SHIPPING_OPTIONS, type ShippingServiceKey } from "@threadfolk/contract/shipping";

type CartAttributes = Pick<ShoppingCart["attributes"], "shippingCosts" | "selectedShippingServiceKey">;

/** An option the cart offers, with its price for this cart and its delivery estimate (spec sections 3 and 9). */
export type OfferedShippingOption = {
  key: ShippingServiceKey;
  displayName: string;
  deliveryEstimate: string;
  displayCost: string;
  costInCents: number;
};

/**
 * The options the cart offers, in the contract's order. The server leaves options priced at zero cents out of
 * `shippingCosts`, and this leaves out any it still sends at zero (spec section 4: such options are not shown).
 */
export function offeredShippingOptions(cart: CartAttributes): OfferedShippingOption[] {
  return SHIPPING_OPTIONS.flatMap((option) => {
    const cost = cart.shippingCosts[option.key];
    if (!cost || cost.costInCents <= 0) return [];
    return [{ ...option, displayCost: cost.displayCost, costInCents: cost.costInCents }];
  });
}

/**
 * Spec section 4, checkout shipping method: the shown method is the chosen one if it is a known (offered) key,
 * otherwise the cart's selected key, otherwise the first option's key; null when the cart offers none.
 */
export function shownShippingMethod(
  chosen: string | null | undefined,
  cart: CartAttributes,
): ShippingServiceKey | null {
  const offered = offeredShippingOptions(cart);
  const isOffered = (key: string | null | undefined): key is ShippingServiceKey =>
    key != null && offered.some((option) => option.key === key);
  if (isOffered(chosen)) return chosen;
  if (isOffered(cart.selectedShippingServiceKey)) return cart.selectedShippingServiceKey;
  return offered[0]?.key ?? null;
}
