import { type AddCartLineInput, CART_MESSAGES, type CartLineResponse } from "@threadfolk/contract/cart";
import type { AppContext } from "../../context.ts";
import type { Actor } from "../../lib/authorize.ts";
import { createImageUrlSigner } from "../discovery/image-urls.ts";
import { cartValidationError, checkLineChoice } from "./check-line-choice.ts";
import { generateOrderNumber, retryOnOrderNumberCollision } from "./order-number.ts";
import { presentPricedCartLine } from "./presenters.ts";
import { type AddedLine, addLineToCart, cartOwnerOf } from "./queries.ts";

/** How many times a placed order is reopened for an add before the add gives up (409). */

const FIELDS = {
  variant: "order_line_item.seller_design_product_variant_id",
  size: "order_line_item.size",
  color: "order_line_item.color",
  quantity: "order_line_item.quantity",
  line: "order_line_item",
};

/**
 * Adds a variant in a size and colour to the caller's cart (created on the first add): a new line, or more
 * units on the line that already holds it. One round trip (addLineToCart: the variant and the checks of the choice
 * read, the cart locked, then the line written; decision 051). Over the limits it changes nothing and answers a
 * 422: a line holds at most 10 units (the request is refused, not capped: the shopper sees why) and a cart at most
 * 50 lines; so does a choice the catalogue does not offer. A placed, unpaid order is reopened first (its quote
 * void); while its payment runs, 409.
 */
export async function addCartLine(options: {
  context: Pick<AppContext, "db" | "config">;
  actor: Actor;
  input: AddCartLineInput;
}): Promise<CartLineResponse> {
  const { context, actor, input } = options;
  const { db } = context;
  const owner = cartOwnerOf(actor);
  const request = {
    variantId: input.sellerDesignProductVariantId,
    size: input.size,
    color: input.color,
    quantity: input.quantity,
  };
  const add = async () => {
    const added = await addLineToCart({ db, owner, orderNumber: null, ...request });
    if (added?.added.outcome !== "no_cart") return added;
    // The first add of a cart: drawn only now, a new number (again if another order has it).
    return retryOnOrderNumberCollision(() =>
      addLineToCart({ db, owner, orderNumber: generateOrderNumber(), ...request }),
    );
  };
  const [result, images] = await Promise.all([add(), createImageUrlSigner({ db, config: context.config })]);
  const variant = checkLineChoice({ choice: result?.choice, size: input.size, color: input.color, fields: FIELDS });
  const added: AddedLine = result ? result.added : { outcome: "refused" };
  switch (added.outcome) {
    case "added": {
      const row = { ...variant, line: { ...added.line, size: input.size, color: input.color } };
      return { data: presentPricedCartLine(row, images), shoppingCartCount: added.cartCount };
    }
    case "line_full":
      throw cartValidationError([
        { field: FIELDS.quantity, message: CART_MESSAGES.lineQuantityOverCap(added.quantity) },
      ]);
    default:
      throw cartValidationError([{ field: FIELDS.line, message: CART_MESSAGES.tooManyLines }]);
  }
}
