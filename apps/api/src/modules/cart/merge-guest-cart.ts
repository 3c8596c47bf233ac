import { MAX_CART_LINES } from "@threadfolk/contract/cart";
import type { Database } from "../../db/client.ts";
import { retryOnDeadlock } from "../../lib/database-errors.ts";
import { generateOrderNumber, retryOnOrderNumberCollision } from "./order-number.ts";
import {
  addLinesCapped,
  deleteOrder,
  findOrderLines,
  lockGuestCart,
  type StoredLine,
  upsertCart,
  voidOrdersOfMergedCart,
} from "./queries.ts";

const lineKey = (line: StoredLine) => `${line.variantId}|${line.size}|${line.color}`;

/**
 * The guest lines that go into the customer's cart: every line the customer already has (quantities are
 * added, capped at 10 by addLinesCapped), then new lines oldest first while the cart has room for them
 * (MAX_CART_LINES); the customer's own lines are never pushed out.
 */
export function chooseLinesToMerge(options: {
  customerLines: readonly StoredLine[];
  guestLines: readonly StoredLine[];
}): StoredLine[] {
  const held = new Set(options.customerLines.map(lineKey));
  let room = MAX_CART_LINES - held.size;
  return options.guestLines.filter((line) => {
    if (held.has(lineKey(line))) return true;
    if (room <= 0) return false;
    room -= 1;
    return true;
  });
}

/**
 * Moves the cart of the guest a visitor was into their customer cart when they sign in (the sign-in flow
 * calls it, modules/auth/sign-in.ts): one transaction that locks the guest cart, adds its lines to the
 * customer's cart (same line: quantities added, capped at 10) and deletes it. The guest cart is gone
 * afterwards, so the guest token no longer reaches it and a replayed or concurrent sign-in with the same
 * guest finds nothing to merge: it happens once. Answers how many guest lines were merged.
 */
export async function mergeGuestCart(options: { db: Database; guestId: string; userId: string }): Promise<number> {
  const { db, guestId, userId } = options;
  return retryOnOrderNumberCollision(() =>
    retryOnDeadlock(() =>
      db.transaction(async (tx) => {
        const guestCart = await lockGuestCart({ db: tx, guestId });
        // A guest cart whose order is being paid right now is left alone: its payment finishes it (issue 13).
        if (!guestCart || guestCart.orderBeingPaid) return 0;
        const guestCartId = guestCart.id;
        const guestLines = await findOrderLines({ db: tx, orderId: guestCartId });
        let merged = 0;
        if (guestLines.length > 0) {
          const cart = await upsertCart({ db: tx, owner: { userId }, orderNumber: generateOrderNumber() });
          if (!cart) throw new Error("the customer's cart could not be opened");
          const customerLines = await findOrderLines({ db: tx, orderId: cart.id });
          const lines = chooseLinesToMerge({ customerLines, guestLines });
          await addLinesCapped({ db: tx, orderId: cart.id, lines });
          merged = lines.length;
        }
        // The guest's unpaid order of these lines is void: it can never be paid after its lines moved.
        await voidOrdersOfMergedCart({ db: tx, cartId: guestCartId, userId });
        await deleteOrder({ db: tx, orderId: guestCartId });
        return merged;
      }),
    ),
  );
}
