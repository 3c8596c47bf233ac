import type { OrderLineItem, ShoppingCart, ShoppingCartResponse } from "@threadfolk/contract/cart";
import { CLIENT_ROUTES } from "@threadfolk/contract/routes";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { trackEvent } from "../../lib/analytics.ts";

/** An address record of the cart's `included` list (the checkout issue sets them; read-side attributes). */
export type CartAddressRecord = {
  id: string | number;
  type: "shipping_address" | "billing_address";
  attributes: Record<string, unknown>;
};

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

function findAddress(cart: ShoppingCartResponse, type: CartAddressRecord["type"]): CartAddressRecord | null {
  // `included` holds address records beside the lines once the checkout has set them (issue 12).
  const records = cart.included as ReadonlyArray<{ type: string }>;
  return (records.find((record) => record.type === type) as CartAddressRecord | undefined) ?? null;
}

/** The navigation state of CHECKOUT for `cart`. */
export function checkoutNavigationState(cart: ShoppingCartResponse): CheckoutNavigationState {
  return {
    billingAddress: findAddress(cart, "billing_address"),
    shippingAddress: findAddress(cart, "shipping_address"),
    order: cart.data,
    lineItems: cart.included.filter((record) => record.type === "order_line_item"),
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
