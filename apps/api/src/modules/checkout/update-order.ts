import type { ShoppingCartResponse } from "@threadfolk/contract/cart";
import { CHECKOUT_MESSAGES, type UpdateOrderInput } from "@threadfolk/contract/checkout";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Actor } from "../../lib/authorize.ts";
import { getShoppingCart } from "../cart/get-shopping-cart.ts";
import { cartOwnerOf, reopenCart } from "../cart/queries.ts";
import { quoteShippingOptions } from "../cart/shipping-costs.ts";
import { lockCartForCheckout, updateCartCheckout } from "./queries.ts";

/**
 * `PUT /orders` (no id: the caller's cart): chooses the shipping option and/or sets the e-mail. A key the
 * cart is not offered (an option priced at zero is hidden) is a 422 naming the field; an empty cart a 409.
 */
export async function updateOrder(options: {
  context: Pick<AppContext, "db" | "config" | "tax">;
  actor: Actor;
  input: UpdateOrderInput;
}): Promise<ShoppingCartResponse> {
  const { context, actor, input } = options;
  const owner = cartOwnerOf(actor);
  await context.db.transaction(async (tx) => {
    const cart = await lockCartForCheckout({ db: tx, owner });
    if (!cart || cart.itemCount === 0) throw AppError.conflict(CHECKOUT_MESSAGES.cartEmpty);
    await reopenCart({ db: tx, order: cart });
    const key = input.selectedShippingServiceKey;
    if (key !== undefined) {
      const quotes = quoteShippingOptions(cart.shippingRates, cart.itemCount);
      if (quotes[key] === null) {
        throw new AppError("validation_failed", "The request body is invalid", [
          { field: "order.selected_shipping_service_key", message: CHECKOUT_MESSAGES.shippingServiceNotOffered },
        ]);
      }
    }
    await updateCartCheckout({
      db: tx,
      orderId: cart.id,
      changes: {
        ...(input.email !== undefined ? { email: input.email } : {}),
        ...(input.selectedShippingServiceKey !== undefined
          ? { selectedShippingServiceKey: input.selectedShippingServiceKey }
          : {}),
      },
    });
  });
  return getShoppingCart({ context, actor });
}
