import type { ShoppingCartResponse } from "@threadfolk/contract/cart";
import type { AppContext } from "../../context.ts";
import type { Actor } from "../../lib/authorize.ts";
import { createImageUrlSigner, type ImageUrlSigner } from "../discovery/image-urls.ts";
import { presentShoppingCart, priceCart } from "./presenters.ts";
import { cartOwnerOf, type FoundCart, findCart, findUnavailableCartLines } from "./queries.ts";
import { findPromoCode, quoteCart } from "./quote-cart.ts";

/** Who pays, for a code's per-customer limit and the payment's decline limit: the customer, or the guest. */
export function payerKeyOf(actor: Actor): string {
  return actor.kind === "user" ? `user:${actor.userId}` : `guest:${actor.guestId}`;
}

/**
 * Who a one-time code's use counts against (decision 053): a customer by their account, a guest by the order's
 * e-mail (a new guest token is not a new person); a guest who gave no e-mail yet by their token.
 */
export function personKeyOf(actor: Actor, email: string | null): string {
  if (actor.kind === "user") return `user:${actor.userId}`;
  return email ? `email:${email.trim().toLowerCase()}` : `guest:${actor.guestId}`;
}

/**
 * The caller's cart, priced by the catalogue now, with its code's discount, shipped and taxed (quoteCart); a
 * shopper who never added anything has an empty cart.
 */
export async function getShoppingCart(options: {
  context: Pick<AppContext, "db" | "config" | "tax">;
  actor: Actor;
}): Promise<ShoppingCartResponse> {
  const { context, actor } = options;
  const [cart, images] = await Promise.all([
    findCart({ db: context.db, owner: cartOwnerOf(actor) }),
    createImageUrlSigner({ db: context.db, config: context.config }),
  ]);
  return presentCartReply({ context, actor, cart, images });
}

/**
 * A cart already read (findCart, perhaps with the caller's own change applied to it) priced, taxed and presented
 * as `GET /shopping_cart` answers it.
 */
export async function presentCartReply(options: {
  context: Pick<AppContext, "db" | "config" | "tax">;
  actor: Actor;
  cart: FoundCart | undefined;
  images?: ImageUrlSigner;
}): Promise<ShoppingCartResponse> {
  const { context, actor, cart } = options;
  const { db } = context;
  const images = options.images ?? (await createImageUrlSigner({ db, config: context.config }));
  const priced = priceCart(cart);
  const code = cart?.order.promoCode;
  const promo = code
    ? await findPromoCode({ db, code, payerKey: personKeyOf(actor, cart?.order.email ?? null) })
    : undefined;
  const quote = await quoteCart({ tax: context.tax, cart, priced, promo });
  const unavailable = await findUnavailableCartLines({ db, lineIds: cart?.unavailableLineIds ?? [] });
  return presentShoppingCart({ cart, priced, quote, images, unavailable });
}
