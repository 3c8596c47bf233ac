import type { ShoppingCartResponse } from "@threadfolk/contract/cart";
import { type AddressesInput, CHECKOUT_MESSAGES } from "@threadfolk/contract/checkout";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Actor } from "../../lib/authorize.ts";
import { getShoppingCart } from "../cart/get-shopping-cart.ts";
import { cartOwnerOf, reopenCart } from "../cart/queries.ts";
import { lockCartForCheckout, updateCartCheckout, upsertOrderAddresses } from "./queries.ts";

/**
 * Saves the shipping and billing address and the e-mail on the caller's cart (spec section 4's address flow),
 * in one transaction on the locked cart row. `create` (POST) saves them whether or not the cart had some, so a
 * repeated submit is harmless and answers `created: false`; `update` (PUT) needs them to exist. Billing is a
 * copy of shipping when the shopper said they are the same. An empty cart has nothing to ship: 409.
 */
export async function saveAddresses(options: {
  context: Pick<AppContext, "db" | "config" | "tax">;
  actor: Actor;
  input: AddressesInput;
  mode: "create" | "update";
}): Promise<{ cart: ShoppingCartResponse; created: boolean }> {
  const { context, actor, input, mode } = options;
  const owner = cartOwnerOf(actor);
  const created = await context.db.transaction(async (tx) => {
    const cart = await lockCartForCheckout({ db: tx, owner });
    if (!cart || cart.itemCount === 0) throw AppError.conflict(CHECKOUT_MESSAGES.cartEmpty);
    await reopenCart({ db: tx, order: cart });
    if (mode === "update" && !cart.hasAddresses) throw AppError.conflict(CHECKOUT_MESSAGES.addressesMissing);
    const billing = input.billingSameAsShipping || !input.billingAddress ? input.shippingAddress : input.billingAddress;
    await upsertOrderAddresses({ db: tx, orderId: cart.id, shipping: input.shippingAddress, billing });
    await updateCartCheckout({
      db: tx,
      orderId: cart.id,
      changes: { email: input.email, billingSameAsShipping: input.billingSameAsShipping },
    });
    return !cart.hasAddresses;
  });
  return { cart: await getShoppingCart({ context, actor }), created };
}
