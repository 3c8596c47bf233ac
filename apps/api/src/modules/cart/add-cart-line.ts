import { type AddCartLineInput, CART_MESSAGES, type CartLineResponse } from "@threadfolk/contract/cart";
import { ORDER_MESSAGES } from "@threadfolk/contract/orders";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Actor } from "../../lib/authorize.ts";
import { createImageUrlSigner } from "../discovery/image-urls.ts";
import { cartValidationError, checkLineChoice } from "./check-line-choice.ts";
import { generateOrderNumber, retryOnOrderNumberCollision } from "./order-number.ts";
import { presentPricedCartLine } from "./presenters.ts";
import { cartOwnerOf, findCartVariant, findLineQuantity, upsertCart, upsertCartLine } from "./queries.ts";

const FIELDS = {
  variant: "order_line_item.seller_design_product_variant_id",
  size: "order_line_item.size",
  color: "order_line_item.color",
  quantity: "order_line_item.quantity",
  line: "order_line_item",
};

/**
 * Adds a variant in a size and colour to the caller's cart (created on the first add): a new line, or more
 * units on the line that already holds it. Atomic: one transaction that locks the cart row (upsertCart) and
 * one INSERT … ON CONFLICT for the line. Over the limits it changes nothing and answers a 422: a line holds at
 * most 10 units (the request is refused, not capped: the shopper sees why) and a cart at most 50 lines.
 */
export async function addCartLine(options: {
  context: Pick<AppContext, "db" | "config">;
  actor: Actor;
  input: AddCartLineInput;
}): Promise<CartLineResponse> {
  const { context, actor, input } = options;
  const { db } = context;
  const owner = cartOwnerOf(actor);
  const [found, images] = await Promise.all([
    findCartVariant({ db, variantId: input.sellerDesignProductVariantId }),
    createImageUrlSigner({ db, config: context.config }),
  ]);
  const variant = checkLineChoice({ variant: found, size: input.size, color: input.color, fields: FIELDS });
  const line = await retryOnOrderNumberCollision(() =>
    db.transaction(async (tx) => {
      const cart = await upsertCart({ db: tx, owner, orderNumber: generateOrderNumber() });
      if (!cart) throw AppError.conflict(ORDER_MESSAGES.cartLockedForPayment);
      const upserted = await upsertCartLine({
        db: tx,
        orderId: cart.id,
        variantId: variant.variant.id,
        size: input.size,
        color: input.color,
        quantity: input.quantity,
      });
      if (upserted) return upserted;
      // Nothing written: find out which limit refused it (only on this rare path).
      const existing = await findLineQuantity({
        db: tx,
        orderId: cart.id,
        variantId: variant.variant.id,
        size: input.size,
        color: input.color,
      });
      throw existing
        ? cartValidationError([
            { field: FIELDS.quantity, message: CART_MESSAGES.lineQuantityOverCap(existing.quantity) },
          ])
        : cartValidationError([{ field: FIELDS.line, message: CART_MESSAGES.tooManyLines }]);
    }),
  );
  const row = {
    ...variant,
    line: { id: line.id, uuid: line.uuid, size: input.size, color: input.color, quantity: line.quantity },
  };
  return { data: presentPricedCartLine(row, images), shoppingCartCount: line.cartCount };
}
