import type { ShoppingCartResponse } from "@threadfolk/contract/cart";

/**
 * What the shipping step hands the payment step in navigation state (spec section 2): the cart the addresses
 * call returned. The shipping method is not handed over: the cart's `selectedShippingServiceKey` is the one in
 * force, and a method held in history state would outlive a reload after the shopper changed it.
 */
export type PaymentStepState = { cart: ShoppingCartResponse };

/** The payment step's navigation state, if the history entry holds one (it is arbitrary data otherwise). */
export function paymentStepStateOf(state: unknown): PaymentStepState | undefined {
  const cart = (state as Partial<PaymentStepState> | null | undefined)?.cart;
  if (cart?.data?.type !== "order" || !Array.isArray(cart.included)) return undefined;
  return { cart };
}
