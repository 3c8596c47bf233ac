import { EMPTY_CART_SEARCH_TERMS } from "@threadfolk/contract/constants";
import { readCookie, writeCookie } from "../../lib/cookies.ts";
import { writeSessionCartCount } from "../../lib/storage.ts";

/** Cookie holding the number of items in the cart (spec: default 0). */
export const CART_COUNT_COOKIE = "shoppingCartCount";

/** Fired on window when this tab changes the cart-count cookie (cookies have no change event everywhere). */
export const CART_COUNT_CHANGE_EVENT = "threadfolk:cart-count-change";

/**
 * The cookie is a copy of the server's count, refreshed by every cart reply and on start-up: a year keeps the
 * badge across browser restarts (a session cookie would show an empty cart to a guest who still has one).
 */
const CART_COUNT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The item count a cookie value stands for; empty, missing, 0 or garbage means an empty cart. */
export function parseCartCount(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return 0;
  const count = Number.parseInt(value, 10);
  return Number.isFinite(count) && count > 0 ? count : 0;
}

/** The count as it should be stored: a whole number, never below 0. */
export function normalizeCartCount(count: number): number {
  return Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
}

/** The number of items in the cart as this browser last knew it (the `shoppingCartCount` cookie). */
export function readCartCount(): number {
  return parseCartCount(readCookie(CART_COUNT_COOKIE));
}

/**
 * Stores the cart's item count (spec section 3: the `shoppingCartCount` cookie and session key) and tells
 * this tab's badges; other tabs read the shared cookie when it changes or when they regain focus.
 */
export function writeCartCount(count: number): void {
  const value = normalizeCartCount(count);
  writeCookie(CART_COUNT_COOKIE, String(value), { maxAgeSeconds: CART_COUNT_MAX_AGE_SECONDS });
  writeSessionCartCount(value);
  window.dispatchEvent(new Event(CART_COUNT_CHANGE_EVENT));
}

/** One of the terms the cart icon searches for when the cart is empty, picked at random. */
export function pickEmptyCartSearchTerm(random: () => number = Math.random): string {
  const index = Math.min(Math.floor(random() * EMPTY_CART_SEARCH_TERMS.length), EMPTY_CART_SEARCH_TERMS.length - 1);
  return EMPTY_CART_SEARCH_TERMS[index] ?? EMPTY_CART_SEARCH_TERMS[0];
}
