import type { DeleteCartLineResponse } from "@threadfolk/contract/cart";
import type { Database } from "../../db/client.ts";
import { type Actor, authorize } from "../../lib/authorize.ts";
import { cartPolicies } from "./policies.ts";
import { countOrderItems, deleteLine, findLineForChange } from "./queries.ts";

/** Removes a line from the caller's cart and answers the new item count (spec section 4: cart removal). */
export async function deleteCartLine(options: {
  db: Database;
  actor: Actor;
  lineId: number;
}): Promise<DeleteCartLineResponse> {
  const { db, actor, lineId } = options;
  return db.transaction(async (tx) => {
    const line = await findLineForChange({ db: tx, lineId });
    authorize(actor, cartPolicies.deleteLine, line);
    await deleteLine({ db: tx, lineId });
    return { shoppingCartCount: await countOrderItems({ db: tx, orderId: line.orderId }) };
  });
}
