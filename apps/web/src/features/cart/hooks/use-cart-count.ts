import { useSyncExternalStore } from "react";
import { CART_COUNT_CHANGE_EVENT, readCartCount } from "../cart-count.ts";

type CookieStoreLike = EventTarget;

function cookieStore(): CookieStoreLike | undefined {
  return (window as unknown as { cookieStore?: CookieStoreLike }).cookieStore;
}

function subscribe(onChange: () => void): () => void {
  const store = cookieStore();
  store?.addEventListener("change", onChange);
  window.addEventListener(CART_COUNT_CHANGE_EVENT, onChange);
  // Browsers without the Cookie Store API: pick up changes made in other tabs when this one regains focus.
  window.addEventListener("focus", onChange);
  return () => {
    store?.removeEventListener("change", onChange);
    window.removeEventListener(CART_COUNT_CHANGE_EVENT, onChange);
    window.removeEventListener("focus", onChange);
  };
}

/** The number of items in the cart, from the `shoppingCartCount` cookie (0 when empty or unset). */
export function useCartCount(): number {
  return useSyncExternalStore(subscribe, readCartCount, () => 0);
}
