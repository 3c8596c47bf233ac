import type { ShoppingCartResponse } from "@threadfolk/contract/cart";
import { CHECKOUT_MESSAGES, type UpdateOrderInput } from "@threadfolk/contract/checkout";
import { checkPromoCode, PROMO_CODE_MESSAGES } from "@threadfolk/contract/promo-codes";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Actor } from "../../lib/authorize.ts";
import { computeCartTotals } from "../cart/compute-cart-totals.ts";
import { getShoppingCart, payerKeyOf } from "../cart/get-shopping-cart.ts";
import { priceCart } from "../cart/presenters.ts";
import { type CartOwner, cartOwnerOf, type Executor, findCart, reopenCart } from "../cart/queries.ts";
import { findPromoCode } from "../cart/quote-cart.ts";
import { quoteShippingOptions } from "../cart/shipping-costs.ts";
import { lockCartForCheckout, updateCartCheckout } from "./queries.ts";

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
  const [found, cart] = await Promise.all([
    findPromoCode({ db, code, payerKey: payerKeyOf(actor) }),
    findCart({ db, owner }),
  ]);
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
