import type { ShoppingCartResponse } from "@threadfolk/contract/cart";
import { isShippingServiceKey, type ShippingServiceKey } from "@threadfolk/contract/shipping";

/**
 * What the shipping step hands the payment step in navigation state (spec sections 2 and 3): the cart the
 * addresses call returned, and the shipping method chosen so far.
 */
export type PaymentStepState = { cart: ShoppingCartResponse; shippingMethod?: ShippingServiceKey };

/** The payment step's navigation state, if the history entry holds one (it is arbitrary data otherwise). */
export function paymentStepStateOf(state: unknown): PaymentStepState | undefined {
  const handedOver = state as Partial<PaymentStepState> | null | undefined;
  const cart = handedOver?.cart;
  if (cart?.data?.type !== "order" || !Array.isArray(cart.included)) return undefined;
  const shippingMethod = isShippingServiceKey(handedOver?.shippingMethod) ? handedOver.shippingMethod : undefined;
  return { cart, shippingMethod };
}
