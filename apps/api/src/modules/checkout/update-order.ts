import type { ShoppingCartResponse } from "@threadfolk/contract/cart";
import { CHECKOUT_MESSAGES, type UpdateOrderInput } from "@threadfolk/contract/checkout";
import { ORDER_MESSAGES } from "@threadfolk/contract/orders";
import { checkPromoCode, PROMO_CODE_MESSAGES } from "@threadfolk/contract/promo-codes";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Actor } from "../../lib/authorize.ts";
import { computeCartTotals } from "../cart/compute-cart-totals.ts";
import { getShoppingCart, personKeyOf, presentCartReply } from "../cart/get-shopping-cart.ts";
import { priceCart } from "../cart/presenters.ts";
import { type CartOwner, cartOwnerOf, type Executor, findCart } from "../cart/queries.ts";
import { findPromoCode } from "../cart/quote-cart.ts";
import { quoteShippingOptions } from "../cart/shipping-costs.ts";
import { lockCartForCheckout, setCheckoutChoices, updateCartCheckout } from "./queries.ts";

const PROMO_FIELD = "order.promo_code";

function promoError(message: string): AppError {
  return new AppError("validation_failed", message, [{ field: PROMO_FIELD, message }]);
}

/**
 * Whether `code` exists and may be used on the caller's cart as it is now (its dates, limits, the cart's
 * subtotal, a gift card's balance): a 422 naming the field and saying why, shown under the code field.
 */
async function checkPromoCodeFor(options: { db: Executor; owner: CartOwner; actor: Actor; code: string }) {
  const { db, owner, actor, code } = options;
  const cart = await findCart({ db, owner });
  // Once per person: a customer, or a guest's e-mail (not their token; decision 053).
  const found = await findPromoCode({ db, code, payerKey: personKeyOf(actor, cart?.order.email ?? null) });
  if (!found) throw promoError(PROMO_CODE_MESSAGES.unknown);
  const items = computeCartTotals({ lines: priceCart(cart).lines }).totalBeforeTaxCents;
  const check = checkPromoCode(found.rule, {
    now: new Date(),
    itemsCents: items,
    payerRedemptions: found.payerRedemptions,
  });
  if (!check.ok) throw promoError(check.message);
}

/**
 * `PUT /orders` (no id: the caller's cart): chooses the shipping option and/or sets the e-mail, or applies a code.
 * A key the cart is not offered (an option priced at zero is hidden) is a 422 naming the field; an empty cart a
 * 409, and so is a cart whose payment is running.
 *
 * The option and the e-mail take two round trips (decision 051): the cart is read and the key checked against its
 * quotes, then one statement writes them while the cart is still open and unpaid; the reply is that cart with the
 * change applied. A code is checked under the cart's lock (applyPromoCode).
 */
export async function updateOrder(options: {
  context: Pick<AppContext, "db" | "config" | "tax">;
  actor: Actor;
  input: UpdateOrderInput;
}): Promise<ShoppingCartResponse> {
  const { context, actor, input } = options;
  if (input.promoCode !== undefined) return applyPromoCode(options);
  const cart = await findCart({ db: context.db, owner: cartOwnerOf(actor) });
  if (!cart || cart.lines.length === 0) throw AppError.conflict(CHECKOUT_MESSAGES.cartEmpty);
  const key = input.selectedShippingServiceKey;
  if (key !== undefined && priceCart(cart).quotes[key] === null) throw shippingServiceNotOffered();
  const written = await setCheckoutChoices({
    db: context.db,
    orderId: cart.order.id,
    ...(input.email !== undefined ? { email: input.email } : {}),
    ...(key !== undefined ? { selectedShippingServiceKey: key } : {}),
  });
  // Paid for, or being paid, since it was read.
  if (!written) throw AppError.conflict(ORDER_MESSAGES.cartLockedForPayment);
  const order = {
    ...cart.order,
    ...(input.email !== undefined ? { email: input.email } : {}),
    ...(key !== undefined ? { selectedShippingServiceKey: key } : {}),
  };
  return presentCartReply({ context, actor, cart: { ...cart, order } });
}

function shippingServiceNotOffered(): AppError {
  return new AppError("validation_failed", "The request body is invalid", [
    { field: "order.selected_shipping_service_key", message: CHECKOUT_MESSAGES.shippingServiceNotOffered },
  ]);
}

/** A code (or its removal, with the option and e-mail sent beside it), in one transaction on the locked cart. */
async function applyPromoCode(options: {
  context: Pick<AppContext, "db" | "config" | "tax">;
  actor: Actor;
  input: UpdateOrderInput;
}): Promise<ShoppingCartResponse> {
  const { context, actor, input } = options;
  const owner = cartOwnerOf(actor);
  await context.db.transaction(async (tx) => {
    const cart = await lockCartForCheckout({ db: tx, owner });
    if (!cart || cart.itemCount === 0) throw AppError.conflict(CHECKOUT_MESSAGES.cartEmpty);
    const key = input.selectedShippingServiceKey;
    if (key !== undefined) {
      const quotes = quoteShippingOptions(cart.shippingRates, cart.itemCount);
      if (quotes[key] === null) throw shippingServiceNotOffered();
    }
    let promoCode: string | null | undefined;
    if (input.promoCode !== undefined) {
      promoCode = input.promoCode === null || input.promoCode === "" ? null : input.promoCode;
      if (promoCode !== null) await checkPromoCodeFor({ db: tx, owner, actor, code: promoCode });
    }
    await updateCartCheckout({
      db: tx,
      orderId: cart.id,
      changes: {
        ...(promoCode !== undefined ? { promoCode } : {}),
        ...(input.email !== undefined ? { email: input.email } : {}),
        ...(input.selectedShippingServiceKey !== undefined
          ? { selectedShippingServiceKey: input.selectedShippingServiceKey }
          : {}),
      },
    });
  });
  return getShoppingCart({ context, actor });
}
