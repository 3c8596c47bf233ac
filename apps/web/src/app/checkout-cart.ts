import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { CartAddressRecord, ShoppingCartResponse } from "@threadfolk/contract/cart";
import { useCallback } from "react";
import { shoppingCartQueryOptions } from "../features/cart/api/get-shopping-cart.ts";
import { cartKeys } from "../features/cart/api/query-keys.ts";
import { writeCartCount } from "../features/cart/cart-count.ts";
import type { CheckoutNavigationState } from "../features/cart/checkout-navigation.ts";

/**
 * The checkout's cart: the cart feature's query, started from the cart the previous step handed over in
 * navigation state when nothing newer is cached (spec section 2). That cart is taken as already stale, so the
 * server is asked once in the background: history state outlives a reload, and the cart may have changed.
 */
export function useCheckoutCart(handedOver: ShoppingCartResponse | undefined) {
  return useQuery({
    ...shoppingCartQueryOptions(),
    initialData: handedOver,
    initialDataUpdatedAt: 0,
  });
}

/** Stores a cart the checkout's calls answered as the cart (and its count), so every view shows it at once. */
export function useStoreCart(): (cart: ShoppingCartResponse) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (cart: ShoppingCartResponse) => {
      queryClient.setQueryData(cartKeys.shoppingCart(), cart);
      writeCartCount(cart.data.attributes.shoppingCartCount);
    },
    [queryClient],
  );
}

/**
 * After a purchase: the cart is closed and a new empty one started on the server, so the badge goes to 0 at once
 * (spec section 4) and the cart is read again.
 */
export function useEmptyCartAfterPurchase(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    writeCartCount(0);
    void queryClient.invalidateQueries({ queryKey: cartKeys.all });
  }, [queryClient]);
}

/** Reads the cart again (the server refused to place or pay it: its lines or totals may have changed). */
export function useRefreshCart(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: cartKeys.shoppingCart() });
  }, [queryClient]);
}

/**
 * The cart that CHECKOUT handed the shipping step (`CheckoutNavigationState`: order, line items, addresses),
 * put back together as the cart reply; undefined when the history entry holds none (a bookmark, a new tab).
 */
export function cartOfShippingStepState(state: unknown): ShoppingCartResponse | undefined {
  const handedOver = state as Partial<CheckoutNavigationState> | null | undefined;
  if (handedOver?.order?.type !== "order" || !Array.isArray(handedOver.lineItems)) return undefined;
  const addresses = [handedOver.shippingAddress, handedOver.billingAddress].filter(
    (record): record is CartAddressRecord => Boolean(record),
  );
  return { data: handedOver.order, included: [...handedOver.lineItems, ...addresses] };
}
