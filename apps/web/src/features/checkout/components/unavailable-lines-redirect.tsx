import type { ShoppingCart } from "@threadfolk/contract/cart";
import { ORDER_MESSAGES } from "@threadfolk/contract/orders";
import { CLIENT_ROUTES } from "@threadfolk/contract/routes";
import { useEffect } from "react";
import { Navigate } from "react-router";
import { toast } from "../../../lib/toast.ts";

/** The toast's id: the cart page's own notice replaces it, and a second redirect does not stack another. */
export const UNAVAILABLE_TOAST_ID = "checkout-design-unavailable";

/**
 * Why the checkout cannot go on, or null: the server's refusal to place an order while the cart holds a line
 * whose design is no longer available (its artist deactivated it), naming those designs.
 */
export function checkoutBlockedBy(cart: {
  data: { attributes: Pick<ShoppingCart["attributes"], "unavailableLineItems"> };
}): string | null {
  const lines = cart.data.attributes.unavailableLineItems ?? [];
  return lines.length > 0 ? ORDER_MESSAGES.designUnavailable(lines.map((line) => line.attributes.displayName)) : null;
}

/**
 * A checkout step reached with such a line in the cart (CHECKOUT in the header's cart summary, a bookmark, a
 * design deactivated mid-checkout): back to the cart page, which shows the line greyed with Remove, with a toast
 * that says why.
 */
export function BackToCartForUnavailableLines({ message }: { message: string }) {
  useEffect(() => {
    toast.error(message, { id: UNAVAILABLE_TOAST_ID });
  }, [message]);
  return <Navigate to={CLIENT_ROUTES.shoppingCart} replace />;
}
