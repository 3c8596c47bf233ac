import { EMPTY_CART_SEARCH_TERMS } from "@threadfolk/contract/constants";

/** Cookie holding the number of items in the cart (spec: default 0). */
export const CART_COUNT_COOKIE = "shoppingCartCount";

/** Fired on window when this tab changes the cart-count cookie (cookies have no change event everywhere). */
export const CART_COUNT_CHANGE_EVENT = "threadfolk:cart-count-change";

/** The item count a cookie value stands for; empty, missing, 0 or garbage means an empty cart. */
export function parseCartCount(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return 0;
  const count = Number.parseInt(value, 10);
  return Number.isFinite(count) && count > 0 ? count : 0;
}

/** One of the terms the cart icon searches for when the cart is empty, picked at random. */
export function pickEmptyCartSearchTerm(random: () => number = Math.random): string {
  const index = Math.min(Math.floor(random() * EMPTY_CART_SEARCH_TERMS.length), EMPTY_CART_SEARCH_TERMS.length - 1);
  return EMPTY_CART_SEARCH_TERMS[index] ?? EMPTY_CART_SEARCH_TERMS[0];
}
