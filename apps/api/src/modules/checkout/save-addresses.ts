import type { ShoppingCartResponse } from "@threadfolk/contract/cart";
import { type AddressesInput, CHECKOUT_MESSAGES } from "@threadfolk/contract/checkout";
import { ORDER_MESSAGES } from "@threadfolk/contract/orders";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Actor } from "../../lib/authorize.ts";
import { presentCartReply } from "../cart/get-shopping-cart.ts";
import { cartOwnerOf, findCart } from "../cart/queries.ts";
import { saveCheckoutAddresses } from "./queries.ts";

/**
 * Saves the shipping and billing address and the e-mail on the caller's cart (spec section 4's address flow).
 * `create` (POST) saves them whether or not the cart had some, so a repeated submit is harmless and answers
 * `created: false`; `update` (PUT) needs them to exist. Billing is a copy of shipping when the shopper said they
 * are the same. An empty cart has nothing to ship: 409; nor may a cart change while a payment of it runs: 409.
 *
 * Two round trips (decision 051): the cart is read and the request checked against it, then one statement writes
 * the addresses and the e-mail, only while the cart is still open and unpaid; the reply is that cart with the
 * change applied, priced and taxed for the new address.
 */
export async function saveAddresses(options: {
  context: Pick<AppContext, "db" | "config" | "tax">;
  actor: Actor;
  input: AddressesInput;
  mode: "create" | "update";
}): Promise<{ cart: ShoppingCartResponse; created: boolean }> {
  const { context, actor, input, mode } = options;
  const cart = await findCart({ db: context.db, owner: cartOwnerOf(actor) });
  if (!cart || cart.lines.length === 0) throw AppError.conflict(CHECKOUT_MESSAGES.cartEmpty);
  const created = !cart.shippingAddress;
  if (mode === "update" && created) throw AppError.conflict(CHECKOUT_MESSAGES.addressesMissing);
  const billing = input.billingSameAsShipping || !input.billingAddress ? input.shippingAddress : input.billingAddress;
  const saved = await saveCheckoutAddresses({
    db: context.db,
    orderId: cart.order.id,
    email: input.email,
    billingSameAsShipping: input.billingSameAsShipping,
    shipping: input.shippingAddress,
    billing,
  });
  // Paid for, or being paid, since it was read.
  if (!saved) throw AppError.conflict(ORDER_MESSAGES.cartLockedForPayment);
  const changed = {
    ...cart,
    order: { ...cart.order, email: input.email, billingSameAsShipping: input.billingSameAsShipping },
    shippingAddress: { ...input.shippingAddress, id: saved.shippingId },
    billingAddress: { ...billing, id: saved.billingId },
  };
  return { cart: await presentCartReply({ context, actor, cart: changed }), created };
}
