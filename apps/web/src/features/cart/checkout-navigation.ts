import {
  type CartAddressRecord,
  cartAddress,
  cartLines,
  type OrderLineItem,
  type ShoppingCart,
  type ShoppingCartResponse,
} from "@threadfolk/contract/cart";
import { CLIENT_ROUTES } from "@threadfolk/contract/routes";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { trackEvent } from "../../lib/analytics.ts";

/**
 * What CHECKOUT hands the shipping step in navigation state (spec section 2): billing address, shipping
 * address, order and line items. The shipping step also reads the cart from the server when the state is
 * missing (a reload, a bookmark), so the state saves a request; it never decides anything.
 */
export type CheckoutNavigationState = {
  billingAddress: CartAddressRecord | null;
  shippingAddress: CartAddressRecord | null;
  order: ShoppingCart;
  lineItems: OrderLineItem[];
};

/** The navigation state of CHECKOUT for `cart`. */
export function checkoutNavigationState(cart: ShoppingCartResponse): CheckoutNavigationState {
  return {
    billingAddress: cartAddress(cart, "billing_address"),
    shippingAddress: cartAddress(cart, "shipping_address"),
    order: cart.data,
    lineItems: cartLines(cart),
  };
}

/**
 * CHECKOUT (spec section 2): records the spec's InitiateCheckout event with the item count, then goes to
 * the shipping step with the cart in navigation state.
 */
export function useStartCheckout(): (cart: ShoppingCartResponse) => void {
  const navigate = useNavigate();
  return useCallback(
    (cart: ShoppingCartResponse) => {
      const { attributes } = cart.data;
      trackEvent("Initiate Checkout", "Checkout Flow", {
        numItems: attributes.shoppingCartCount,
        valueCents: attributes.orderTotalCents,
        orderNumber: attributes.orderNumber ?? undefined,
      });
      void navigate(CLIENT_ROUTES.orderShippingDetails, { state: checkoutNavigationState(cart) });
    },
    [navigate],
  );
}
