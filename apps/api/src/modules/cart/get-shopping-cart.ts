import type { ShoppingCartResponse } from "@threadfolk/contract/cart";
import { TAX_LABELS } from "@threadfolk/contract/checkout";
import type { AppContext } from "../../context.ts";
import type { Actor } from "../../lib/authorize.ts";
import { createImageUrlSigner } from "../discovery/image-urls.ts";
import { presentShoppingCart, priceCart } from "./presenters.ts";
import { cartOwnerOf, findCart } from "./queries.ts";

/** The caller's cart, priced by the catalogue now; a shopper who never added anything has an empty cart. */
export async function getShoppingCart(options: {
  context: Pick<AppContext, "db" | "config">;
  actor: Actor;
}): Promise<ShoppingCartResponse> {
  const { context, actor } = options;
  const { db } = context;
  const [cart, images] = await Promise.all([
    findCart({ db, owner: cartOwnerOf(actor) }),
    createImageUrlSigner({ db, config: context.config }),
  ]);
  const priced = priceCart(cart);
  return presentShoppingCart({ cart, priced, tax: { cents: 0, label: TAX_LABELS.noAddress }, images });
}
