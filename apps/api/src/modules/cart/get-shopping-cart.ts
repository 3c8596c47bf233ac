import type { ShoppingCartResponse } from "@threadfolk/contract/cart";
import type { TaxEstimate } from "@threadfolk/contract/tax-constants";
import type { TaxEstimator } from "../../adapters/tax/tax.ts";
import type { AppContext } from "../../context.ts";
import type { Actor } from "../../lib/authorize.ts";
import { createImageUrlSigner } from "../discovery/image-urls.ts";
import { computeLineAmounts } from "./compute-cart-totals.ts";
import { type PricedCart, presentShoppingCart, priceCart } from "./presenters.ts";
import { cartOwnerOf, type FoundCart, findCart } from "./queries.ts";

/**
 * The sales tax of a priced cart for its shipping address (spec section 9; issue 12): each line as charged
 * and the shipping option in force. With no shipping address the estimator answers zero, labelled so.
 */
export function estimateCartTax(options: {
  tax: TaxEstimator;
  cart: FoundCart | undefined;
  priced: PricedCart;
}): Promise<TaxEstimate> {
  const { tax, cart, priced } = options;
  const address = cart?.shippingAddress;
  return tax.estimate({
    currency: "usd",
    shipTo: address
      ? {
          address1: address.address1,
          address2: address.address2,
          city: address.city,
          state: address.state,
          zip: address.zip,
        }
      : null,
    lines: priced.lines.map((line, index) => {
      const amounts = computeLineAmounts(line);
      return {
        reference: String(cart?.lines[index]?.line.id ?? index),
        quantity: line.quantity,
        amountCents: amounts.totalCents,
        unitAmountCents: amounts.unitChargedCents,
      };
    }),
    shippingCents: priced.shippingCents,
  });
}

/** The caller's cart, priced by the catalogue now, shipped and taxed; a shopper who never added anything has an empty cart. */
export async function getShoppingCart(options: {
  context: Pick<AppContext, "db" | "config" | "tax">;
  actor: Actor;
}): Promise<ShoppingCartResponse> {
  const { context, actor } = options;
  const { db } = context;
  const [cart, images] = await Promise.all([
    findCart({ db, owner: cartOwnerOf(actor) }),
    createImageUrlSigner({ db, config: context.config }),
  ]);
  const priced = priceCart(cart);
  const estimate = await estimateCartTax({ tax: context.tax, cart, priced });
  return presentShoppingCart({
    cart,
    priced,
    tax: { cents: estimate.totalTaxCents, label: estimate.label },
    images,
  });
}
