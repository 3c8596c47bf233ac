/**
 * Every cart query key, from one factory. They share the `all` prefix: a change of identity (sign-in,
 * sign-out) drops them all, and a change to a line refetches the cart through `cartKeys.shoppingCart()`.
 */
export const cartKeys = {
  all: ["cart"] as const,
  shoppingCart: () => [...cartKeys.all, "shopping-cart"] as const,
  /** The mutations that change a line already in the cart (CHECKOUT waits for them). */
  lineChanges: () => [...cartKeys.all, "line-change"] as const,
};
