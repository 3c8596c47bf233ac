import type { ShoppingCartResponse } from "@threadfolk/contract/cart";
import type { AppContext } from "../../context.ts";
import type { Actor } from "../../lib/authorize.ts";
import { createImageUrlSigner } from "../discovery/image-urls.ts";
import { presentShoppingCart } from "./presenters.ts";
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
  return presentShoppingCart({ order: cart?.order, lines: cart?.lines ?? [], images });
}
