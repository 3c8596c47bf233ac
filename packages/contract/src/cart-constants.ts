/**
 * Cart limits without the validation library, so the web's design page and cart import them without
 * downloading zod. `cart.ts` re-exports them with the schemas (decision 018).
 */

/** Fewest and most units of one line (one variant in one size and colour). */
export const MIN_LINE_QUANTITY = 1;
export const MAX_LINE_QUANTITY = 10;
/** Most lines (different variant, size and colour combinations) one cart holds. */
export const MAX_CART_LINES = 50;
