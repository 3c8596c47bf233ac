import {
  CART_MESSAGES,
  type CartLineResponse,
  MAX_LINE_QUANTITY,
  type UpdateCartLineInput,
} from "@threadfolk/contract/cart";
import type { AppContext } from "../../context.ts";
import { type Actor, authorize } from "../../lib/authorize.ts";
import { createImageUrlSigner } from "../discovery/image-urls.ts";
import { cartValidationError, checkLineChoice } from "./check-line-choice.ts";
import { cartPolicies } from "./policies.ts";
import { presentPricedCartLine } from "./presenters.ts";
import {
  countOrderItems,
  deleteLine,
  findCartVariant,
  findLineForChange,
  findLineQuantity,
  updateLine,
} from "./queries.ts";

const FIELDS = {
  id: "order_line_item.id",
  variant: "order_line_item",
  size: "order_line_item.size",
  color: "order_line_item.color",
  quantity: "order_line_item.quantity",
};

/**
 * Changes a line of the caller's cart: its quantity (set, not added), and optionally its size or colour.
 * Moving a line onto a size and colour the cart already holds folds the other line into this one (the
 * quantities add up, at most 10), so the id the client holds stays valid. One transaction under the cart's lock.
 */
export async function updateCartLine(options: {
  context: Pick<AppContext, "db" | "config">;
  actor: Actor;
  lineId: number;
  input: UpdateCartLineInput;
}): Promise<CartLineResponse> {
  const { context, actor, lineId, input } = options;
  const { db } = context;
  if (input.id !== undefined && input.id !== lineId) {
    throw cartValidationError([{ field: FIELDS.id, message: CART_MESSAGES.lineIdMismatch }]);
  }
  const change = db.transaction(async (tx) => {
    const line = await findLineForChange({ db: tx, lineId });
    authorize(actor, cartPolicies.updateLine, line);
    const size = input.size ?? line.size;
    const color = input.color ?? line.color;
    const variant = checkLineChoice({
      choice: await findCartVariant({ db: tx, variantId: line.variantId, choice: { size, color } }),
      size,
      color,
      fields: FIELDS,
    });
    let quantity = input.quantity ?? line.quantity;
    if (size !== line.size || color !== line.color) {
      const other = await findLineQuantity({ db: tx, orderId: line.orderId, variantId: line.variantId, size, color });
      if (other) {
        if (quantity + other.quantity > MAX_LINE_QUANTITY) {
          throw cartValidationError([
            { field: FIELDS.quantity, message: CART_MESSAGES.lineQuantityOverCap(other.quantity) },
          ]);
        }
        quantity += other.quantity;
        // Deleted first: the unique (order, variant, size, colour) index must never see two such lines.
        await deleteLine({ db: tx, lineId: other.id });
      }
    }
    const updated = await updateLine({ db: tx, lineId, size, color, quantity });
    const shoppingCartCount = await countOrderItems({ db: tx, orderId: line.orderId });
    return { variant, line: { ...updated, size, color }, shoppingCartCount };
  });
  const [result, images] = await Promise.all([change, createImageUrlSigner({ db, config: context.config })]);
  return {
    data: presentPricedCartLine({ ...result.variant, line: result.line }, images),
    shoppingCartCount: result.shoppingCartCount,
  };
}
